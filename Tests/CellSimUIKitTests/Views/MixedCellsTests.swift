import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

// iOS code as written for a device: a feed whose every fifth row is a banner, with its own
// cell class and reuse identifier.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// The cells prepared for reuse since the data source was last asked for a cell.
@MainActor var preparedSinceAsked: [ObjectIdentifier] = []

/// A banner row's cell.
final class BannerCell: UITableViewCell {
  override func prepareForReuse() {
    super.prepareForReuse()
    preparedSinceAsked.append(ObjectIdentifier(self))
  }
}

/// A photo cell that remembers its URL and says when it is prepared for reuse.
final class TellingPhotoCell: UITableViewCell {
  var representedURL: URL?
  override func prepareForReuse() {
    super.prepareForReuse()
    imageView?.image = nil
    representedURL = nil
    preparedSinceAsked.append(ObjectIdentifier(self))
  }
}

/// Photo rows and banner rows. UIKit calls `prepareForReuse()` on the very cell
/// `dequeueReusableCell` is about to return, so every cell prepared while a row is asked for must
/// be the one dequeued for it.
final class MixedFeedViewController: UITableViewController {
  var photoURLs: [URL] = []
  /// Rows asked for that dequeued a cell prepared for them, and cells prepared for another row.
  var preparedRight = 0
  var preparedWrong = 0

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    photoURLs.count
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(TellingPhotoCell.self, forCellReuseIdentifier: "photo")
    tableView.register(BannerCell.self, forCellReuseIdentifier: "banner")
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell: UITableViewCell
    if indexPath.row % 5 == 4 {
      cell = tableView.dequeueReusableCell(withIdentifier: "banner", for: indexPath)
      cell.textLabel?.text = "Sponsored"
    } else {
      let photo =
        tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
        as! TellingPhotoCell
      let url = photoURLs[indexPath.row]
      photo.representedURL = url
      DispatchQueue.global().async {
        guard let data = try? Data(contentsOf: url) else { return }
        DispatchQueue.main.async {
          guard photo.representedURL == url else { return }
          photo.imageView?.image = UIImage(data: data)
        }
      }
      cell = photo
    }
    for prepared in preparedSinceAsked {
      if prepared == ObjectIdentifier(cell) { preparedRight += 1 } else { preparedWrong += 1 }
    }
    preparedSinceAsked.removeAll()
    return cell
  }
}

@Suite("Cells of several reuse identifiers are prepared for reuse when they are dequeued")
struct MixedCellsTests {
  @Test("prepareForReuse reaches the cell dequeued for the row, of whichever identifier")
  @MainActor func mixedIdentifiers() throws {
    let yaml = """
      cellsim: 1
      name: "hosted: a feed of photos and banners"
      seed: 5
      table: {rows: 200}
      images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
      network: {latency: {min: "40ms", max: "300ms"}}
      events:
        - {at: "1s", fling: {velocity: 3000}}
        - {at: "4s", fling: {velocity: -3000}}
      run_until: "7s"
      invariants: [no_cross_cell_image]
      """
    let scenario = try Scenario(yaml: yaml, fixturesRoot: Repository.fixtures)
    let made = Box<MixedFeedViewController?>(nil)
    let screen = HostedScreen(
      makeViewController: { () -> MixedFeedViewController in
        let controller = MixedFeedViewController()
        made.value = controller
        return controller
      }, rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let controller = try #require(made.value)
    #expect(controller.preparedRight > 20)
    #expect(controller.preparedWrong == 0)
  }
}

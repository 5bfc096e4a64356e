import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A feed cell as apps write it: a symbol icon laid out before the photo (a "verified" mark, a
/// camera glyph), then the photo loaded from the network.
final class IconPhotoCell: UITableViewCell {
  let icon = UIImageView(image: UIImage(systemName: "camera"))
  let photo = UIImageView()
  var url: URL?

  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    contentView.addSubview(icon)
    contentView.addSubview(photo)
  }

  required init?(coder: NSCoder) { nil }

  override func prepareForReuse() {
    super.prepareForReuse()
    photo.image = nil
  }
}

/// The classic bug behind an icon: the completion sets the photo on whatever row the cell shows.
class IconFeedViewController: UITableViewController {
  var photoURLs: [URL] = []
  var checksURL: Bool { false }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(IconPhotoCell.self, forCellReuseIdentifier: "feed")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    photoURLs.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "feed", for: indexPath) as! IconPhotoCell
    let url = photoURLs[indexPath.row]
    cell.url = url
    let checks = checksURL
    URLSession.shared.dataTask(with: url) { data, _, _ in
      guard let data else { return }
      DispatchQueue.main.async {
        if checks, cell.url != url { return }
        cell.photo.image = UIImage(data: data)
      }
    }.resume()
    return cell
  }
}

/// The fix: the cell must still show the URL.
final class CheckedIconFeedViewController: IconFeedViewController {
  override var checksURL: Bool { true }
}

@Suite("The oracle judges a cell's photo even when an icon comes before it")
struct IconAndPhotoTests {
  static func run<Controller: IconFeedViewController>(_ make: @escaping @MainActor () -> Controller)
    throws -> RunResult
  {
    let scenario = try Scenario(
      contentsOf: Repository.url("Scenarios/invariants/no_cross_cell_image.yaml"),
      fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      makeViewController: make, rows: { controller, urls in controller.photoURLs = urls })
    return try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
  }

  @Test("the bug behind the icon breaks no_cross_cell_image")
  func bugIsSeen() throws {
    let result = try Self.run { IconFeedViewController() }
    #expect(result.violations.violated.contains(.noCrossCellImage), "\(result.violations)")
  }

  @Test("the fix passes: every row ends showing its own photo")
  func fixPasses() throws {
    let result = try Self.run { CheckedIconFeedViewController() }
    #expect(result.violations.isEmpty, "\(result.violations)")
  }
}

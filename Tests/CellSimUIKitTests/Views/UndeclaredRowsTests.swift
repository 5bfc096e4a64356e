import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A grid whose snapshot is applied only when the screen has appeared, as apps that load their
/// list first write it: the first layout finds no items.
final class LateSnapshotGridViewController: UICollectionViewController {
  var photoURLs: [URL] = []
  var dataSource: UICollectionViewDiffableDataSource<Int, URL>!

  init() { super.init(collectionViewLayout: UICollectionViewFlowLayout()) }
  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    let registration = UICollectionView.CellRegistration<AlbumCell, URL> { cell, _, url in
      cell.representedURL = url
      cell.imageView.image = nil
      URLSession.shared.dataTask(with: url) { data, _, _ in
        guard let data else { return }
        DispatchQueue.main.async {
          guard cell.representedURL == url else { return }
          cell.imageView.image = UIImage(data: data)
        }
      }.resume()
    }
    dataSource = UICollectionViewDiffableDataSource<Int, URL>(collectionView: collectionView) {
      collectionView, indexPath, url in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: url)
    }
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    var snapshot = NSDiffableDataSourceSnapshot<Int, URL>()
    snapshot.appendSections([0])
    snapshot.appendItems(photoURLs)
    dataSource.apply(snapshot, animatingDifferences: true)
  }
}

/// A table that shows only the first forty photos, whatever the model holds, and prefetches.
final class FirstFortyViewController: CheckedPhotosViewController, UITableViewDataSourcePrefetching
{
  var prefetched: [IndexPath] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.prefetchDataSource = self
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    min(photoURLs.count, 40)
  }

  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
    prefetched += indexPaths
  }
}

@Suite("Rows the data source does not declare are never asked for")
struct UndeclaredRowsTests {
  static let yaml = """
    cellsim: 1
    name: "hosted: rows the data source declares late, or never"
    seed: 4
    table: {rows: 60, columns: 3, row_height: 120, prefetching: true}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    network: {latency: {min: "40ms", max: "300ms"}}
    events:
      - {at: "1s", fling: {velocity: 2500}}
    run_until: "6s"
    invariants: [no_cross_cell_image, eventually_loaded]
    """

  @Test("a snapshot applied after the first layout: the rows start blank, then load")
  func lateSnapshot() throws {
    let scenario = try Scenario(yaml: Self.yaml, fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      makeViewController: { LateSnapshotGridViewController() },
      rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(
      scenario, screen: screen, fixturesRoot: Repository.fixtures, keepTrace: true)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let trace = try #require(result.traceText)
    #expect(trace.contains("uikit.undeclared_row"))
    #expect(trace.contains("image.decode"))
  }

  @Test("rows past the data source's count never come on screen, nor are asked for or prefetched")
  func fewerRows() throws {
    let scenario = try Scenario(yaml: Self.yaml, fixturesRoot: Repository.fixtures)
    let holder = Holder<FirstFortyViewController>()
    let screen = HostedScreen(
      makeViewController: { () -> FirstFortyViewController in
        let controller = FirstFortyViewController()
        holder.value = controller
        return controller
      },
      rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(
      scenario, screen: screen, fixturesRoot: Repository.fixtures, keepTrace: true)
    // The fling stops where the fortieth photo's line ends, as UIKit sizes the content from
    // the count; the two places left on that line stay empty.
    #expect(result.violations.isEmpty, "\(result.violations)")
    let trace = try #require(result.traceText)
    #expect(trace.contains("table.scroll_limit content_height=1680.0 rows=40"))
    #expect(!trace.contains("uikit.undeclared_row"))
    let controller = try #require(holder.value)
    #expect(!controller.prefetched.isEmpty)
    #expect(controller.prefetched.allSatisfy { $0.row < 40 }, "\(controller.prefetched)")
  }
}

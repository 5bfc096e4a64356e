import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A screen whose model the scenario's row URLs fill.
@MainActor protocol PhotoListing: AnyObject {
  var photoURLs: [URL] { get set }
}

extension DailyPhotosViewController: PhotoListing {}
extension HeaderedAlbumGridViewController: PhotoListing {}

/// The day-photos table with a tall table header view, set as apps set one.
class HeaderedDailyPhotosViewController: DailyPhotosViewController {
  var headerHeight: CGFloat = 0
  /// Runs once the table appeared (bound to the run, its sections counted).
  var probe: (@MainActor (UITableView) -> Void)?

  /// The first row's top, once the table appeared.
  var firstRowTop: CGFloat?

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    firstRowTop = tableView.rectForRow(at: IndexPath(row: 0, section: 0)).minY
    probe?(tableView)
    probed = probe != nil
  }

  /// Whether the probe ran.
  var probed = false

  override func viewDidLoad() {
    super.viewDidLoad()
    guard headerHeight > 0 else { return }
    tableView.tableHeaderView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: headerHeight))
  }
}

/// The album grid with a flow layout's headers and section insets.
class HeaderedAlbumGridViewController: UICollectionViewController {
  var photoURLs: [URL] = []
  var contentHeight: CGFloat?

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    contentHeight = collectionView.contentSize.height
  }

  init() {
    let layout = UICollectionViewFlowLayout()
    layout.headerReferenceSize = CGSize(width: 0, height: 50)
    layout.sectionInset = UIEdgeInsets(top: 10, left: 0, bottom: 10, right: 0)
    super.init(collectionViewLayout: layout)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(AlbumCell.self, forCellWithReuseIdentifier: "album")
  }

  override func numberOfSections(in collectionView: UICollectionView) -> Int {
    (photoURLs.count + 3) / 4
  }

  override func collectionView(
    _ collectionView: UICollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    min(4, photoURLs.count - section * 4)
  }

  override func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    let cell =
      collectionView.dequeueReusableCell(withReuseIdentifier: "album", for: indexPath)
      as! AlbumCell
    let url = photoURLs[indexPath.section * 4 + indexPath.item]
    cell.representedURL = url
    cell.imageView.image = nil
    DispatchQueue.global().async {
      guard let data = try? Data(contentsOf: url) else { return }
      DispatchQueue.main.async {
        guard cell.representedURL == url else { return }
        cell.imageView.image = UIImage(data: data)
      }
    }
    return cell
  }
}

@Suite("Section headers and footers take their room")
struct SectionSpacingTests {
  static func run<Controller: UIViewController & PhotoListing>(
    _ yaml: String, _ make: @escaping @MainActor () -> Controller
  ) throws -> (RunResult, Controller) {
    let scenario = try Scenario(yaml: yaml, fixturesRoot: Repository.fixtures)
    let holder = Holder<Controller>()
    let screen = HostedScreen(
      makeViewController: { () -> Controller in
        let controller = make()
        holder.value = controller
        return controller
      },
      rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    return (result, try #require(holder.value))
  }

  static let still = """
    cellsim: 1
    name: "hosted: sections at rest"
    seed: 3
    table: {rows: 40}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    run_until: "1s"
    invariants: [no_cross_cell_image]
    """

  @Test("titled sections: each header takes the title height above its rows")
  @MainActor func titledSections() throws {
    let (result, controller) = try Self.run(Self.still) {
      Self.headered(0, probe: Self.checkTitled)
    }
    #expect(controller.probed)
    #expect(result.violations.isEmpty, "\(result.violations)")
  }

  @MainActor static func checkTitled(_ table: UITableView) {
    let title = UITableView.titleHeaderHeight
    let perDay = CGFloat(DailyPhotosViewController.perDay)
    // 40 rows of 88 points in five sections of seven and one of five, each under a title.
    #expect(table.contentSize.height == 40 * 88 + 6 * title)
    #expect(
      table.rectForHeader(inSection: 1)
        == CGRect(x: 0, y: title + perDay * 88, width: table.frame.width, height: title))
    let row = table.rectForRow(at: IndexPath(row: 2, section: 1))
    #expect(row.minY == 2 * title + (perDay + 2) * 88 && row.height == 88)
    #expect(
      table.indexPathForRow(at: CGPoint(x: 10, y: row.midY)) == IndexPath(row: 2, section: 1))
    #expect(table.indexPathForRow(at: CGPoint(x: 10, y: title + perDay * 88 + 1)) == nil)
    let section2 = table.rect(forSection: 2)
    #expect(section2.height == title + perDay * 88)
    #expect(
      table.indexPathsForRows(in: section2) == (0..<7).map { IndexPath(row: $0, section: 2) })
    #expect(table.rect(forSection: 9) == .zero)
  }

  @MainActor static func headered(
    _ height: CGFloat, probe: (@MainActor (UITableView) -> Void)? = nil
  ) -> HeaderedDailyPhotosViewController {
    let controller = HeaderedDailyPhotosViewController()
    controller.headerHeight = height
    controller.probe = probe
    return controller
  }

  @Test("a table header view taller than the screen keeps every row off it")
  @MainActor func tallTableHeader() throws {
    let (_, plain) = try Self.run(Self.still) { HeaderedDailyPhotosViewController() }
    #expect(!plain.configured.isEmpty)
    let (_, headered) = try Self.run(Self.still) { Self.headered(5_000) }
    #expect(headered.configured.isEmpty, "\(headered.configured)")
    let firstRow = try #require(headered.firstRowTop)
    #expect(firstRow == CGFloat(5_000) + UITableView.titleHeaderHeight)
  }

  /// A grid of 24 items in three columns, flung.
  static let grid = """
    cellsim: 1
    name: "hosted: a grid of sections with headers"
    seed: 4
    table: {rows: 24, columns: 3, row_height: 100}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    events:
      - {at: "300ms", fling: {velocity: 2000}}
    run_until: "4s"
    invariants: [no_cross_cell_image, eventually_loaded]
    """

  @Test("a flow layout's headers and insets frame each section, which starts a new line")
  @MainActor func flowSections() throws {
    let (result, controller) = try Self.run(Self.grid) { HeaderedAlbumGridViewController() }
    #expect(result.violations.isEmpty, "\(result.violations)")
    // Six sections of four items: a header of 50, insets of 10, two lines of 100 each.
    #expect(controller.contentHeight == CGFloat(6 * (50 + 10 + 200 + 10)))
  }
}

import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A full-screen photo pager as apps write one: its collection view pages (`isPagingEnabled`)
/// and it loads the page it lands on in `scrollViewDidEndDecelerating`.
final class LandingPagerController: UIViewController, UICollectionViewDataSource,
  UICollectionViewDelegateFlowLayout
{
  var urls: [URL] = []
  var images: [Int: UIImage] = [:]
  var paging = true
  var collectionView: UICollectionView!

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView = UICollectionView(
      frame: view.bounds, collectionViewLayout: UICollectionViewFlowLayout())
    collectionView.isPagingEnabled = paging
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "page")
    view.addSubview(collectionView)
    load(page: 0)
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  { urls.count }

  func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "page", for: indexPath)
    let photo = cell.contentView.subviews.first as? UIImageView ?? UIImageView()
    if photo.superview == nil { cell.contentView.addSubview(photo) }
    photo.image = images[indexPath.item]
    return cell
  }

  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    load(page: Int((scrollView.contentOffset.y / scrollView.bounds.height).rounded()))
  }

  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    if !decelerate { scrollViewDidEndDecelerating(scrollView) }
  }

  func load(page: Int) {
    guard urls.indices.contains(page), images[page] == nil else { return }
    URLSession.shared.dataTask(with: urls[page]) { [weak self] data, _, _ in
      guard let data, let image = UIImage(data: data) else { return }
      DispatchQueue.main.async {
        self?.images[page] = image
        let cell = self?.collectionView.cellForItem(at: IndexPath(item: page, section: 0))
        (cell?.contentView.subviews.first as? UIImageView)?.image = image
      }
    }.resume()
  }
}

@Suite("A paging scroll view settles on page boundaries, as UIScrollView's paging does")
struct HostedPagingTests {
  static let yaml = """
    cellsim: 1
    name: "page-height rows: two swipes, then a flick"
    seed: 7
    device: iphone-se
    table: {rows: 40, row_height: 667, image_size: {width: 375, height: 667}}
    images:
      url: "https://img.test/{id}.png"
      fixtures: ["photos/*.png"]
    network: {latency: {min: "100ms", max: "900ms"}}
    events:
      - {at: "500ms", drag: {by: 667, over: "250ms"}}
      - {at: "750ms", lift: {}}
      - {at: "1500ms", drag: {by: 300, over: "250ms"}}
      - {at: "1750ms", lift: {}}
      - {at: "2500ms", fling: {velocity: 4000}}
    run_until: "8s"
    invariants: [eventually_loaded]
    """

  static func run(paging: Bool) throws -> RunResult {
    let scenario = try Scenario(yaml: yaml, fixturesRoot: Repository.fixtures)
    return try UIKitHost.run(
      scenario,
      screen: HostedScreen(
        name: "pager",
        makeViewController: { () -> LandingPagerController in
          let controller = LandingPagerController()
          controller.paging = paging
          return controller
        },
        rows: { controller, urls in controller.urls = urls }),
      fixturesRoot: Repository.fixtures, keepTrace: true)
  }

  @Test("a flick moves one page and a short drag springs back: the landed page is the one shown")
  func pagingSettles() throws {
    let result = try Self.run(paging: true)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let rests = (result.traceText ?? "").split(separator: "\n")
      .filter { $0.contains("table.scroll state=idle") }
    #expect(rests.map { $0.split(separator: "=").last ?? "" } == ["667.0", "667.0", "1334.0"])
  }

  @Test("without paging the same gestures rest between pages, and the half-shown page stays blank")
  func freeScrollingRestsBetweenPages() throws {
    let result = try Self.run(paging: false)
    #expect(result.violations.violated.contains(.eventuallyLoaded), "\(result.violations)")
  }
}

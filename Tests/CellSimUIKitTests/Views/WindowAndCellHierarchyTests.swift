import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A cell that finds its table through its superview when the data arrives, as Kingfisher-style
/// helpers do, and cancels its download when it leaves the window.
final class WindowAwarePhotoCell: UITableViewCell {
  var task: URLSessionDataTask?
  var windowMoves: [Bool] = []

  override func didMoveToWindow() {
    super.didMoveToWindow()
    windowMoves.append(window != nil)
    if window == nil {
      task?.cancel()
      task = nil
    }
  }

  func load(_ url: URL, row: Int) {
    task?.cancel()
    task = URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
      guard let data else { return }
      DispatchQueue.main.async {
        guard let self, let table = self.superview as? UITableView,
          table.indexPath(for: self)?.row == row
        else { return }
        self.imageView?.image = UIImage(data: data)
      }
    }
    task?.resume()
  }
}

/// A table whose cells look themselves up through their superview, and which checks, at each
/// display callback, where UIKit puts the cell.
final class WindowAwareViewController: UITableViewController {
  var photoURLs: [URL] = []
  /// Each mismatch with UIKit's placement, described.
  var mismatches: [String] = []
  var displayed = 0
  var ended = 0
  var appearedInWindow = false

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    appearedInWindow =
      view.window != nil && tableView.window === view.window
      && UIApplication.shared.keyWindow === view.window
      && UIApplication.shared.windows.count == 1 && view.window?.isKeyWindow == true
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(WindowAwarePhotoCell.self, forCellReuseIdentifier: "photo")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    photoURLs.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
      as! WindowAwarePhotoCell
    cell.imageView?.image = nil
    cell.load(photoURLs[indexPath.row], row: indexPath.row)
    return cell
  }

  override func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {
    displayed += 1
    if cell.superview !== tableView { mismatches.append("row \(indexPath.row): not a subview") }
    if cell.window == nil || cell.window !== tableView.window {
      mismatches.append("row \(indexPath.row): not in the table's window")
    }
    let rect = tableView.rectForRow(at: indexPath)
    if cell.frame != rect { mismatches.append("row \(indexPath.row): frame \(cell.frame)") }
    if cell.convert(CGPoint(x: 1, y: 2), to: tableView) != CGPoint(x: 1, y: 2 + rect.minY) {
      mismatches.append("row \(indexPath.row): a point converts to the wrong place")
    }
  }

  override func tableView(
    _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
    forRowAt indexPath: IndexPath
  ) {
    ended += 1
    if cell.superview != nil || cell.window != nil {
      mismatches.append("row \(indexPath.row): still in the table after it ended")
    }
  }
}

/// Records the window callbacks in order.
final class WindowLogView: UIView {
  let name: String
  let log: Log
  init(_ name: String, log: Log) {
    self.name = name
    self.log = log
    super.init(frame: .zero)
  }
  required init?(coder: NSCoder) { nil }
  override func willMove(toWindow newWindow: UIWindow?) {
    log.add("\(name) will \(newWindow == nil ? "leave" : "enter")")
  }
  override func didMoveToWindow() { log.add("\(name) did \(window == nil ? "leave" : "enter")") }
}

@Suite("Views are in a window; a table's displayed cells are its subviews at their rows")
struct WindowAndCellHierarchyTests {
  @Test("window is the nearest UIWindow; moving in and out of it calls back parents first")
  @MainActor func windowCallbacks() {
    let log = Log()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let parent = WindowLogView("parent", log: log)
    let child = WindowLogView("child", log: log)
    parent.addSubview(child)
    #expect(child.window == nil && window.window === window)
    window.addSubview(parent)
    #expect(child.window === window)
    let other = UIView()
    other.addSubview(child)
    #expect(child.window == nil)
    parent.addSubview(child)
    parent.removeFromSuperview()
    #expect(parent.window == nil && child.window == nil)
    #expect(
      log.lines.map { $0.replacingOccurrences(of: " @-1", with: "") } == [
        "parent will enter", "child will enter", "parent did enter", "child did enter",
        "child will leave", "child did leave", "child will enter", "child did enter",
        "parent will leave", "child will leave", "parent did leave", "child did leave",
      ])
  }

  @Test("cells are the table's subviews at their rows while displayed, and leave its window after")
  func hostedCells() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: "hosted: cells that find their table through their superview"
        seed: 9
        table: {rows: 80, row_height: 88}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: {min: "40ms", max: "400ms"}}
        events:
          - {at: "1s", fling: {velocity: 3000}}
          - {at: "3s", fling: {velocity: -1500}}
        run_until: "7s"
        invariants: [no_cross_cell_image, eventually_loaded]
        """, fixturesRoot: Repository.fixtures)
    let holder = Holder<WindowAwareViewController>()
    let screen = HostedScreen(
      makeViewController: { () -> WindowAwareViewController in
        let controller = WindowAwareViewController()
        holder.value = controller
        return controller
      },
      rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(
      scenario, screen: screen, fixturesRoot: Repository.fixtures, keepTrace: true)
    // The completion finds the cell's table through its superview: before cells were the
    // table's subviews it found none, and no row ever loaded.
    #expect(result.violations.isEmpty, "\(result.violations)")
    let controller = try #require(holder.value)
    let trace = try #require(result.traceText)
    // A cell that left the screen cancelled its download in `didMoveToWindow()`.
    #expect(trace.contains("net.cancel"))
    // The run is over: nothing else touches the controller (the test is not on the main actor).
    let (mismatches, displayed, ended, inWindow) = onMainActor {
      (
        controller.mismatches, controller.displayed, controller.ended,
        controller.appearedInWindow
      )
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    #expect(displayed > 20 && ended > 10 && inWindow)
  }
}

/// A feed that loads its next page when the scroll nears the end of its content, as paging
/// tutorials write it in `scrollViewDidScroll(_:)`.
final class PagingFeedViewController: UIViewController, UITableViewDataSource,
  UITableViewDelegate
{
  var photoURLs: [URL] = []
  let tableView = UITableView(frame: .zero, style: .plain)
  var pageRequests: [Int] = []
  var sizes: [CGSize] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    // Pinned to the view's edges by constraints, which the layer does not solve: the frame stays
    // zero as set, as on a device until the first layout pass.
    tableView.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(tableView)
    tableView.dataSource = self
    tableView.delegate = self
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    photoURLs.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
  }

  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    let offsetY = scrollView.contentOffset.y
    let contentHeight = scrollView.contentSize.height
    sizes.append(CGSize(width: scrollView.bounds.width, height: contentHeight))
    if offsetY > contentHeight - scrollView.frame.size.height * 2 {
      pageRequests.append(Int(offsetY))
    }
  }
}

@Suite("A bound table's geometry is the scenario's")
struct ScrollGeometryTests {
  @Test(
    "contentSize and the frame follow the rows and the screen, so paging asks only near the end")
  func pagingFeed() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: "hosted: a feed that pages near its end"
        seed: 3
        table: {rows: 200, row_height: 100}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        events:
          - {at: "1s", drag: {by: 3000, over: "1s"}}
          - {at: "3s", scroll_to: {row: 199, animated: true}}
        run_until: "5s"
        invariants: [no_cross_cell_image]
        """, fixturesRoot: Repository.fixtures)
    let holder = Holder<PagingFeedViewController>()
    let screen = HostedScreen(
      makeViewController: { () -> PagingFeedViewController in
        let controller = PagingFeedViewController()
        holder.value = controller
        return controller
      },
      rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let controller = try #require(holder.value)
    let (requests, sizes) = onMainActor { (controller.pageRequests, controller.sizes) }
    let screenSize = try #require(sizes.first)
    #expect(screenSize.height == 20_000 && screenSize.width > 300)
    // The drag stops 3,000 points into 20,000: no page; the scroll to the last row asks.
    #expect(!requests.isEmpty && requests.allSatisfy { $0 > 20_000 - 2 * 900 }, "\(requests)")
  }
}

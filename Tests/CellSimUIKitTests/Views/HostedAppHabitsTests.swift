import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A table screen whose cells load their row's image with `URLSession.shared` and set it after
/// checking the row; `ImageHabit` says what else the screen does, as real apps do.
final class HabitScreen: UITableViewController {
  enum ImageHabit { case imageView, backgroundView }
  /// The rows' URLs, as the host hands them.
  var urls: [URL] = []
  /// The rows the data source declares (all of `urls` unless the screen pages).
  var shown: Int?
  /// How many times the host handed the rows.
  var handed = 0
  /// Loaded images, by row: the state an app keeps beside its rows.
  var images: [Int: UIImage] = [:]
  var habit = ImageHabit.imageView
  /// Rows per page, for a screen that shows its rows a page at a time.
  var page: Int?
  /// Whether the model is filled in `viewWillAppear(_:)` (from `pending`), with no reload.
  var fillsOnAppear = false
  var pending: [URL] = []
  /// Whether the next page is asked for only at the bottom edge, when a fling ends there.
  var pagesAtBottom = false
  /// The farthest past the end of its own content a fling came to rest.
  var overshoot: CGFloat = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c")
    if let page { shown = page }
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    if fillsOnAppear { urls = pending }
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    shown ?? urls.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
    cell.imageView?.image = nil
    cell.backgroundView = nil
    if let image = images[indexPath.row] {
      show(image, in: cell)
      return cell
    }
    let row = indexPath.row
    URLSession.shared.dataTask(with: urls[row]) { data, _, _ in
      DispatchQueue.main.async {
        guard let data, let image = UIImage(data: data) else { return }
        self.images[row] = image
        // The classic refresh: the row is reloaded and shows the kept image.
        if self.habit == .imageView {
          tableView.reloadRows(at: [IndexPath(row: row, section: 0)], with: .none)
        } else if tableView.indexPath(for: cell)?.row == row {
          self.show(image, in: cell)
        }
      }
    }.resume()
    return cell
  }

  override func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {
    // An infinite feed: near the end of what it shows, the next page is appended.
    guard !pagesAtBottom, let page, let count = shown, indexPath.row == count - 5,
      count < urls.count
    else {
      return
    }
    DispatchQueue.main.async {
      let next = min(self.urls.count, count + page)
      self.shown = next
      tableView.insertRows(
        at: (count..<next).map { IndexPath(row: $0, section: 0) }, with: .automatic)
    }
  }

  // The bottom-edge pager many feeds write: only a fling that ends at the bottom asks for more.
  override func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    let bottom = scrollView.contentOffset.y + scrollView.frame.height
    overshoot = max(overshoot, bottom - scrollView.contentSize.height)
    guard pagesAtBottom, let page, let count = shown, count < urls.count else { return }
    guard bottom + 1 >= scrollView.contentSize.height - 120 else { return }
    let next = min(urls.count, count + page)
    shown = next
    tableView.insertRows(
      at: (count..<next).map { IndexPath(row: $0, section: 0) }, with: .automatic)
  }

  func show(_ image: UIImage, in cell: UITableViewCell) {
    switch habit {
    case .imageView: cell.imageView?.image = image
    case .backgroundView: cell.backgroundView = UIImageView(image: image)
    }
  }
}

@Suite("Hosting the habits of real screens: reloads, late models, pages, backgrounds")
struct HostedAppHabitsTests {
  static func scenario(rows: Int = 120, latency: String = "100ms", flings: Bool = true) throws
    -> Scenario
  {
    let events =
      flings
      ? """
        - {at: "300ms", fling: {velocity: 2500}}
        - {at: "2500ms", fling: {velocity: 2500}}
      """ : "  - {at: \"300ms\", drag: {by: 200, over: \"300ms\"}}"
    return try Scenario(
      yaml: """
        cellsim: 1
        name: "a screen's habits"
        seed: 5
        table: {rows: \(rows)}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: {min: "\(latency)", max: "\(latency)"}}
        events:
        \(events)
        run_until: "9s"
        invariants: [no_cross_cell_image, eventually_loaded]
        """, fixturesRoot: Repository.fixtures)
  }

  static func run(_ scenario: Scenario, _ configure: @escaping @MainActor (HabitScreen) -> Void)
    throws -> (RunResult, HabitScreen)
  {
    let holder = Holder<HabitScreen>()
    let screen = HostedScreen(
      makeViewController: { () -> HabitScreen in
        let controller = HabitScreen(style: .plain)
        configure(controller)
        holder.value = controller
        return controller
      },
      rows: { controller, urls in
        controller.handed += 1
        if controller.fillsOnAppear { controller.pending = urls } else { controller.urls = urls }
      })
    let result = try UIKitHost.run(
      scenario, screen: screen, fixturesRoot: Repository.fixtures, keepTrace: true)
    return (result, try #require(holder.value))
  }

  @Test("the app's own reloadRows leaves its model alone: the host hands the rows once")
  func ownReloadKeepsModel() throws {
    let (result, screen) = try Self.run(Self.scenario()) { _ in }
    #expect(screen.handed == 1)
    #expect(screen.images.count > 10)
    #expect(result.violations.isEmpty, "\(result.violations)")
    // The image arrives in a reloaded cell, at least a response's latency after the row was
    // displayed: the reload's swap of cells does not restart the row's clock.
    #expect(result.metric(.timeToImageP50Ms) >= 100)
  }

  @Test("a model filled in viewWillAppear, with no reloadData, is what the first layout shows")
  func modelFilledOnAppear() throws {
    let (result, screen) = try Self.run(Self.scenario()) { $0.fillsOnAppear = true }
    #expect(screen.urls.count == 120)
    #expect(result.metric(.decodes) > 10)
    #expect(result.violations.isEmpty, "\(result.violations)")
  }

  @Test("a feed's next page declares the scenario's next rows; it adds none")
  func pagesDeclareScenarioRows() throws {
    let (result, screen) = try Self.run(Self.scenario()) { $0.page = 20 }
    #expect((screen.shown ?? 0) > 40, "the flings reach later pages")
    let trace = try #require(result.traceText)
    #expect(!trace.contains("table.update op=insert"), "no row was added to the scenario's")
    #expect(result.violations.isEmpty, "\(result.violations)")
  }

  @Test("a fling stops where the declared rows end, so a bottom-edge pager gets its next page")
  func flingStopsAtDeclaredEnd() throws {
    let events = (0..<8).map { "  - {at: \"\(300 + $0 * 1000)ms\", fling: {velocity: 3000}}" }
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: "a bottom-edge pager"
        seed: 5
        table: {rows: 240}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: {min: "60ms", max: "60ms"}}
        events:
        \(events.joined(separator: "\n"))
        run_until: "10s"
        invariants: [no_cross_cell_image, eventually_loaded]
        """, fixturesRoot: Repository.fixtures)
    let (result, screen) = try Self.run(scenario) {
      $0.page = 20
      $0.pagesAtBottom = true
    }
    // Each fling comes to rest at the bottom of the rows declared so far, as on a device, and
    // the app's own bottom check asks for the next page.
    #expect((screen.shown ?? 0) >= 100, "pages: \(screen.shown ?? 0)")
    #expect(screen.overshoot <= 0.5, "rested \(screen.overshoot) pt past the app's content")
    let trace = try #require(result.traceText)
    #expect(trace.contains("table.scroll_limit"))
    #expect(!trace.contains("uikit.undeclared_row"), "no row past the count came on screen")
    #expect(result.violations.isEmpty, "\(result.violations)")
  }

  @Test("a cell's backgroundView shows its image, and the oracle judges it")
  func backgroundViewIsShown() throws {
    let (result, _) = try Self.run(Self.scenario(flings: false)) { $0.habit = .backgroundView }
    #expect(result.metric(.decodes) > 5)
    #expect(result.violations.isEmpty, "\(result.violations)")
  }

  @Test("a row whose request waits for the session's host limit is not judged unloaded")
  func sessionQueueIsOutstanding() throws {
    // Slow responses and no cancellation: after the flings, the visible rows' tasks wait in
    // URLSession's per-host queue behind the rows flung past, for longer than the invariant's
    // allowance. They are outstanding, as a transfer waiting for a connection is.
    let (result, _) = try Self.run(Self.scenario(latency: "1500ms")) { _ in }
    #expect(result.violations.count(.eventuallyLoaded) == 0, "\(result.violations)")
  }
}

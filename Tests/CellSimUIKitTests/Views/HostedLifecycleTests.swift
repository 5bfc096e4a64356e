import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A value the test reads after a hosted run.
final class Holder<Value>: @unchecked Sendable {
  var value: Value?
}

@Suite("Hosting: lifecycle, delegate callbacks and the scenario's data changes")
struct HostedLifecycleTests {
  static let yaml = """
    cellsim: 1
    name: "hosted: a drag, a fling and data changes"
    seed: 3
    table: {rows: 60, prefetching: true}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    network: {latency: {min: "40ms", max: "400ms"}}
    events:
      - {at: "300ms", drag: {by: 400, over: "200ms"}}
      - {at: "500ms", release: {velocity: 1500}}
      - {at: "3s", insert_rows: {at: 0, count: 2}}
      - {at: "3.5s", delete_rows: {at: 5, count: 1}}
      - {at: "4s", move_row: {from: 0, to: 3}}
      - {at: "4.5s", set_url: {row: 1, url: "https://img.test/x.png", fixture: "photos/coffee.png"}}
    run_until: "8s"
    invariants: [no_cross_cell_image, eventually_loaded]
    """

  @Test("the view controller's lifecycle, display, prefetch and scroll callbacks arrive in order")
  @MainActor func lifecycleAndCallbacks() throws {
    let scenario = try Scenario(yaml: Self.yaml, fixturesRoot: Repository.fixtures)
    let holder = Holder<RecordingViewController>()
    let screen = HostedScreen(
      makeViewController: { () -> RecordingViewController in
        let controller = RecordingViewController()
        holder.value = controller
        return controller
      },
      rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let controller = try #require(holder.value)
    do {
      #expect(
        Array(controller.events.prefix(3)) == [
          "viewDidLoad", "viewWillAppear", "viewDidAppear visible=true",
        ])
      #expect(controller.events.contains("willBeginDragging dragging=true"))
      #expect(controller.events.contains("didEndDragging decelerate=true"))
      #expect(controller.events.contains("didEndDecelerating decelerating=false"))
      #expect(controller.displayed > 0 && controller.ended > 0)
      #expect(controller.prefetched > 0)
      #expect(controller.scrolls > 0)
      // The model heard every data change: rows were handed again (60 + 2 − 1).
      #expect(controller.photoURLs.count == 61)
      #expect(controller.photoURLs[1].absoluteString == "https://img.test/x.png")
    }
  }

  @Test("a model that adopts HostedDataChanges hears each change as it is")
  @MainActor func dataChanges() throws {
    let scenario = try Scenario(yaml: Self.yaml, fixturesRoot: Repository.fixtures)
    let holder = Holder<ChangeRecordingController>()
    let screen = HostedScreen(
      makeViewController: { () -> ChangeRecordingController in
        let controller = ChangeRecordingController()
        holder.value = controller
        return controller
      },
      rows: { controller, urls in controller.photoURLs = urls })
    _ = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    let controller = try #require(holder.value)
    do {
      #expect(
        controller.heard == [
          .inserted(rows: 0..<2), .deleted(rows: 5..<6), .moved(from: 0, to: 3),
          .urlChanged(row: 1),
        ])
      #expect(controller.photoURLs.count == 61)
    }
  }

  @Test("disappear, appear and memory_warning events reach the view controller")
  @MainActor func appearanceEvents() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: "hosted: off screen and back, and a memory warning"
        table: {rows: 30}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        events:
          - {at: "1s", disappear: {}}
          - {at: "2s", appear: {}}
          - {at: "3s", memory_warning: {}}
        run_until: "4s"
        """, fixturesRoot: Repository.fixtures)
    let holder = Holder<RecordingViewController>()
    let screen = HostedScreen(
      makeViewController: { () -> RecordingViewController in
        let controller = RecordingViewController()
        holder.value = controller
        return controller
      },
      rows: { controller, urls in controller.photoURLs = urls })
    _ = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    let controller = try #require(holder.value)
    #expect(
      controller.events == [
        "viewDidLoad", "viewWillAppear", "viewDidAppear visible=true", "viewWillDisappear",
        "viewDidDisappear", "viewWillAppear", "viewDidAppear visible=true",
        "didReceiveMemoryWarning",
      ])
  }

  @Test("a controller with no table or collection view stops the run with a setup error")
  @MainActor func noList() throws {
    let scenario = try Scenario(yaml: Self.yaml, fixturesRoot: Repository.fixtures)
    final class SettingsViewController: UIViewController {
      override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(UILabel())
      }
    }
    let screen = HostedScreen(
      makeViewController: { SettingsViewController() }, rows: { _, _ in })
    #expect {
      try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    } throws: { error in
      guard case .setup(let message) = error as? RunError else { return false }
      return message.contains("SettingsViewController has no UITableView or UICollectionView")
    }
  }
}

/// A controller that applies the host's changes to its model itself.
final class ChangeRecordingController: CheckedPhotosViewController, HostedDataChanges {
  var heard: [HostedRowChange] = []

  func hostedRowsDidChange(_ change: HostedRowChange, urls: [URL]) {
    heard.append(change)
    photoURLs = urls
  }
}

extension HostedLifecycleTests {
  /// Runs the recording screen with `table` as the scenario's table line; `disable` turns the
  /// screen's `isPrefetchingEnabled` off in `viewDidLoad`'s wake. Returns the rows prefetched.
  @MainActor static func prefetched(table: String, disable: Bool = false) throws -> Int {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: "hosted: prefetching decided by the screen unless the file names it"
        seed: 3
        table: \(table)
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        events:
          - {at: "500ms", fling: {velocity: 2000}}
        run_until: "3s"
        """, fixturesRoot: Repository.fixtures)
    let holder = Holder<RecordingViewController>()
    let screen = HostedScreen(
      makeViewController: { () -> RecordingViewController in
        let controller = RecordingViewController()
        holder.value = controller
        return controller
      },
      rows: { controller, urls in
        controller.photoURLs = urls
        if disable {
          controller.loadViewIfNeeded()
          controller.tableView.isPrefetchingEnabled = false
        }
      })
    _ = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    return try #require(holder.value).prefetched
  }

  @Test("a screen with a prefetch data source is prefetched for unless the file says otherwise")
  @MainActor func prefetchingFollowsTheScreen() throws {
    // Unnamed in the file: the screen's prefetch data source is asked, as in UIKit.
    #expect(try Self.prefetched(table: "{rows: 60}") > 0)
    // Named: the file decides.
    #expect(try Self.prefetched(table: "{rows: 60, prefetching: false}") == 0)
    #expect(try Self.prefetched(table: "{rows: 60, prefetching: true}") > 0)
    // The screen turned it off: nothing, as in UIKit.
    #expect(try Self.prefetched(table: "{rows: 60}", disable: true) == 0)
  }
}

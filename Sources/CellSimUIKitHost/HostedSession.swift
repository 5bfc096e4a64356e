import CellSimUIKit
import Foundation
import SimPlatform
import SimTable
import SimThreads

/// One hosted run's view controller and the rows its model was given.
final class HostedSession {
  let screen: HostedScreen
  let adapter = UITableViewEngineAdapter()
  var viewController: UIViewController?
  /// The window the controller is the root of, as an app's scene delegate makes it.
  var window: UIWindow?
  /// The rows as the model last heard of them.
  var items: [TableItem] = []

  init(screen: HostedScreen) {
    self.screen = screen
    adapter.willAppear = { [unowned self] in willAppear($0) }
    adapter.didDisappear = { [unowned self] _ in didDisappear() }
    adapter.memoryWarning = { [unowned self] _ in
      guard let controller = viewController else { return }
      onMainActor { controller.didReceiveMemoryWarning() }
    }
    adapter.dataChanged = { [unowned self] in dataChanged($0, rowsChanged: $1) }
  }

  /// The engine is about to lay out: make the controller the first time, then the appearance.
  func willAppear(_ table: TableView) {
    if viewController == nil { makeController(table) }
    // Unbound: the controller had no list, and the run is stopping (`makeController`).
    guard let controller = viewController, let bound = adapter.view else { return }
    onMainActor {
      controller.viewWillAppear(false)
      // UIKit reads the counts at the first layout pass, after `viewWillAppear(_:)`: a model
      // filled there (with no `reloadData()`) is what the first layout shows.
      bound.engineRefreshSections()
      controller.viewIsAppearing(false)
      controller.engineLayoutPass(full: true)
    }
    adapter.supplementaryPhase()
    table.world.main.async(label: "viewDidAppear") {
      onMainActor { controller.viewDidAppear(false) }
    }
  }

  /// Makes the controller, hands it the rows, loads its view and binds its table or collection
  /// view. A controller with neither stops the run with a setup error naming it.
  func makeController(_ table: TableView) {
    items = table.model.items
    adapter.seenGeneration = table.modelGeneration
    AutomaticObservation.setTrackingEnabled(screen.observationTracking, in: table.world)
    let urls = Self.urls(items)
    let session = Unchecked(value: self)
    let found = onMainActor { () -> Unchecked<(any EngineFacade)?> in
      let screen = session.value.screen
      let controller = screen.make()
      session.value.viewController = controller
      screen.rows(controller, urls)
      controller.loadViewIfNeeded()
      // The screen is in a window the size of the device's screen, so its views have a
      // `window` while they are on screen (`UIView+Window.swift`).
      let window = UIWindow(frame: UIScreen.main.bounds)
      window.rootViewController = controller
      window.makeKeyAndVisible()
      session.value.window = window
      return Unchecked(value: Self.findTable(in: controller))
    }
    guard let tableView = found.value else {
      let name = viewController.map { String(describing: type(of: $0)) } ?? "?"
      table.world.abortRun(
        "UIKitHost: the view controller \(name) has no UITableView or UICollectionView "
          + "(neither its controller's nor one in its view hierarchy after viewDidLoad), so "
          + "there is nothing for the scenario's table to drive")
      return
    }
    adapter.bind(tableView, to: table)
    // Unless the scenario named `prefetching`, the screen decides, as in UIKit: a prefetch data
    // source set by now (in `viewDidLoad`, typically) with `isPrefetchingEnabled` on.
    let wants = onMainActor { tableView.engineWantsPrefetching }
    if wants { table.enablePrefetching() }
  }

  func didDisappear() {
    guard let controller = viewController else { return }
    onMainActor {
      controller.viewWillDisappear(false)
      controller.viewDidDisappear(false)
    }
  }

  func dataChanged(_ table: TableView, rowsChanged: Bool) {
    let now = table.model.items
    let change = rowsChanged ? Self.change(from: items, to: now) : .reloaded
    items = now
    guard let controller = viewController else { return }
    let urls = Self.urls(now)
    let screen = Unchecked(value: self.screen)
    onMainActor {
      let screen = screen.value
      if let changes = screen.changes {
        changes(controller, change, urls)
      } else if let model = controller as? HostedDataChanges {
        model.hostedRowsDidChange(change, urls: urls)
      } else {
        screen.rows(controller, urls)
      }
    }
  }

  /// The URLs of `items` (an item whose URL does not parse stands as `about:blank`).
  static func urls(_ items: [TableItem]) -> [URL] {
    items.map { URL(string: $0.url) ?? URL(string: "about:blank")! }
  }

  /// The table or collection view a controller shows: its controller's, else the first one in
  /// its view hierarchy (breadth first); a navigation controller's is its root's.
  @MainActor static func findTable(in controller: UIViewController) -> (any EngineFacade)? {
    if let navigation = controller as? UINavigationController,
      let root = navigation.viewControllers.first
    {
      return findTable(in: root)
    }
    if let table = (controller as? UITableViewController)?.tableView { return table }
    if let grid = (controller as? UICollectionViewController)?.collectionView { return grid }
    guard let view = controller.view else { return nil }
    var queue = [view]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      if let facade = next as? any EngineFacade { return facade }
      queue.append(contentsOf: next.subviews)
    }
    return nil
  }

  /// What turned `old` into `new`, by item ids and URLs.
  static func change(from old: [TableItem], to new: [TableItem]) -> HostedRowChange {
    let oldIDs = old.map(\.id)
    let newIDs = new.map(\.id)
    if oldIDs == newIDs {
      let changed = zip(old, new).enumerated().filter { $0.element.0.url != $0.element.1.url }
      if changed.isEmpty { return .replaced }
      return changed.count == 1 ? .urlChanged(row: changed[0].offset) : .replaced
    }
    let prefix = zip(oldIDs, newIDs).prefix { $0 == $1 }.count
    let suffix = zip(oldIDs.reversed(), newIDs.reversed()).prefix { $0 == $1 }.count
    if newIDs.count > oldIDs.count, prefix + suffix >= oldIDs.count {
      return .inserted(rows: prefix..<(prefix + newIDs.count - oldIDs.count))
    }
    if newIDs.count < oldIDs.count, prefix + suffix >= newIDs.count {
      return .deleted(rows: prefix..<(prefix + oldIDs.count - newIDs.count))
    }
    if newIDs.count == oldIDs.count {
      let last = oldIDs.count - 1 - suffix
      if prefix < last {
        if oldIDs[prefix] == newIDs[last] { return .moved(from: prefix, to: last) }
        if oldIDs[last] == newIDs[prefix] { return .moved(from: last, to: prefix) }
      }
    }
    return .replaced
  }
}

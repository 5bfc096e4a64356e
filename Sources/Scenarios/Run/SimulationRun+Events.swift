import ImageLoaders
import SimNetwork
import SimPlatform
import SimTable

extension SimulationRun {
  /// Applies one scenario event to the world. Table errors (a row that no longer exists) are
  /// reported as invalid events by the caller.
  func apply(_ action: Scenario.Action) throws {
    try applyToWorld(action)
    if action.changesData, let observer = loader.dataSource as? DataChangeObserver {
      observer.didChangeData(in: table)
    }
  }

  func applyToWorld(_ action: Scenario.Action) throws {
    switch action {
    case .drag(let distance, let duration): table.drag(by: distance, over: duration)
    case .release(let velocity): table.release(velocity: velocity)
    case .fling(let velocity): table.fling(velocity: velocity)
    case .touch: table.touch()
    case .lift: table.lift()
    case .scrollTo(let row, let animated):
      guard row >= 0 && row < table.numberOfRows else {
        throw TableError.rowOutOfRange(operation: "scroll_to", row: row, count: table.numberOfRows)
      }
      try table.scroll(toRow: row, animated: animated)
    case .statusBarTap: table.statusBarTap()
    case .reloadData:
      try table.reloadData()
      oracle.reloadBegan()
    case .reloadRows(let rows): try table.reloadRows(rows)
    case .reconfigureRows(let rows): try table.reconfigureRows(rows)
    case .insertRows(let row, let count):
      let inserted = try table.insertRows(at: row, count: count)
      for item in inserted {
        _ = try server.registerInserted(id: item.id)
        try setURL(item.url, ofItem: item.id)
      }
    case .deleteRows(let row, let count): try table.deleteRows(at: row, count: count)
    case .moveRow(let from, let to): try table.moveRow(from: from, to: to)
    case .setURL(let row, let url, let fixture):
      if let fixture {
        try server.requireInside(fixture, field: "fixture")
        try server.register(url: url, fixture: fixture)
      }
      guard let item = table.item(at: IndexPath(row: row, section: 0)) else {
        throw TableError.rowOutOfRange(operation: "set_url", row: row, count: table.numberOfRows)
      }
      try table.setURL(url, forRow: row)
      try setURL(url, ofItem: item.id)
    case .setImage(let row):
      let indexPath = IndexPath(row: row, section: 0)
      if let cell = table.cellForRow(at: indexPath),
        let observer = loader.dataSource as? ManualImageObserver
      {
        observer.willSetImageManually(cell, at: indexPath, in: table)
      }
      if try table.setManualImage(forRow: row), let cell = table.cellForRow(at: indexPath) {
        observed.observe(.manualImage(cell: cell, row: row))
      }
    case .memoryWarning: world.deliverMemoryWarning()
    case .disappear: table.disappear()
    case .appear: table.appear()
    case .releaseHeld(let pattern): network.release(match: pattern)
    case .offline(let duration): network.offline(for: duration)
    }
  }
}

extension Scenario.Action {
  /// Whether the event changes the app's data (the loader hears `didChangeData` after it).
  var changesData: Bool {
    switch self {
    case .reloadData, .reloadRows, .insertRows, .deleteRows, .moveRow, .setURL: return true
    default: return false
    }
  }

  /// Whether the event acts on the network script rather than on the app.
  var isNetworkEvent: Bool {
    switch self {
    case .releaseHeld, .offline: return true
    default: return false
    }
  }
}

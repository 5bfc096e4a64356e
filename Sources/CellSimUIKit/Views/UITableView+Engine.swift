import SimTable

/// `UITableView`'s side facing the engine: mutations applied to it, and the pairing of the app's
/// cells with the engine's (see `UITableViewCell`).
extension UITableView {
  /// Applies `change` to the engine now, or on the next main-thread turn if the engine is inside
  /// a callback; nothing before the engine is bound.
  func mutate(_ name: String, _ change: @escaping (TableView) throws -> Void) {
    guard let engine else { return }
    do {
      try change(engine)
    } catch TableError.mutationDuringLayout {
      let box = Unchecked(value: change)
      engine.world.main.async(label: "UITableView.\(name)") { [weak engine] in
        guard let engine else { return }
        do { try box.value(engine) } catch {
          preconditionFailure("UITableView.\(name): \(error)")
        }
      }
    } catch {
      preconditionFailure("UITableView.\(name): \(error)")
    }
  }

  // MARK: The engine's side

  /// Asks the data source for the cell of `backing` at `indexPath` and pairs the cell returned
  /// with it.
  func configure(_ backing: BackingCell, at indexPath: IndexPath) {
    guard let dataSource else { return }
    let previous = configuring
    configuring = backing
    defer { configuring = previous }
    backing.isConfiguring = true
    defer {
      backing.isConfiguring = false
      backing.reusePending = false
    }
    let cell = dataSource.tableView(self, cellForRowAt: indexPath)
    pair(cell, with: backing)
    cell.updateConfigurationIfNeeded()
  }

  /// Makes `cell` the UIKit cell `backing` shows, and sets what it shows.
  func pair(_ cell: UITableViewCell, with backing: BackingCell) {
    pairCell(cell, contentView: cell.contentView, identifier: cell.reuseIdentifier, with: backing)
  }
}

extension UIScrollView {
  /// Makes `cell` (a table or collection cell) the UIKit cell `backing` shows, sizes it to the
  /// engine's row, and sets what it shows.
  func pairCell(
    _ cell: UIView, contentView: UIView, identifier: String?, with backing: BackingCell
  ) {
    if let old = cell.pairedBacking, old !== backing, old.current === cell { old.current = nil }
    // A displayed row whose cell the data source replaced (another class or identifier): the
    // new cell takes the old one's place on the screen.
    if let replaced = backing.current, replaced !== cell, replaced.superview === self {
      replaced.removeFromSuperview()
      cell.frame.origin = replaced.frame.origin
      addSubview(cell)
    }
    cell.pairedBacking = backing
    backing.current = cell
    backing.cells[identifier ?? ""] = cell
    if let size = engineCellSize, cell.frame.size != size {
      cell.frame.size = size
      contentView.frame = CGRect(origin: .zero, size: size)
    }
    cell.syncBacking()
  }

  /// The size of one of the engine's cells: the screen's width over the scenario's columns, by
  /// its row height; nil before the host binds the view.
  var engineCellSize: CGSize? {
    guard let engine else { return nil }
    let columns = Double(max(1, engine.configuration.columns))
    return CGSize(
      width: engine.world.device.screenWidth / columns, height: engine.configuration.rowHeight)
  }
}

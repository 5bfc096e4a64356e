/// UIKit's `UITableViewDataSource`. `numberOfSections(in:)` and the titles are optional (defaults
/// in an extension, as there is no `@objc optional` on Linux).
///
/// A hosted table has one section whose rows are the scenario's: the SimTable table behind it
/// decides how many rows there are and which are visible, and asks `tableView(_:cellForRowAt:)`
/// for each cell it configures. Keep your model in step with the scenario's rows (the host hands
/// them to it); the row count you return is not consulted.
///
/// Swift's rule for protocol extensions applies: a method implemented only in a subclass of the
/// class that declares the conformance is not called (declare it where the conformance is, or
/// subclass `UITableViewController`, whose methods are all overridable).
@preconcurrency @MainActor public protocol UITableViewDataSource: AnyObject {
  /// The number of rows in `section`.
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  /// The cell for the row at `indexPath`: dequeue it with
  /// `dequeueReusableCell(withIdentifier:for:)` and configure it.
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  /// The number of sections (1 by default; a hosted table has one).
  func numberOfSections(in tableView: UITableView) -> Int
  /// A section's header title (nil by default; not shown).
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
}

extension UITableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }
  /// No title.
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }
}

/// UIKit's `UITableViewDelegate`, with the scroll callbacks of `UIScrollViewDelegate`; every
/// method is optional. `willDisplay` and `didEndDisplaying` come exactly when the SimTable table
/// sends them (the oracle hears the same ones).
@preconcurrency @MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {
  /// `cell` is about to appear at `indexPath`.
  func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
  /// `cell` left the screen; `indexPath` is where it was displayed.
  func tableView(
    _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
    forRowAt indexPath: IndexPath)
  /// The row's height (not consulted: the scenario's `row_height` lays the table out).
  func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  /// The row was selected (never called: there are no taps).
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
    forRowAt indexPath: IndexPath
  ) {}
  /// The table's `rowHeight`.
  public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.rowHeight
  }
  /// Does nothing.
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

/// UIKit's `UITableViewDataSourcePrefetching`: the rows about to enter, as the SimTable table's
/// prefetch window announces them (nearest first), and the rows that left it.
@preconcurrency @MainActor public protocol UITableViewDataSourcePrefetching: AnyObject {
  /// Rows that will soon be displayed.
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
  /// Rows no longer about to be displayed (optional).
  func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension UITableViewDataSourcePrefetching {
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
  ) {}
}

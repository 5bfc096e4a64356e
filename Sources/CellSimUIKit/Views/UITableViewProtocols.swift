/// UIKit's `UITableViewDataSource`. Every method but the row count and the cell is optional
/// (defaults in an extension, as there is no `@objc optional` on Linux).
///
/// A hosted table's rows are the scenario's: the SimTable table behind it decides how many rows
/// there are and which are visible, and asks `tableView(_:cellForRowAt:)` for each cell it
/// configures. Keep your model in step with the scenario's rows (the host hands them to it).
/// Your section count and each section's row count say how those rows are grouped (they fill
/// the sections in order; see `SectionMap`); they never add rows, and a row past them is never
/// asked for (it is shown blank; see `UndeclaredRows.swift`). Titles, editing and moving are
/// accepted, not used: no one swipes or taps, so the table never asks for them.
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
  /// The number of sections (1 by default).
  func numberOfSections(in tableView: UITableView) -> Int
  /// A section's header title (nil by default). A title gives an automatic header its room
  /// (`UITableView+Sections.swift`) and is shown by a plain header view when the delegate gives
  /// no view (`UITableView+SectionViews.swift`).
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
  /// A section's footer title (nil by default), as the header's.
  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
  /// Whether the row can be edited (true by default; never asked).
  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
  /// Commits a swipe's deletion or insertion (never called: no one swipes).
  func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath)
  /// Whether the row can be moved (false by default; never asked).
  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// Moves a row the user dragged (never called).
  func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
  /// The section index's titles (nil by default; kept, never shown).
  func sectionIndexTitles(for tableView: UITableView) -> [String]?
  /// The section a section index title jumps to (never asked: no one taps the index).
  func tableView(
    _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int
}

extension UITableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }
  /// No title.
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }
  /// No title.
  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    nil
  }
  /// Every row is editable, as in UIKit when the method is not implemented.
  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    true
  }
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}
  /// No row moves.
  public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    false
  }
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}

/// UIKit's `UITableViewDelegate`, with the scroll callbacks of `UIScrollViewDelegate`; every
/// method is optional. `willDisplay` and `didEndDisplaying` come exactly when the SimTable table
/// sends them (the oracle hears the same ones).
///
/// Section header and footer heights are asked when the table counts its sections: they give
/// the headers and footers their room (`UITableView+Sections.swift`). Accepted, not used: row
/// heights (the scenario's `row_height` lays the table out), header and footer views (a hosted
/// table shows none), and selection (there are no taps, so
/// `willSelectRowAt`, `didSelectRowAt` and `didDeselectRowAt` are never called; `selectRow` and
/// `deselectRow` on the table record the selection without calling them, as in UIKit).
@preconcurrency @MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {
  /// `cell` is about to appear at `indexPath`.
  func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
  /// `cell` left the screen; `indexPath` is where it was displayed.
  func tableView(
    _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
    forRowAt indexPath: IndexPath)
  /// The row's height (not consulted).
  func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  /// The row's estimated height (not consulted).
  func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> CGFloat
  /// A section's header view, asked when the header comes on screen (see
  /// `UITableView+SectionViews.swift`).
  func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
  /// A section's footer view, asked when the footer comes on screen.
  func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
  /// A header view is about to appear.
  func tableView(
    _ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)
  /// A footer view is about to appear.
  func tableView(
    _ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)
  /// A header view left the screen.
  func tableView(
    _ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int)
  /// A footer view left the screen.
  func tableView(
    _ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int)
  /// A section header's height: the room the header takes above the section's rows.
  func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
  /// A section footer's height: the room the footer takes below the section's rows.
  func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
  /// A section header's estimated height: its room when nothing gives an exact one (see
  /// `UITableView+Sections.swift`).
  func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int)
    -> CGFloat
  /// A section footer's estimated height, as the header's.
  func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int)
    -> CGFloat
  /// The row is about to be selected; nil refuses (never called).
  func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  /// The row was selected (never called: there are no taps).
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
  /// The row was deselected (never called).
  func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
  /// The row is about to be deselected; nil refuses (never called).
  func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath)
    -> IndexPath?
  /// The row's detail accessory button was tapped (never called).
  func tableView(
    _ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
  /// Whether the row may be highlighted (never asked: no one touches it).
  func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
  /// The row was highlighted (never called).
  func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
  /// The row's highlight ended (never called).
  func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
  /// The row's editing style (never asked: the table is not edited).
  func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath)
    -> UITableViewCell.EditingStyle
  /// The delete confirmation button's title (never asked).
  func tableView(
    _ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath
  ) -> String?
  /// The row actions a swipe shows, the API before iOS 11 (never asked: no one swipes).
  func tableView(_ tableView: UITableView, editActionsForRowAt indexPath: IndexPath)
    -> [UITableViewRowAction]?
  /// Whether the row is indented while editing (never asked).
  func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath)
    -> Bool
  /// A swipe began editing the row (never called).
  func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath)
  /// A swipe's editing ended (never called).
  func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?)
  /// Where a dragged row may go (never asked: no one drags).
  func tableView(
    _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath
  /// The row's indentation level (never asked).
  func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath)
    -> Int
  /// The actions a leading swipe shows (nil by default; never asked: no one swipes).
  func tableView(
    _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration?
  /// The actions a trailing swipe shows (nil by default; never asked).
  func tableView(
    _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration?
  /// The context menu a long press shows (nil by default; never asked: no one presses).
  func tableView(
    _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
    point: CGPoint
  ) -> UIContextMenuConfiguration?
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
  /// The table's `estimatedRowHeight`.
  public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> CGFloat
  { tableView.estimatedRowHeight }
  /// No view.
  public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
    nil
  }
  /// No view.
  public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
    nil
  }
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int
  ) {}
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int
  ) {}
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int
  ) {}
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int
  ) {}
  /// `UITableView.automaticDimension`.
  public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int)
    -> CGFloat
  { UITableView.automaticDimension }
  /// `UITableView.automaticDimension`.
  public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int)
    -> CGFloat
  { UITableView.automaticDimension }
  /// `UITableView.automaticDimension`: no estimate.
  public func tableView(
    _ tableView: UITableView, estimatedHeightForHeaderInSection section: Int
  ) -> CGFloat { UITableView.automaticDimension }
  /// `UITableView.automaticDimension`: no estimate.
  public func tableView(
    _ tableView: UITableView, estimatedHeightForFooterInSection section: Int
  ) -> CGFloat { UITableView.automaticDimension }
  /// The row itself.
  public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath)
    -> IndexPath?
  { indexPath }
  /// Does nothing.
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
  /// No actions.
  public func tableView(
    _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? { nil }
  /// No actions.
  public func tableView(
    _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? { nil }
  /// No menu.
  public func tableView(
    _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
    point: CGPoint
  ) -> UIContextMenuConfiguration? { nil }
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

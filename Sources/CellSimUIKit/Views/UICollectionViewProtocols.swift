import Synchronization

extension UICollectionView {
  /// `UICollectionView.CellRegistration`: a cell class and the handler that configures it.
  public struct CellRegistration<Cell: UICollectionViewCell, Item> {
    /// `(cell, indexPath, item)`.
    public typealias Handler = (Cell, IndexPath, Item) -> Void
    let handler: Handler
    let identifier: String
    /// The nib whose stand-in makes the cells (`init(cellNib:handler:)`); nil: `Cell` itself.
    let cellNib: UINib?

    /// A registration whose cells `handler` configures.
    public init(handler: @escaping Handler) {
      self.handler = handler
      self.identifier = "CellRegistration.\(Cell.self).\(RegistrationCounter.next())"
      self.cellNib = nil
    }

    /// `init(cellNib:handler:)`: cells made from `cellNib`, as `register(_:forCellWithReuseIdentifier:)`
    /// with a nib makes them (the nib's stand-in class: see `UINib`), configured by `handler`.
    public init(cellNib: UINib, handler: @escaping Handler) {
      self.handler = handler
      self.identifier = "CellRegistration.\(Cell.self).\(RegistrationCounter.next())"
      self.cellNib = cellNib
    }
  }
}

/// Numbers registrations, so that each has a reuse identifier of its own (never printed).
enum RegistrationCounter {
  static let count = Atomic<Int>(0)
  static func next() -> Int { count.add(1, ordering: .relaxed).newValue }
}

/// UIKit's `UICollectionViewDataSource`; `numberOfSections(in:)` is optional.
@preconcurrency @MainActor public protocol UICollectionViewDataSource: AnyObject {
  /// The number of items in `section`: with the section count, how the scenario's rows (the
  /// items) are grouped (see `SectionMap`).
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  /// The cell for the item at `indexPath`.
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  /// The number of sections (1 by default).
  func numberOfSections(in collectionView: UICollectionView) -> Int
  /// Whether the item can be moved (never asked: no one drags an item).
  func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  /// The item was moved by a drag (never called, as above).
  func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
  /// The supplementary view of `kind` at `indexPath`: asked for a vertical flow layout's
  /// headers and footers as they come on screen (`UICollectionView+SupplementaryDisplay.swift`).
  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
  /// No.
  public func collectionView(
    _ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath
  ) -> Bool { false }
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
  /// An empty view.
  public func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView { UICollectionReusableView(frame: .zero) }
}

/// UIKit's `UICollectionViewDelegate`; every method is optional. Selection is accepted, not
/// used: there are no taps, so `shouldSelectItemAt`, `didSelectItemAt` and `didDeselectItemAt`
/// are never called.
@preconcurrency @MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {
  /// `cell` is about to appear at `indexPath`.
  func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath)
  /// `cell` left the screen from `indexPath`.
  func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath)
  /// A supplementary view is about to appear.
  func collectionView(
    _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath)
  /// A supplementary view left the screen.
  func collectionView(
    _ collectionView: UICollectionView,
    didEndDisplayingSupplementaryView view: UICollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath)
  /// Whether the item may be selected (never asked).
  func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  /// The item was selected (never called).
  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
  /// The item was deselected (never called).
  func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
  /// Whether a tap may deselect the item (never asked: no one taps).
  func collectionView(
    _ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath
  ) -> Bool
  /// The content offset to use after a layout change (never asked: the layout does not change
  /// in a run).
  func collectionView(
    _ collectionView: UICollectionView,
    targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
  ) -> CGPoint
  /// Whether the item may be highlighted (never asked: no one touches it).
  func collectionView(
    _ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath
  ) -> Bool
  /// The item was highlighted (never called).
  func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
  /// The item's highlight ended (never called).
  func collectionView(
    _ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
  /// The item's context menu (never asked: no one long-presses it).
  func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
    point: CGPoint
  ) -> UIContextMenuConfiguration?
}

extension UICollectionViewDelegate {
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView,
    didEndDisplayingSupplementaryView view: UICollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {}
  /// Yes.
  public func collectionView(
    _ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool { true }
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
  ) {}
  /// Yes.
  public func collectionView(
    _ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath
  ) -> Bool { true }
  /// The proposed offset.
  public func collectionView(
    _ collectionView: UICollectionView,
    targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
  ) -> CGPoint { proposedContentOffset }
  /// Yes.
  public func collectionView(
    _ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath
  ) -> Bool { true }
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath
  ) {}
  /// No menu.
  public func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
    point: CGPoint
  ) -> UIContextMenuConfiguration? { nil }
}

/// UIKit's `UICollectionViewDataSourcePrefetching`.
@preconcurrency @MainActor public protocol UICollectionViewDataSourcePrefetching: AnyObject {
  /// Items that will soon be displayed.
  func collectionView(
    _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
  /// Items no longer about to be displayed (optional).
  func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension UICollectionViewDataSourcePrefetching {
  /// Does nothing.
  public func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {}
}

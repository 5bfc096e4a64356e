// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A table controller that overrides the optional methods Xcode's template and tutorials write.
final class EditableListController: UITableViewController {
  var rows = ["a", "b", "c"]
  var selected: [IndexPath] = []

  override func numberOfSections(in tableView: UITableView) -> Int { 1 }
  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    rows.count
  }
  override func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> CGFloat
  { 88 }
  override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  { 90 }
  override func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
  { UILabel() }
  override func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int)
    -> CGFloat
  { 44 }
  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
    -> String?
  { "Photos" }
  override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int)
    -> String?
  { "\(rows.count) photos" }
  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    selected.append(indexPath)
    tableView.deselectRow(at: indexPath, animated: true)
  }
  override func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
  override func tableView(
    _ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int
  ) {}
  override func tableView(
    _ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int
  ) {}
  override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    indexPath.row > 0
  }
  override func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    if editingStyle == .delete { rows.remove(at: indexPath.row) }
  }
  override func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {
    targetContentOffset.pointee.y = 0
  }
}

/// A grid controller that overrides selection and the scroll callbacks.
final class SelectableGridController: UICollectionViewController {
  var log: [String] = []
  override func collectionView(
    _ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath
  ) { log.append("select \(indexPath.item)") }
  override func collectionView(
    _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
  ) { log.append("deselect \(indexPath.item)") }
  override func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
  override func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
  override func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
  // A public screen's header fade-in: UICollectionViewController declares these, so a
  // subclass must override them.
  override func collectionView(
    _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) { log.append("header \(indexPath.section)") }
  override func collectionView(
    _ collectionView: UICollectionView,
    didEndDisplayingSupplementaryView view: UICollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) { log.append("header gone \(indexPath.section)") }
}

/// A diffable data source subclassed to allow swipe-to-delete, as UIKit's needs.
final class EditableDiffableSource: UITableViewDiffableDataSource<Int, String> {
  override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    true
  }
  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
    -> String?
  { "Photos" }
}

/// A plain conformer: the optional methods it leaves out answer UIKit's defaults.
final class PlainListSource: UITableViewDataSource, UITableViewDelegate {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    UITableViewCell(style: .default, reuseIdentifier: nil)
  }
}

@Suite("Optional data-source and delegate methods: overridable, with UIKit's defaults")
@MainActor struct OptionalDelegateMethodsTests {
  @Test("a table controller's overrides are the ones the table's data source and delegate answer")
  func tableControllerOverrides() throws {
    let controller = EditableListController(style: .plain)
    let table = try #require(controller.tableView)
    let source = try #require(table.dataSource)
    let delegate = try #require(table.delegate as? UITableViewDelegate)
    let first = IndexPath(row: 0, section: 0)
    #expect(delegate.tableView(table, estimatedHeightForRowAt: first) == 88)
    #expect(delegate.tableView(table, heightForHeaderInSection: 0) == 44)
    #expect(delegate.tableView(table, viewForHeaderInSection: 0) is UILabel)
    #expect(delegate.tableView(table, viewForFooterInSection: 0) == nil)
    #expect(delegate.tableView(table, willSelectRowAt: first) == first)
    #expect(source.tableView(table, titleForFooterInSection: 0) == "3 photos")
    #expect(!source.tableView(table, canEditRowAt: first))
    #expect(!source.tableView(table, canMoveRowAt: first))
    source.tableView(table, commit: .delete, forRowAt: IndexPath(row: 1, section: 0))
    #expect(controller.rows == ["a", "c"])
    var target = CGPoint(x: 0, y: 300)
    delegate.scrollViewWillEndDragging(table, withVelocity: .zero, targetContentOffset: &target)
    #expect(target.y == 0)
    #expect(delegate.scrollViewShouldScrollToTop(table))
  }

  @Test("selection is recorded by selectRow and deselectRow, without calling the delegate")
  func tableSelection() throws {
    let controller = EditableListController(style: .plain)
    let table = try #require(controller.tableView)
    #expect(table.indexPathForSelectedRow == nil && table.indexPathsForSelectedRows == nil)
    let second = IndexPath(row: 1, section: 0)
    table.selectRow(at: second, animated: false, scrollPosition: .none)
    #expect(table.indexPathForSelectedRow == second)
    table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
    table.allowsMultipleSelection = true
    table.selectRow(at: second, animated: false, scrollPosition: .none)
    #expect(table.indexPathsForSelectedRows?.count == 2)
    table.deselectRow(at: IndexPath(row: 2, section: 0), animated: true)
    #expect(table.indexPathsForSelectedRows == [second])
    controller.tableView(table, didSelectRowAt: second)
    #expect(table.indexPathForSelectedRow == nil)
    #expect(controller.selected == [second])
    table.selectRow(at: second, animated: false, scrollPosition: .none)
    table.selectRow(at: nil, animated: false, scrollPosition: .none)
    #expect(table.indexPathForSelectedRow == nil)
  }

  @Test("a plain conformer gets UIKit's defaults for the methods it leaves out")
  func conformerDefaults() {
    let table = UITableView(frame: .zero, style: .plain)
    table.estimatedRowHeight = 120
    let plain = PlainListSource()
    let first = IndexPath(row: 0, section: 0)
    #expect(plain.tableView(table, estimatedHeightForRowAt: first) == 120)
    #expect(plain.tableView(table, heightForFooterInSection: 0) == UITableView.automaticDimension)
    #expect(plain.tableView(table, titleForHeaderInSection: 0) == nil)
    #expect(plain.tableView(table, canEditRowAt: first))
    #expect(plain.numberOfSections(in: table) == 1)
  }

  @Test("a diffable data source's subclass overrides the optional methods UIKit's implements")
  func diffableOverrides() throws {
    let table = UITableView(frame: .zero, style: .plain)
    let source = EditableDiffableSource(tableView: table) { _, _, _ in nil }
    let answering = try #require(table.dataSource)
    #expect(answering === source)
    #expect(answering.tableView(table, canEditRowAt: IndexPath(row: 0, section: 0)))
    #expect(answering.tableView(table, titleForHeaderInSection: 0) == "Photos")
    #expect(answering.tableView(table, titleForFooterInSection: 0) == nil)
    #expect(!answering.tableView(table, canMoveRowAt: IndexPath(row: 0, section: 0)))
  }

  @Test("a grid controller's selection overrides are its delegate's")
  func gridControllerOverrides() throws {
    let controller = SelectableGridController(collectionViewLayout: UICollectionViewFlowLayout())
    let grid = try #require(controller.collectionView)
    let delegate = try #require(grid.delegate as? UICollectionViewDelegate)
    delegate.collectionView(grid, didSelectItemAt: IndexPath(item: 3, section: 0))
    delegate.collectionView(grid, didDeselectItemAt: IndexPath(item: 3, section: 0))
    #expect(delegate.collectionView(grid, shouldSelectItemAt: IndexPath(item: 3, section: 0)))
    #expect(controller.log == ["select 3", "deselect 3"])
    let header = UICollectionReusableView(frame: .zero)
    let kind = UICollectionView.elementKindSectionHeader
    delegate.collectionView(
      grid, willDisplaySupplementaryView: header, forElementKind: kind,
      at: IndexPath(item: 0, section: 2))
    delegate.collectionView(
      grid, didEndDisplayingSupplementaryView: header, forElementOfKind: kind,
      at: IndexPath(item: 0, section: 2))
    #expect(controller.log.suffix(2) == ["header 2", "header gone 2"])
  }
}

/// A photo carousel inside a cell: a plain scroll view whose delegate is the cell.
final class CarouselCell: UITableViewCell, UIScrollViewDelegate {
  let pages = UIScrollView()
  var page = 0
  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    pages.isPagingEnabled = true
    pages.minimumZoomScale = 1
    pages.maximumZoomScale = 3
    pages.delegate = self
    contentView.addSubview(pages)
  }
  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    page = Int(scrollView.contentOffset.x / 100)
  }
  func viewForZooming(in scrollView: UIScrollView) -> UIView? { scrollView.subviews.first }
}

@Suite("UIScrollView.delegate on a plain scroll view")
struct PlainScrollViewDelegateTests {
  @Test("a plain scroll view's delegate hears scrollViewDidScroll when the offset changes")
  @MainActor func plainDelegate() {
    let cell = CarouselCell(style: .default, reuseIdentifier: "carousel")
    #expect(cell.pages.delegate === cell)
    cell.pages.contentOffset = CGPoint(x: 200, y: 0)
    #expect(cell.page == 2)
    cell.page = 0
    cell.pages.setContentOffset(CGPoint(x: 200, y: 0), animated: false)
    #expect(cell.page == 0)
    let table = UITableView(frame: .zero, style: .plain)
    let list = EditableListController(style: .plain)
    table.delegate = list
    #expect(table.delegate === list)
  }
}

/// A table controller overriding the index, highlight, editing and moving methods, as contact
/// and photo-album lists written against UIKit do: it must compile with `override`.
final class EditableAlbumsViewController: UITableViewController {
  override func sectionIndexTitles(for tableView: UITableView) -> [String]? { ["A", "B"] }
  override func tableView(
    _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int { index + 1 }
  override func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath)
    -> Bool
  { false }
  override func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath)
    -> UITableViewCell.EditingStyle
  { .none }
  override func tableView(_ tableView: UITableView, editActionsForRowAt indexPath: IndexPath)
    -> [UITableViewRowAction]?
  {
    [UITableViewRowAction(style: .destructive, title: "Delete") { _, _ in }]
  }
  override func tableView(
    _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath { sourceIndexPath }
}

extension OptionalDelegateMethodsTests {
  @Test("index, highlight, editing and moving methods are overridable, with UIKit's defaults")
  func editingMethods() {
    let table = UITableView(frame: .zero, style: .plain)
    let plain = UITableViewController()
    let path = IndexPath(row: 1, section: 0)
    #expect(plain.sectionIndexTitles(for: table) == nil)
    #expect(plain.tableView(table, editingStyleForRowAt: path) == .delete)
    #expect(plain.tableView(table, shouldHighlightRowAt: path))
    #expect(plain.tableView(table, willDeselectRowAt: path) == path)
    #expect(plain.tableView(table, indentationLevelForRowAt: path) == 0)
    let albums = EditableAlbumsViewController()
    #expect(albums.sectionIndexTitles(for: table) == ["A", "B"])
    #expect(albums.tableView(table, sectionForSectionIndexTitle: "B", at: 1) == 2)
    #expect(albums.tableView(table, editingStyleForRowAt: path) == .none)
    #expect(albums.tableView(table, editActionsForRowAt: path)?.first?.style == .destructive)
    #expect(
      albums.tableView(
        table, targetIndexPathForMoveFromRowAt: path,
        toProposedIndexPath: IndexPath(row: 5, section: 0)) == path)
  }
}

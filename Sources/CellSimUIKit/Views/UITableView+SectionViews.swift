import SimTable

/// A table's section header and footer views: those on screen, by section, and those waiting
/// for reuse, by reuse identifier.
struct SectionViewState {
  /// The header views on screen, by section.
  var headers: [Int: UIView] = [:]
  /// The footer views on screen, by section.
  var footers: [Int: UIView] = [:]
  /// Sections on screen whose header (or footer) has room but no view: the delegate gave none
  /// and there is no title. Asked again only once they left the screen.
  var viewlessHeaders: Set<Int> = []
  var viewlessFooters: Set<Int> = []
  /// Views that left the screen, for `dequeueReusableHeaderFooterView(withIdentifier:)`.
  var reusable: [String: [UITableViewHeaderFooterView]] = [:]
  /// Set when the sections were counted again: every view on screen is asked for again.
  var needsReload = false
  /// Set while the views are being updated (a delegate that scrolls the table from a header
  /// callback must not update them again inside the update).
  var isUpdating = false
}

/// Section header and footer views, shown as UIKit's layout pass shows them.
///
/// After each layout pass of a bound table (each frame, after its rows), the table finds the
/// sections whose headers and footers meet the screen, in the room `UITableView+Sections.swift`
/// gives them. For each one newly on screen it asks the delegate's
/// `tableView(_:viewForHeaderInSection:)` (or `viewForFooterInSection`); when that gives no view
/// and the data source gives the section a title, the table makes a plain
/// `UITableViewHeaderFooterView` showing it, as UIKit does. The view gets its rectangle, becomes
/// the table's subview, and the delegate hears `willDisplayHeaderView` (or `…FooterView`). A view
/// that leaves the screen is removed, the delegate hears `didEndDisplayingHeaderView`, and a
/// `UITableViewHeaderFooterView` with a reuse identifier waits for
/// `dequeueReusableHeaderFooterView(withIdentifier:)`, which calls its `prepareForReuse()`. Sections
/// that change (`reloadData()`, a mutation, a data change) ask again for every view on screen.
///
/// In a plain table a header floats: it stays at the top of the screen while its section's rows
/// scroll under it, until the section's end pushes it up, so the header of the section at the top
/// of the screen is on screen even when its own place has scrolled off. Footers do not float. A
/// header or footer without room (no height, see `UITableView+Sections.swift`) is never shown.
extension UITableView {
  /// Shows the header and footer views of the sections on screen and ends those that left it
  /// (see the extension's note). Called after each layout pass of a bound table.
  func updateSectionViews() {
    guard let engine, !sectionViews.isUpdating else { return }
    // A table with no room for headers and nothing on screen (one plain run of rows, as most
    // are) has nothing to do at each frame.
    if !engine.hasPlacedSections, !sectionViews.needsReload, sectionViews.headers.isEmpty,
      sectionViews.footers.isEmpty, sectionViews.viewlessHeaders.isEmpty,
      sectionViews.viewlessFooters.isEmpty
    {
      return
    }
    sectionViews.isUpdating = true
    defer { sectionViews.isUpdating = false }
    if sectionViews.needsReload {
      sectionViews.needsReload = false
      endAllSectionViews()
    }
    let geometry = laidOutGeometry(engine)
    let top = engine.contentOffset
    let bottom = top + geometry.viewportHeight
    var headers: [(section: Int, rect: CGRect)] = []
    var footers: [(section: Int, rect: CGRect)] = []
    for section in geometry.sections(meeting: top, bottom) where section < numberOfSections {
      guard let frame = geometry.sectionFrame(section) else { continue }
      if let rect = headerRect(frame, top: top), Double(rect.maxY) > top, Double(rect.minY) < bottom
      {
        headers.append((section, rect))
      }
      if frame.bottom > frame.rowsBottom, frame.bottom > top, frame.rowsBottom < bottom {
        let height = frame.bottom - frame.rowsBottom
        footers.append(
          (section, CGRect(x: 0, y: frame.rowsBottom, width: contentWidth, height: height)))
      }
    }
    endSectionViews(header: true, keeping: headers.map(\.section))
    endSectionViews(header: false, keeping: footers.map(\.section))
    sectionViews.viewlessHeaders.formIntersection(headers.map(\.section))
    sectionViews.viewlessFooters.formIntersection(footers.map(\.section))
    for (section, rect) in headers { showSectionView(header: true, section, rect) }
    for (section, rect) in footers { showSectionView(header: false, section, rect) }
  }

  /// Where section `frame`'s header view lies with the screen's top at `top`, below any top
  /// padding; floating in a plain table. Nil when the header has no room.
  func headerRect(
    _ frame: (top: Double, rowsTop: Double, rowsBottom: Double, bottom: Double), top: Double
  ) -> CGRect? {
    let padding = sectionHeaderTopPadding
    let above = padding == UITableView.automaticDimension ? 0 : max(0, Double(padding))
    let height = frame.rowsTop - frame.top - above
    guard height > 0 else { return nil }
    var y = frame.top + above
    if style == .plain { y = min(max(y, top), frame.bottom - height) }
    return CGRect(x: 0, y: y, width: contentWidth, height: height)
  }

  /// Puts the header or footer view of `section` on screen at `rect`, asking for it if it is
  /// not there yet.
  func showSectionView(header: Bool, _ section: Int, _ rect: CGRect) {
    if let shown = header ? sectionViews.headers[section] : sectionViews.footers[section] {
      if shown.frame != rect { shown.frame = rect }
      return
    }
    let viewless = header ? sectionViews.viewlessHeaders : sectionViews.viewlessFooters
    guard !viewless.contains(section) else { return }
    guard let view = makeSectionView(header: header, section) else {
      if header {
        sectionViews.viewlessHeaders.insert(section)
      } else {
        sectionViews.viewlessFooters.insert(section)
      }
      return
    }
    view.frame = rect
    if view.superview !== self { addSubview(view) }
    if header {
      sectionViews.headers[section] = view
      tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
    } else {
      sectionViews.footers[section] = view
      tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: section)
    }
  }

  /// The delegate's view for the header or footer of `section`, else a plain view showing the
  /// data source's title, else nil.
  func makeSectionView(header: Bool, _ section: Int) -> UIView? {
    let delegate = tableDelegate
    let made =
      header
      ? delegate?.tableView(self, viewForHeaderInSection: section)
      : delegate?.tableView(self, viewForFooterInSection: section)
    if let made { return made }
    let title =
      header
      ? dataSource?.tableView(self, titleForHeaderInSection: section)
      : dataSource?.tableView(self, titleForFooterInSection: section)
    guard let title else { return nil }
    let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
    view.textLabel?.text = title
    return view
  }

  /// Ends the header (or footer) views on screen whose sections are not in `kept`, in section
  /// order.
  func endSectionViews(header: Bool, keeping kept: [Int]) {
    let shown = header ? sectionViews.headers : sectionViews.footers
    guard !shown.isEmpty else { return }
    for section in shown.keys.sorted() where !kept.contains(section) {
      endSectionView(header: header, section)
    }
  }

  /// Ends every header and footer view on screen, in section order, and forgets which sections
  /// had none (the sections changed).
  func endAllSectionViews() {
    endSectionViews(header: true, keeping: [])
    endSectionViews(header: false, keeping: [])
    sectionViews.viewlessHeaders = []
    sectionViews.viewlessFooters = []
  }

  /// Takes the header or footer view of `section` off the screen: removed from the table, told
  /// to the delegate, and kept for reuse if it has a reuse identifier.
  func endSectionView(header: Bool, _ section: Int) {
    let removed =
      header
      ? sectionViews.headers.removeValue(forKey: section)
      : sectionViews.footers.removeValue(forKey: section)
    guard let view = removed else { return }
    if view.superview === self { view.removeFromSuperview() }
    if header {
      tableDelegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
    } else {
      tableDelegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
    }
    if let reusable = view as? UITableViewHeaderFooterView,
      let identifier = reusable.reuseIdentifier
    {
      sectionViews.reusable[identifier, default: []].append(reusable)
    }
  }

  /// The table header or footer view was replaced: the old one leaves the table, the new one
  /// becomes its subview, and the sections' room is measured again.
  func tableViewChanged(from old: UIView?, to new: UIView?) {
    if old !== new, let old, old.superview === self { old.removeFromSuperview() }
    sectionSpacingChanged()
    if let new, new.superview !== self { addSubview(new) }
    placeTableHeaderAndFooter()
  }

  /// Puts the table header view at the top of the content and the footer view below the last
  /// section, each as wide as the table, as UIKit does.
  func placeTableHeaderAndFooter() {
    let width = engine != nil ? CGFloat(contentWidth) : bounds.width
    if let header = tableHeaderView {
      let frame = CGRect(x: 0, y: 0, width: width, height: header.frame.height)
      if header.frame != frame { header.frame = frame }
    }
    if let footer = tableFooterView {
      let height = footer.frame.height
      let top = engine != nil ? contentSize.height - height : footer.frame.minY
      let frame = CGRect(x: 0, y: top, width: width, height: height)
      if footer.frame != frame { footer.frame = frame }
    }
  }

  /// A view waiting for reuse under `identifier`, prepared for it; nil if none waits.
  func reusedHeaderFooterView(_ identifier: String) -> UITableViewHeaderFooterView? {
    guard let view = sectionViews.reusable[identifier]?.popLast() else { return nil }
    view.prepareForReuse()
    return view
  }

  /// `headerView(forSection:)`: the header view on screen for `section`, if it is a
  /// `UITableViewHeaderFooterView` (nil when the section's header is off screen).
  public func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
    sectionViews.headers[section] as? UITableViewHeaderFooterView
  }

  /// `footerView(forSection:)`: the footer view on screen for `section`, as `headerView`.
  public func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
    sectionViews.footers[section] as? UITableViewHeaderFooterView
  }
}

import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A day's header: the day's title and its first photo, as a feed's sticky day header shows.
final class DayHeaderView: UITableViewHeaderFooterView {
  static var made = 0
  let thumbnail = UIImageView(frame: .zero)
  var reuses = 0

  override init(reuseIdentifier: String?) {
    super.init(reuseIdentifier: reuseIdentifier)
    DayHeaderView.made += 1
    contentView.addSubview(thumbnail)
  }

  required init?(coder: NSCoder) { nil }

  override func prepareForReuse() {
    super.prepareForReuse()
    reuses += 1
    thumbnail.image = nil
  }
}

/// The day-photos table with header views of its own, recording what the table asked and told.
final class DayHeaderedPhotosViewController: DailyPhotosViewController {
  var asked: [Int] = []
  var shown: [Int] = []
  var ended: [Int] = []
  var reuses = 0
  /// At the scenario's `disappear`, after the fling: the content offset, the first visible
  /// section, its header view's frame and the section's end.
  var atRest: (offset: CGFloat, section: Int, header: CGRect?, sectionEnd: CGFloat)?

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    guard let first = tableView.indexPathsForVisibleRows?.first else { return }
    atRest = (
      tableView.contentOffset.y, first.section,
      tableView.headerView(forSection: first.section)?.frame,
      tableView.rect(forSection: first.section).maxY
    )
  }

  var appeared = false

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    appeared = true
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(DayHeaderView.self, forHeaderFooterViewReuseIdentifier: "day")
  }

  override func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int)
    -> UIView?
  {
    asked.append(section)
    #expect(appeared, "UIKit lays out headers after viewWillAppear")
    let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "day") as! DayHeaderView
    header.textLabel?.text = "Day \(section + 1)"
    header.thumbnail.image = UIImage(systemName: "photo")
    return header
  }

  override func tableView(
    _ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int
  ) {
    #expect(view.superview === tableView)
    shown.append(section)
  }

  override func tableView(
    _ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int
  ) {
    #expect(view.superview == nil)
    reuses = max(reuses, (view as? DayHeaderView)?.reuses ?? 0)
    ended.append(section)
  }

}

/// The day-photos table whose headers take room but have no view: the app sizes them and
/// gives none.
final class ViewlessHeaderPhotosViewController: DailyPhotosViewController {
  var asked: [Int] = []

  override func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int)
    -> CGFloat
  { 40 }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
    -> String?
  { nil }

  override func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int)
    -> UIView?
  {
    asked.append(section)
    return nil
  }
}

/// The day-photos table with self-sizing header views of its own, estimated by the delegate.
final class EstimatedHeaderPhotosViewController: HeaderedDailyPhotosViewController {
  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
    -> String?
  { nil }

  override func tableView(
    _ tableView: UITableView, estimatedHeightForHeaderInSection section: Int
  ) -> CGFloat { 60 }

  override func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int)
    -> UIView?
  {
    let header = UITableViewHeaderFooterView(reuseIdentifier: nil)
    header.textLabel?.text = "Day \(section + 1)"
    return header
  }
}

@Suite("Section header views are asked for, shown, floated and reused")
struct SectionViewsTests {
  static let fling = """
    cellsim: 1
    name: "hosted: a fling through day headers"
    seed: 5
    table: {rows: 70}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    events:
      - {at: "300ms", fling: {velocity: 5000}}
      - {at: "4900ms", disappear: {}}
    run_until: "5s"
    invariants: [no_cross_cell_image]
    """

  @Test("the headers on screen are asked for in order, ended when they leave, and reused")
  @MainActor func headersFollowTheScreen() throws {
    DayHeaderView.made = 0
    let (result, controller) = try SectionSpacingTests.run(Self.fling) {
      DayHeaderedPhotosViewController()
    }
    #expect(result.violations.isEmpty, "\(result.violations)")
    // The screen first shows day 1's header and day 2's below its seven rows (644 points).
    #expect(controller.shown.prefix(2) == [0, 1], "\(controller.shown)")
    #expect(controller.asked == controller.shown)
    // Each header shown once on the way down, in order, and ended once it left (the top one
    // floats, so it stays until its section has scrolled by).
    #expect(controller.shown == Array(controller.shown.indices), "\(controller.shown)")
    #expect(controller.ended == Array(controller.ended.indices), "\(controller.ended)")
    #expect(
      controller.shown.count >= 5 && controller.ended.count >= 3,
      "shown \(controller.shown), ended \(controller.ended)")
    #expect(controller.shown.count - controller.ended.count <= 3)
    // Views that left came back through the dequeue, prepared for reuse.
    #expect(DayHeaderView.made <= 3 && controller.reuses >= 1)
  }

  @Test("in a plain table the header of the section at the top floats at the screen's top")
  @MainActor func topHeaderFloats() throws {
    let (_, controller) = try SectionSpacingTests.run(Self.fling) {
      DayHeaderedPhotosViewController()
    }
    let rest = try #require(controller.atRest)
    let header = try #require(rest.header)
    #expect(rest.offset > 0)
    #expect(
      header.minY == min(rest.offset, rest.sectionEnd - UITableView.titleHeaderHeight),
      "\(rest)")
  }

  @Test("a collection view's reloadData keeps the room its flow layout gives its sections")
  @MainActor func gridReload() throws {
    let (_, controller) = try SectionSpacingTests.run(SectionSpacingTests.grid) {
      ReloadedAlbumGridViewController()
    }
    // Six sections of four items: a header of 50, insets of 10, two lines of 100 each.
    let height = CGFloat(6 * (50 + 10 + 200 + 10))
    #expect(controller.heights == [height, height])
  }

  @Test("a header with room and no view is asked for once while it stays on screen")
  @MainActor func viewlessHeaders() throws {
    let (_, controller) = try SectionSpacingTests.run(Self.fling) {
      ViewlessHeaderPhotosViewController()
    }
    #expect(controller.asked.count >= 5, "\(controller.asked)")
    #expect(controller.asked == Array(controller.asked.indices), "\(controller.asked)")
  }

  @Test("a self-sizing header takes the delegate's estimated height and is shown there")
  @MainActor func estimatedHeaders() throws {
    let (_, controller) = try SectionSpacingTests.run(SectionSpacingTests.still) {
      () -> EstimatedHeaderPhotosViewController in
      let controller = EstimatedHeaderPhotosViewController()
      controller.probe = { table in
        #expect(table.rectForHeader(inSection: 1).height == 60)
        #expect(table.headerView(forSection: 0)?.frame.height == 60)
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "Day 1")
      }
      return controller
    }
    #expect(controller.probed)
  }

  @Test("the table header and footer views are subviews at the content's top and end")
  @MainActor func tableHeaderAndFooter() throws {
    let (_, controller) = try SectionSpacingTests.run(SectionSpacingTests.still) {
      SectionSpacingTests.headered(120) { table in
        let header = table.tableHeaderView
        #expect(header?.superview === table && header?.window != nil)
        #expect(header?.frame == CGRect(x: 0, y: 0, width: table.frame.width, height: 120))
        let before = table.contentSize.height
        let footer = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 40))
        table.tableFooterView = footer
        #expect(footer.superview === table && table.contentSize.height == before + 40)
        #expect(
          footer.frame == CGRect(x: 0, y: before, width: table.frame.width, height: 40))
        table.tableFooterView = nil
        #expect(footer.superview == nil && table.contentSize.height == before)
      }
    }
    #expect(controller.probed)
  }

  @Test("a titled section with no header view of the app's gets a plain view showing the title")
  @MainActor func titleViews() throws {
    let (_, controller) = try SectionSpacingTests.run(SectionSpacingTests.still) {
      SectionSpacingTests.headered(0) { table in
        let header = table.headerView(forSection: 0)
        #expect(header?.textLabel?.text == "Day 1" && header?.superview === table)
        #expect(header?.frame == table.rectForHeader(inSection: 0))
        #expect(table.headerView(forSection: 1)?.textLabel?.text == "Day 2")
        #expect(table.headerView(forSection: 5) == nil, "off screen")
      }
    }
    #expect(controller.probed)
  }
}

/// The album grid, reloaded once it appeared, as an app reloads after its fetch.
final class ReloadedAlbumGridViewController: HeaderedAlbumGridViewController {
  var heights: [CGFloat] = []

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    heights.append(collectionView.contentSize.height)
    collectionView.reloadData()
    heights.append(collectionView.contentSize.height)
  }
}

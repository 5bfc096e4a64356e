import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

// Screens that change their sections themselves, written as for a device: the model changes
// first, then the view is told, as UIKit requires.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// Days of photos whose screen reloads day 1, deletes day 2 and moves the first day after the
/// third, at set times; each change is checked against the table's counts at once.
final class EditedDaysViewController: DailyPhotosViewController {
  /// After each change: whether the table's sections and rows were the model's.
  var countsAgreed: [Bool] = []
  var reloadedAt: Int?

  override func viewDidLoad() {
    super.viewDidLoad()
    let perDay = Self.perDay
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1_500)) {
      self.reloadedAt = self.configured.count
      self.tableView.reloadSections(IndexSet(integer: 0), with: .automatic)
      self.check()
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2_500)) {
      self.photoURLs.removeSubrange(perDay..<(2 * perDay))
      self.tableView.deleteSections(IndexSet(integer: 1), with: .fade)
      self.check()
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(3_500)) {
      let first = Array(self.photoURLs[0..<perDay])
      self.photoURLs.removeSubrange(0..<perDay)
      self.photoURLs.insert(contentsOf: first, at: 2 * perDay)
      self.tableView.moveSection(0, toSection: 2)
      self.check()
    }
  }

  func check() {
    let model = days.map(\.count)
    let shown = (0..<tableView.numberOfSections).map { tableView.numberOfRows(inSection: $0) }
    countsAgreed.append(model == shown)
  }
}

@Suite("Section changes: insertSections, deleteSections, reloadSections, moveSection")
struct SectionUpdatesTests {
  static let yaml = """
    cellsim: 1
    name: "hosted: the screen edits its sections"
    seed: 11
    table: {rows: 60}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    network: {latency: {min: "40ms", max: "300ms"}}
    events:
      - {at: "4s", fling: {velocity: 2000}}
    run_until: "7s"
    invariants: [no_cross_cell_image, eventually_loaded]
    """

  @Test("a table's reloaded, deleted and moved sections keep every row's image right")
  @MainActor func table() throws {
    let (result, controller) = try SectionSpacingTests.run(Self.yaml) { EditedDaysViewController() }
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(controller.countsAgreed == [true, true, true])
    // The reload asked the data source again for section 0's visible rows.
    let reloadedAt = try #require(controller.reloadedAt)
    let again = controller.configured[reloadedAt...].prefix { $0.section == 0 }
    #expect(again.count >= 5, "\(controller.configured[reloadedAt...].prefix(8))")
    #expect(controller.tableView.numberOfSections == 8)
    #expect(controller.roundTrips.allSatisfy { $0 })
    let (second, _) = try SectionSpacingTests.run(Self.yaml) { EditedDaysViewController() }
    #expect(result.digest == second.digest)
  }

  @Test("inserting a section: its rows come in at its place; a bad index stops, as UIKit raises")
  @MainActor func insertion() throws {
    let (_, controller) = try SectionSpacingTests.run(Self.yaml) { DailyPhotosViewController() }
    let table = controller.tableView!
    let before = table.numberOfSections
    // The model grows by a day at the front (the engine's new rows take the scenario's URLs).
    controller.photoURLs.insert(contentsOf: controller.photoURLs[0..<7], at: 0)
    table.insertSections(IndexSet(integer: 0), with: .automatic)
    #expect(table.numberOfSections == before + 1)
    #expect(table.numberOfRows(inSection: 0) == 7)
  }
}

/// A grid of days (a plain data source, a section per day) that deletes, moves and reloads
/// sections as the table above does.
class EditedDaysGridViewController: UICollectionViewController {
  var photoURLs: [URL] = []
  var countsAgreed: [Bool] = []
  var configured: [IndexPath] = []
  static let perDay = 6

  var days: [[URL]] {
    stride(from: 0, to: photoURLs.count, by: Self.perDay).map {
      Array(photoURLs[$0..<min($0 + Self.perDay, photoURLs.count)])
    }
  }

  init() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 120, height: 120)
    super.init(collectionViewLayout: layout)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(AlbumCell.self, forCellWithReuseIdentifier: "photo")
    let perDay = Self.perDay
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1_000)) {
      self.photoURLs.removeSubrange(perDay..<(2 * perDay))
      self.collectionView.deleteSections(IndexSet(integer: 1))
      self.check()
      let first = Array(self.photoURLs[0..<perDay])
      self.photoURLs.removeSubrange(0..<perDay)
      self.photoURLs.insert(contentsOf: first, at: perDay)
      self.collectionView.moveSection(0, toSection: 1)
      self.check()
      self.collectionView.reloadSections(IndexSet(integer: 0))
      self.check()
    }
  }

  func check() {
    let model = days.map(\.count)
    let shown = (0..<collectionView.numberOfSections).map {
      collectionView.numberOfItems(inSection: $0)
    }
    countsAgreed.append(model == shown)
  }

  override func numberOfSections(in collectionView: UICollectionView) -> Int { days.count }

  override func collectionView(
    _ collectionView: UICollectionView, numberOfItemsInSection section: Int
  )
    -> Int
  { days[section].count }

  override func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    configured.append(indexPath)
    let cell =
      collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath) as! AlbumCell
    let url = days[indexPath.section][indexPath.item]
    cell.representedURL = url
    cell.imageView.image = nil
    DispatchQueue.global().async {
      guard let data = try? Data(contentsOf: url) else { return }
      DispatchQueue.main.async {
        guard cell.representedURL == url else { return }
        cell.imageView.image = UIImage(data: data)
      }
    }
    return cell
  }
}

extension EditedDaysGridViewController: PhotoListing {}

extension SectionUpdatesTests {
  @Test("a grid's deleted, moved and reloaded sections keep every item's image right")
  @MainActor func grid() throws {
    let yaml = """
      cellsim: 1
      name: "hosted: a grid edits its sections"
      seed: 12
      table: {rows: 60, columns: 3, row_height: 120}
      images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
      network: {latency: {min: "40ms", max: "300ms"}}
      events:
        - {at: "2s", fling: {velocity: 2000}}
      run_until: "5s"
      invariants: [no_cross_cell_image, eventually_loaded]
      """
    let (result, controller) = try SectionSpacingTests.run(yaml) { EditedDaysGridViewController() }
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(controller.countsAgreed == [true, true, true])
    #expect(controller.collectionView.numberOfSections == 9)
  }
}

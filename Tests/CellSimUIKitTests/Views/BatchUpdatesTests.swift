import CellSimUIKitHost
import Scenarios
import SimTable
import TestSupport
import Testing

// Screens that change several rows at once, written as for a device: the model changes first,
// then the table is told, inside `performBatchUpdates` or `beginUpdates`/`endUpdates`.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// A list that, at set times, deletes two rows, inserts one at the top and moves one, in one
/// batch, then does a second batch with nested `beginUpdates`. The calls inside each batch come
/// in the order `order` gives, which must not matter.
final class BatchEditingPhotosViewController: CheckedPhotosViewController, PhotoListing {
  enum Order { case deletesFirst, insertsFirst }
  var order = Order.deletesFirst
  /// After each batch: whether the table's row count was the model's.
  var countsAgreed: [Bool] = []
  /// After each batch: whether the simulated table's rows were the model's photos, in order.
  var rowsAgreed: [Bool] = []
  /// The photos the table asked for, in order.
  var asked: [String] = []

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    asked.append(photoURLs[indexPath.row].lastPathComponent)
    return super.tableView(tableView, cellForRowAt: indexPath)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1_500)) { self.firstBatch() }
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2_500)) { self.secondBatch() }
  }

  /// Deletes rows 1 and 4, inserts a new photo at the top, moves row 3 to row 1 (rows before
  /// the batch: 1, 3, 4; after: 0, 1).
  func firstBatch() {
    var model = photoURLs
    let moved = model[3]
    for row in [4, 3, 1] { model.remove(at: row) }
    model.insert(moved, at: 0)
    // The engine names a new row's photo with the next id after the scenario's rows.
    model.insert(URL(string: "https://img.test/60.png")!, at: 0)
    photoURLs = model
    let path = { (row: Int) in IndexPath(row: row, section: 0) }
    tableView.performBatchUpdates { [self] in
      switch order {
      case .deletesFirst:
        tableView.deleteRows(at: [path(1), path(4)], with: .automatic)
        tableView.moveRow(at: path(3), to: path(1))
        tableView.insertRows(at: [path(0)], with: .automatic)
      case .insertsFirst:
        tableView.insertRows(at: [path(0)], with: .automatic)
        tableView.moveRow(at: path(3), to: path(1))
        tableView.deleteRows(at: [path(4), path(1)], with: .automatic)
      }
    }
    countsAgreed.append(tableView.numberOfRows(inSection: 0) == photoURLs.count)
    checkRows()
  }

  func checkRows() {
    let rows = tableView.engine?.model.items.map(\.url) ?? []
    rowsAgreed.append(rows == photoURLs.map(\.absoluteString))
  }

  /// Inserts three photos at rows 2, 5 and 7 and deletes rows 0 and 6, inside nested
  /// `beginUpdates`/`endUpdates` pairs.
  func secondBatch() {
    let before = tableView.numberOfRows(inSection: 0)
    var model = photoURLs
    model.remove(at: 6)
    model.remove(at: 0)
    for (row, id) in [(2, 61), (5, 62), (7, 63)] {
      model.insert(URL(string: "https://img.test/\(id).png")!, at: row)
    }
    photoURLs = model
    let path = { (row: Int) in IndexPath(row: row, section: 0) }
    tableView.beginUpdates()
    tableView.insertRows(at: [path(2), path(5), path(7)], with: .fade)
    tableView.beginUpdates()
    tableView.deleteRows(at: [path(0), path(6)], with: .fade)
    tableView.endUpdates()
    // Still inside the outer batch: nothing is applied yet.
    countsAgreed.append(tableView.numberOfRows(inSection: 0) == before)
    tableView.endUpdates()
    countsAgreed.append(tableView.numberOfRows(inSection: 0) == photoURLs.count)
    checkRows()
  }
}

@Suite("Batch updates: several row changes applied as one update, numbered as UIKit numbers them")
struct BatchUpdatesTests {
  static let yaml = """
    cellsim: 1
    name: "hosted: the screen edits rows in batches"
    seed: 12
    table: {rows: 60}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    network: {latency: {min: "40ms", max: "300ms"}}
    events:
      - {at: "3s", fling: {velocity: 1500}}
    run_until: "6s"
    invariants: [no_cross_cell_image, eventually_loaded]
    """

  static func run(_ order: BatchEditingPhotosViewController.Order) throws
    -> (RunResult, BatchEditingPhotosViewController)
  {
    try SectionSpacingTests.run(yaml) { @MainActor in
      let controller = BatchEditingPhotosViewController()
      controller.order = order
      return controller
    }
  }

  @Test("a batch's rows end where the model put them, whatever order the calls came in")
  @MainActor func batches() throws {
    let (result, controller) = try Self.run(.deletesFirst)
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(controller.countsAgreed.first == true)
    #expect(controller.countsAgreed.last == true)
    #expect(controller.rowsAgreed == [true, true])
    // The rows the batches inserted on screen were asked for, each once.
    for photo in ["60.png", "61.png", "62.png", "63.png"] {
      #expect(controller.asked.filter { $0 == photo }.count == 1, "\(photo)")
    }
    let (reordered, _) = try Self.run(.insertsFirst)
    #expect(reordered.violations.isEmpty, "\(reordered.violations)")
    #expect(result.digest == reordered.digest)
  }

  @Test("changes inside an open batch wait for its end; an empty batch changes nothing")
  @MainActor func nesting() throws {
    let (result, controller) = try Self.run(.deletesFirst)
    #expect(result.violations.isEmpty)
    // Inside the outer batch the table still had the rows of before the batch.
    #expect(controller.countsAgreed == [true, true, true])
    let table = controller.tableView!
    let rows = table.numberOfRows(inSection: 0)
    var ran = false
    table.performBatchUpdates(nil) { _ in ran = true }
    #expect(table.numberOfRows(inSection: 0) == rows)
    #expect(!ran)  // on the next main-thread turn, as UIKit calls it
  }
}

/// Days of photos whose screen, in one batch, deletes day 2, inserts a new first day and moves a
/// photo within the third day, naming each as UIKit does (before or after the batch).
final class BatchEditedDaysViewController: DailyPhotosViewController {
  var rowsAgreed: [Bool] = []
  var sectionsAgreed: [Bool] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1_500)) { self.edit() }
  }

  func edit() {
    let perDay = Self.perDay
    var days = self.days
    days.remove(at: 1)
    // The engine names the new day's photos with the ids after the scenario's rows.
    days.insert((60..<(60 + perDay)).map { URL(string: "https://img.test/\($0).png")! }, at: 0)
    let photo = days[2].remove(at: 0)
    days[2].insert(photo, at: 3)
    photoURLs = days.flatMap { $0 }
    tableView.performBatchUpdates { [self] in
      tableView.moveRow(at: IndexPath(row: 0, section: 2), to: IndexPath(row: 3, section: 2))
      tableView.insertSections(IndexSet(integer: 0), with: .automatic)
      tableView.deleteSections(IndexSet(integer: 1), with: .automatic)
    }
    let rows = tableView.engine?.model.items.map(\.url) ?? []
    rowsAgreed.append(rows == photoURLs.map(\.absoluteString))
    let shown = (0..<tableView.numberOfSections).map { tableView.numberOfRows(inSection: $0) }
    sectionsAgreed.append(shown == self.days.map(\.count))
  }
}

extension BatchUpdatesTests {
  @Test("sections and rows change in one batch: deleted and moved read before, inserted after")
  @MainActor func sectionsAndRows() throws {
    let (result, controller) = try SectionSpacingTests.run(SectionUpdatesTests.yaml) {
      BatchEditedDaysViewController()
    }
    #expect(controller.rowsAgreed == [true])
    #expect(controller.sectionsAgreed == [true])
    let (again, _) = try SectionSpacingTests.run(SectionUpdatesTests.yaml) {
      BatchEditedDaysViewController()
    }
    #expect(result.digest == again.digest)
  }
}

/// The grid of days above, which then, in one batch, inserts a photo at the top of the first
/// day, deletes that day's third photo and moves the second day's first photo to its end.
final class BatchGridViewController: EditedDaysGridViewController {
  var rowsAgreed: [Bool] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1_500)) { self.edit() }
  }

  func edit() {
    var days = self.days
    days[0].remove(at: 2)
    days[0].insert(URL(string: "https://img.test/60.png")!, at: 0)
    days[1].append(days[1].removeFirst())
    photoURLs = days.flatMap { $0 }
    let last = days[1].count - 1
    collectionView.performBatchUpdates({ [self] in
      collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
      collectionView.moveItem(
        at: IndexPath(item: 0, section: 1), to: IndexPath(item: last, section: 1))
      collectionView.deleteItems(at: [IndexPath(item: 2, section: 0)])
    })
    let rows = collectionView.engine?.model.items.map(\.url) ?? []
    rowsAgreed.append(rows == photoURLs.map(\.absoluteString))
  }
}

extension BatchUpdatesTests {
  @Test("a collection view's batch of item changes is one update, read by UIKit's rules")
  @MainActor func grid() throws {
    let yaml = """
      cellsim: 1
      name: "hosted: a grid edits items in a batch"
      seed: 12
      table: {rows: 60, columns: 3, row_height: 120}
      images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
      network: {latency: {min: "40ms", max: "300ms"}}
      events:
        - {at: "2.5s", fling: {velocity: 2000}}
      run_until: "5s"
      invariants: [no_cross_cell_image, eventually_loaded]
      """
    let (result, controller) = try SectionSpacingTests.run(yaml) { BatchGridViewController() }
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(controller.rowsAgreed == [true])
  }
}

/// A two-section list whose model the tests change, then tell the table about, rightly or not.
final class CountedListController: UITableViewController {
  var counts = [3, 4]

  override func numberOfSections(in tableView: UITableView) -> Int { counts.count }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    counts[section]
  }
}

extension BatchUpdatesTests {
  @Test("a batch that disagrees with the data source's new counts stops, as UIKit raises")
  func inconsistentCounts() async throws {
    let exit = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      await MainActor.run {
        let controller = CountedListController()
        controller.tableView.reloadData()
        // One row added to section 1, and the table told of two.
        controller.counts[1] += 1
        controller.tableView.insertRows(
          at: [IndexPath(row: 0, section: 1), IndexPath(row: 1, section: 1)], with: .automatic)
      }
    }
    let text = String(decoding: exit.standardErrorContent, as: UTF8.self)
    let message: String = [
      "UITableView.insertRows: Invalid update: invalid number of rows in section 1.",
      "The number of rows contained in an existing section after the update (5) must be equal",
      "to the number of rows contained in that section before the update (4), plus or minus",
      "the number of rows inserted or deleted from that section (2 inserted, 0 deleted) and",
      "plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved",
      "out)",
    ].joined(separator: " ")
    #expect(text.contains(message), "\(text)")
  }

  @Test("a section deleted from the model but not from the table stops, naming the sections")
  func inconsistentSections() async throws {
    let exit = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      await MainActor.run {
        let controller = CountedListController()
        controller.tableView.reloadData()
        controller.counts.removeLast()
        controller.tableView.performBatchUpdates {
          controller.tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        }
      }
    }
    let text = String(decoding: exit.standardErrorContent, as: UTF8.self)
    #expect(text.contains("invalid number of sections"), "\(text)")
    #expect(text.contains("after the update (1)"), "\(text)")
  }

  @Test("consistent changes, moves between sections included, pass UIKit's count check")
  @MainActor func consistentCounts() {
    let controller = CountedListController()
    let table = controller.tableView!
    table.reloadData()
    controller.counts = [2, 6]
    table.performBatchUpdates {
      table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 4, section: 1))
      table.insertRows(at: [IndexPath(row: 0, section: 1)], with: .none)
    }
    controller.counts = [2, 6, 0]
    table.insertSections(IndexSet(integer: 2), with: .none)
    #expect(table.numberOfSections == 3)
    #expect(table.numberOfRows(inSection: 1) == 6)
  }
}

/// A list that, in one batch, inserts a photo at the top and reconfigures what was row 2 before
/// the batch: UIKit reads a reconfigured row's index path as it reads a reloaded one's.
final class ReconfiguringPhotosViewController: CheckedPhotosViewController, PhotoListing {
  /// The rows and photos the table asked for, in order.
  var asked: [(row: Int, photo: String)] = []
  /// What the batch asked for, and the photo of the reconfigured row.
  var askedInBatch: [(row: Int, photo: String)] = []
  var reconfigured = ""
  var rowsAgreed: [Bool] = []

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    asked.append((indexPath.row, photoURLs[indexPath.row].lastPathComponent))
    return super.tableView(tableView, cellForRowAt: indexPath)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1_500)) { self.edit() }
  }

  func edit() {
    reconfigured = photoURLs[2].lastPathComponent
    // The engine names a new row's photo with the next id after the scenario's rows.
    photoURLs.insert(URL(string: "https://img.test/60.png")!, at: 0)
    asked.removeAll()
    tableView.performBatchUpdates { [self] in
      tableView.reconfigureRows(at: [IndexPath(row: 2, section: 0)])
      // Nothing is asked for until the batch ends.
      askedInBatch.append(contentsOf: asked)
      tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    }
    askedInBatch.append(contentsOf: asked)
    let rows = tableView.engine?.model.items.map(\.url) ?? []
    rowsAgreed.append(rows == photoURLs.map(\.absoluteString))
  }
}

extension BatchUpdatesTests {
  @Test("a row reconfigured inside a batch is read before it and asked for where it ends up")
  @MainActor func reconfigureInBatch() throws {
    let (result, controller) = try SectionSpacingTests.run(Self.yaml) {
      ReconfiguringPhotosViewController()
    }
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(controller.rowsAgreed == [true])
    let asked = controller.askedInBatch
    // The new row, and the reconfigured photo at its row after the batch, 3; never row 2.
    #expect(asked.contains { $0.row == 0 && $0.photo == "60.png" }, "\(asked)")
    #expect(asked.contains { $0.row == 3 && $0.photo == controller.reconfigured }, "\(asked)")
    #expect(!asked.contains { $0.row == 2 }, "\(asked)")
  }
}

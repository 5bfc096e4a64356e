import CellSim
import Foundation
import Synchronization
import Testing

/// What each recording run saw: run id → [(row, cell id)] in `cellForRow` order.
let reuseLog = Mutex<[Int: [(row: Int, cell: Int)]]>([:])

/// A loader that records which cell each row was given, and loads nothing.
final class ReuseRecorder: CatalogLoader {
  static let name = "reuse-recorder"
  static let summary = "records the cell each row is given"
  static let optionSpecs = [LoaderOptionSpec("run", .integer(0...1000), default: "0", "run id")]
  let run: Int

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    run = options.integer("run")
  }

  func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  {
    reuseLog.withLock { $0[run, default: []].append((indexPath.row, cell.cellID)) }
  }
}

/// Runs `table` and `events` with the recorder and returns the cell id each row got last.
func cells(run: Int, table: String, events: String) throws -> [Int: Int] {
  let yaml = """
    cellsim: 1
    name: forced reuse
    loader: {name: reuse-recorder, run: \(run)}
    device: iphone-se
    table: \(table)
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    events: \(events)
    run_until: "3s"
    invariants: none
    """
  let scenario = try Scenario(
    yaml: yaml, fixturesRoot: fixturesRoot, knownLoaders: [ReuseRecorder.name])
  _ = try Simulation.run(scenario, loader: ReuseRecorder.self, fixturesRoot: fixturesRoot)
  var last: [Int: Int] = [:]
  for entry in reuseLog.withLock({ $0[run] ?? [] }) { last[entry.row] = entry.cell }
  return last
}

/// The guide's recipes for "row 12 gets row 0's cell" (Sources/CellSim/CellSim.docc/BugReportToScenario.md).
@Suite("Forcing a particular reuse")
struct ForcedReuseTests {
  @Test("end_first + fifo + a jump: row 12 gets row 0's cell, row 13 row 1's")
  func jumpFIFO() throws {
    let got = try cells(
      run: 1, table: "{rows: 40, layout_order: end_first, reuse_order: fifo}",
      events: #"[{at: "1s", scroll_to: {row: 12, animated: false}}]"#)
    let log = reuseLog.withLock { $0[1] ?? [] }
    let first = Dictionary(log.prefix(8).map { ($0.row, $0.cell) }, uniquingKeysWith: { a, _ in a })
    #expect(got[12] == first[0])
    #expect(got[13] == first[1])
  }

  @Test("end_first + lifo (UIKit's order) + a jump: row 12 gets the last row's cell")
  func jumpLIFO() throws {
    _ = try cells(
      run: 2, table: "{rows: 40, layout_order: end_first, reuse_order: lifo}",
      events: #"[{at: "1s", scroll_to: {row: 12, animated: false}}]"#)
    let log = reuseLog.withLock { $0[2] ?? [] }
    let first = Dictionary(log.prefix(8).map { ($0.row, $0.cell) }, uniquingKeysWith: { a, _ in a })
    let jumped = Dictionary(
      log.dropFirst(8).map { ($0.row, $0.cell) }, uniquingKeysWith: { a, _ in a })
    #expect(first.count == 8)
    #expect(jumped[12] == first[7])
  }

  @Test("display_first (the default) + a jump: the new rows get new cells")
  func jumpDisplayFirst() throws {
    _ = try cells(
      run: 3, table: "{rows: 40}", events: #"[{at: "1s", scroll_to: {row: 12, animated: false}}]"#)
    let log = reuseLog.withLock { $0[3] ?? [] }
    let firstCells = Set(log.prefix(8).map(\.cell))
    let jumped = log.dropFirst(8)
    #expect(!jumped.isEmpty)
    #expect(jumped.allSatisfy { !firstCells.contains($0.cell) })
  }

  @Test("a drag one row at a time: row 9 gets row 0's cell")
  func drag() throws {
    _ = try cells(
      run: 4, table: "{rows: 40}",
      events: #"[{at: "1s", drag: {by: 176, over: "1s"}}, {at: "2s", lift: {}}]"#)
    let log = reuseLog.withLock { $0[4] ?? [] }
    let first = Dictionary(log.prefix(8).map { ($0.row, $0.cell) }, uniquingKeysWith: { a, _ in a })
    let later = Dictionary(
      log.dropFirst(8).map { ($0.row, $0.cell) }, uniquingKeysWith: { a, _ in a })
    #expect(later[9] == first[0], "\(log)")
  }

  @Test("end_first + delete_rows at 0: the row pulled in gets row 0's cell")
  func delete() throws {
    _ = try cells(
      run: 5, table: "{rows: 40, layout_order: end_first}",
      events: #"[{at: "1s", delete_rows: {at: 0, count: 1}}]"#)
    let log = reuseLog.withLock { $0[5] ?? [] }
    #expect(log.count == 9, "\(log)")
    #expect(log.last?.cell == log.first?.cell)
  }
}

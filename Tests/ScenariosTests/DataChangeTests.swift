import Foundation
import ImageLoaders
import SimTable
import Synchronization
import TestSupport
import Testing

@testable import Scenarios

/// The app's data changes reach its loader (`CellImageLoader.didChangeData`), after the table
/// applied them: UIKit sends no `cancelPrefetchingForRowsAt` for rows deleted from the prefetch
/// window, so this is how a loader learns of them (fuzz findings against `reference`).
@Suite("Data changes reach the loader")
struct DataChangeTests {
  @Test("each data-source event calls didChangeData once, after the table changed")
  func loaderIsTold() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: data-change recorder
        loader: data-change-recorder
        table: {rows: 20}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        invariants: none
        events:
          - {at: "100ms", insert_rows: {at: 0, count: 2}}
          - {at: "200ms", delete_rows: {at: 5, count: 3}}
          - {at: "300ms", move_row: {from: 0, to: 4}}
          - {at: "400ms", reload_rows: [1]}
          - {at: "500ms", set_url: {row: 2, url: "https://img.test/other.png"}}
          - {at: "600ms", reload_data: {}}
          - {at: "700ms", memory_warning: {}}
          - {at: "800ms", drag: {by: 100, over: "50ms"}}
        run_until: "1s"
        """, knownLoaders: ["data-change-recorder"])
    _ = try Simulation.run(
      scenario, loader: DataChangeRecorder.self, fixturesRoot: Repository.fixtures)
    #expect(
      DataChangeRecorder.told.withLock { $0 } == [
        "22 rows", "19 rows", "19 rows", "19 rows", "19 rows, row 2 https://img.test/other.png",
        "19 rows, row 2 https://img.test/other.png",
      ])
  }
}

/// Records each `didChangeData` with the table's row count then (and row 2's URL once it
/// changed).
final class DataChangeRecorder: CatalogLoader {
  static let name = "data-change-recorder"
  static let summary = "records data changes"
  static let told = Mutex<[String]>([])
  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    Self.told.withLock { $0 = [] }
  }
  func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  {}
  func didChangeData(in table: TableView) {
    var text = "\(table.numberOfRows) rows"
    if let url = table.item(at: IndexPath(row: 2, section: 0))?.url, url.hasSuffix("other.png") {
      text += ", row 2 \(url)"
    }
    Self.told.withLock { $0.append(text) }
  }
}

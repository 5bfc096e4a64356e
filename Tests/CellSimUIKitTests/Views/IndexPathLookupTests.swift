import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

// iOS code as written for a device: a cell asks the table where it is, while it is made and
// once it shows.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// Records what `indexPath(for:)` answers for each cell inside `cellForRowAt` (new and reused
/// cells alike) and, a turn later, once it shows.
final class IndexPathAskingViewController: CheckedPhotosViewController {
  var whileMade: [IndexPath?] = []
  var onceShown: [Bool] = []

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell = super.tableView(tableView, cellForRowAt: indexPath)
    whileMade.append(tableView.indexPath(for: cell))
    DispatchQueue.main.async { [self] in
      // Still on screen a turn later: the table knows where it is.
      if tableView.visibleCells.contains(where: { $0 === cell }) {
        onceShown.append(tableView.indexPath(for: cell) == indexPath)
      }
    }
    return cell
  }
}

@Suite("indexPath(for:) answers as UIKit does while a cell is made and once it shows")
struct IndexPathLookupTests {
  @Test("nil inside cellForRowAt for new and reused cells; the row once displayed")
  @MainActor func insideCellForRow() throws {
    let yaml = """
      cellsim: 1
      name: "hosted: cells ask where they are"
      seed: 3
      table: {rows: 200}
      images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
      network: {latency: {min: "40ms", max: "300ms"}}
      events:
        - {at: "1s", fling: {velocity: 4000}}
      run_until: "4s"
      invariants: [no_cross_cell_image]
      """
    let scenario = try Scenario(yaml: yaml, fixturesRoot: Repository.fixtures)
    let made = Box<IndexPathAskingViewController?>(nil)
    let screen = HostedScreen(
      makeViewController: { () -> IndexPathAskingViewController in
        let controller = IndexPathAskingViewController()
        made.value = controller
        return controller
      }, rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let controller = try #require(made.value)
    // The fling reuses cells: many more rows were made than cells exist.
    #expect(controller.whileMade.count > 25)
    #expect(controller.whileMade.allSatisfy { $0 == nil })
    #expect(!controller.onceShown.isEmpty)
    #expect(controller.onceShown.allSatisfy { $0 })
  }
}

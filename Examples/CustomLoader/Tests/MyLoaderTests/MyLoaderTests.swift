import CellSim
import Foundation
import MyLoader
import Testing

let cellSimRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

@Test("my loader passes CellSim's example scenarios")
func examples() throws {
  let folder = cellSimRoot.appendingPathComponent("Scenarios/examples").path
  for file in try ScenarioFiles.find([folder]) {
    ScenarioTesting.run(
      file, loader: MyLoader.self, fixturesRoot: cellSimRoot.appendingPathComponent("Fixtures"))
  }
}

@Test("a file that imports Foundation and CellSim sees one IndexPath, with UIKit's accessors")
func indexPathIsFoundations() {
  let path = IndexPath(row: 3, section: 0)
  let foundation: Foundation.IndexPath = path
  #expect(foundation.row == 3)
  #expect(foundation.section == 0)
  #expect(IndexPath(item: 3, section: 0) == path)
}

@Test("fuzzing my loader finds no cross-cell or corrupt image (a CI-sized campaign)")
func fuzzMyLoader() {
  // Each finding would be one failing issue carrying the shrunk scenario and its replay call;
  // pass `findings: URL(fileURLWithPath: "Findings")` to keep the files, and replay a committed
  // one with `FuzzTesting.replay("Findings/….yaml", loader: MyLoader.self, fixturesRoot: …)`.
  FuzzTesting.fuzz(
    MyLoader.self, seed: 1, cases: 10, fixturesRoot: cellSimRoot.appendingPathComponent("Fixtures"),
    invariants: [.noCrossCellImage, .noCorruptImage])
}

import CellSim
import Foundation
import MyLoader
import Testing

// These tests run in parallel with the others, with no `.serialized` trait: async simulations
// take turns in the process by themselves (see ScenarioTesting.run for async loaders).

/// The scenarios whose invariants this loader promises to keep. It does not coalesce requests
/// for one URL or show a failure image, so `no_duplicate_transfers` and `eventually_loaded`
/// scenarios are not in the list (`async-reference` in CellSim does both).
let asyncPromises = [
  "Scenarios/examples/fling-photos.yaml", "Scenarios/examples/slow-drag-flaky-network.yaml",
  "Scenarios/invariants/no_cross_cell_image.yaml",
  "Scenarios/invariants/cancel_on_end_display.yaml",
  "Scenarios/invariants/cache_hit_on_revisit.yaml", "Scenarios/invariants/bounded_queue.yaml",
  "Scenarios/async/async-unchecked-cross-cell.yaml",
  "Scenarios/async/async-uncancelled-outlives-cell.yaml",
]

@Test("my async loader keeps its promises in CellSim's scenarios", arguments: asyncPromises)
func asyncPromise(file: String) {
  ScenarioTesting.run(
    cellSimRoot.appendingPathComponent(file).path, loader: MyAsyncLoader.self,
    fixturesRoot: cellSimRoot.appendingPathComponent("Fixtures"), expecting: .pass)
}

@Test("one scenario gives one digest, run after run")
func asyncDeterminism() throws {
  let file = cellSimRoot.appendingPathComponent("Scenarios/examples/fling-photos.yaml").path
  let fixtures = cellSimRoot.appendingPathComponent("Fixtures")
  let digests = (0..<5).compactMap {
    _ in ScenarioTesting.run(file, loader: MyAsyncLoader.self, fixturesRoot: fixtures)?.digest
  }
  #expect(digests.count == 5)
  #expect(Set(digests).count == 1)
}

@Test("fuzzing my async loader finds no cross-cell or corrupt image (a CI-sized campaign)")
func fuzzMyAsyncLoader() {
  FuzzTesting.fuzz(
    MyAsyncLoader.self, seed: 1, cases: 10,
    fixturesRoot: cellSimRoot.appendingPathComponent("Fixtures"),
    invariants: [.noCrossCellImage, .noCorruptImage])
}

import Foundation
import ImageLoaders
import SimPlatform
import TestSupport
import Testing

@testable import Scenarios

/// A finished run frees its whole world: thousands of runs in one process (fuzzing, the suite)
/// must not accumulate worlds.
@Suite("Runs free their worlds")
struct LeakTests {
  @Test(
    "after a run, the world, its loader and its images are deallocated",
    arguments: LoaderCatalog.builtIn.names)
  func worldFreed(loader: String) throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: leak
        table: {rows: 60}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: "40ms"}
        events:
          - {at: "300ms", fling: {velocity: 4000}}
        run_until: "3s"
        """)
    weak var world: World?
    weak var memory: MemoryMeter?
    do {
      let run = try SimulationRun(
        scenario: scenario,
        options: SimulationOptions(fixturesRoot: Repository.fixtures, loader: loader))
      world = run.world
      memory = run.world.memory
      _ = try run.execute()
    }
    #expect(world == nil, "the world of a \(loader) run is still alive")
    #expect(memory == nil)
  }
}

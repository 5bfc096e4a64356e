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

  @Test(
    "a run that ends mid-work (workers parked on fetches, frames running) frees its world",
    arguments: LoaderCatalog.builtIn.names, ["350ms", "420ms", "510ms"])
  func worldFreedMidWork(loader: String, end: String) throws {
    // A fling over a fast network: at these instants workers are parked on blocking fetches
    // or decoding, and frames are mid-way. Their executions' steps and waiters hold the
    // executions, which hold the world, until the tear-down drops them.
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: leak-mid-work
        table: {rows: 300}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: "20ms"}
        events: [{at: "300ms", fling: {velocity: 6000}}]
        run_until: "\(end)"
        """)
    weak var world: World?
    do {
      let run = try SimulationRun(
        scenario: scenario,
        options: SimulationOptions(fixturesRoot: Repository.fixtures, loader: loader))
      world = run.world
      _ = try run.execute()
    }
    #expect(world == nil, "the world of a \(loader) run ended at \(end) is still alive")
  }
}

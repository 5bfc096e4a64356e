import Foundation
import ReportedBugs
import Scenarios
import SimPlatform
import TestSupport
import Testing

/// Races where a thread must lose, reached only with scheduling noise or paced cell work.
@Suite("Races that need scheduling noise")
struct RaceNoiseTests {
  let options = SimulationOptions(
    fixturesRoot: Repository.fixtures, catalog: ReportedBugs.catalog)

  func scenario(_ file: String) throws -> Scenario {
    try Scenario(
      contentsOf: Repository.url("Scenarios/invariants/\(file)"),
      fixturesRoot: Repository.fixtures, knownLoaders: ReportedBugs.catalog.names)
  }

  @Test("the off-main check breaks no_cross_cell_image with noise, and the same run without passes")
  func noiseReachesTheWindow() throws {
    let buggy = try scenario("no_cross_cell_image-race.yaml")
    #expect(buggy.noise != nil)
    let noisy = try Simulation.run(buggy, options: options)
    #expect(noisy.violations.violated == [.noCrossCellImage])
    var quiet = buggy
    quiet.noise = nil
    let plain = try Simulation.run(quiet, options: options)
    #expect(plain.violations.isEmpty, "\(plain.violations.firstPerRow.first?.detail ?? "")")
  }

  @Test("no run without noise reaches it: other seeds and the default run pass too")
  func noRunWithoutNoise() throws {
    var quiet = try scenario("no_cross_cell_image-race.yaml")
    quiet.noise = nil
    for seed: UInt64 in [1, 2, 3, 4, 5, 6] {
      quiet.seed = seed
      let result = try Simulation.run(quiet, options: options)
      #expect(result.violations.isEmpty, "seed \(seed)")
    }
  }

  @Test("the fix passes under the same noise and under other schedule seeds")
  func fixHolds() throws {
    let fixed = try scenario("no_cross_cell_image-race-fixed.yaml")
    for seed: UInt64 in [7, 12, 14, 1] {
      var run = options
      run.noiseSeed = seed
      let result = try Simulation.run(fixed, options: run)
      #expect(result.violations.isEmpty, "noise seed \(seed)")
    }
  }

  @Test("a noise seed reproduces its schedule: equal digests, and another seed differs")
  func noiseIsDeterministic() throws {
    let buggy = try scenario("no_cross_cell_image-race.yaml")
    var traced = options
    traced.keepTrace = true
    let first = try Simulation.run(buggy, options: traced)
    let second = try Simulation.run(buggy, options: traced)
    #expect(first.digest == second.digest)
    #expect(first.traceText?.contains("noise.wake thread=main") == true)
    var other = traced
    other.noiseSeed = 8
    #expect(try Simulation.run(buggy, options: other).digest != first.digest)
  }

  @Test("paced cell work opens the half-done pass: the buggy loader breaks it, vsync timing not")
  func pacedPassWindow() throws {
    let buggy = try scenario("no_cross_cell_image-paced.yaml")
    #expect(buggy.table.cellTiming == .paced)
    #expect(buggy.noise == nil, "no noise: the window is the pass itself")
    #expect(try Simulation.run(buggy, options: options).violations.violated == [.noCrossCellImage])
    var atVsync = buggy
    atVsync.table.cellTiming = .vsync
    let plain = try Simulation.run(atVsync, options: options)
    #expect(plain.violations.isEmpty, "\(plain.violations.firstPerRow.first?.detail ?? "")")
    let fixed = try scenario("no_cross_cell_image-paced-fixed.yaml")
    #expect(try Simulation.run(fixed, options: options).violations.isEmpty)
  }
}

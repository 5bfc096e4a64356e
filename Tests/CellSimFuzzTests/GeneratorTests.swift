import Foundation
import Scenarios
import SimKernel
import TestSupport
import Testing

@testable import CellSimFuzz

@Suite("Fuzz case generator")
struct GeneratorTests {
  let generator = CaseGenerator(loader: "reference")

  @Test("a case is a pure function of its seed")
  func deterministic() {
    for index in 0..<20 {
      let seed = FuzzRandom.caseSeed(campaign: 7, index: index)
      #expect(generator.generate(seed: seed).scenario == generator.generate(seed: seed).scenario)
    }
    let a = generator.generate(seed: FuzzRandom.caseSeed(campaign: 7, index: 0)).scenario
    let b = generator.generate(seed: FuzzRandom.caseSeed(campaign: 7, index: 1)).scenario
    #expect(a != b)
  }

  @Test("every case is a valid scenario that reads back equal from its YAML")
  func roundTrip() throws {
    for index in 0..<200 {
      let scenario = generator.generate(seed: FuzzRandom.caseSeed(campaign: 3, index: index))
        .scenario
      let text = scenario.yamlText()
      let read = try Scenario(yaml: text, fixturesRoot: FuzzTestFiles.fixturesRoot)
      #expect(read == scenario, "case \(index):\n\(text)")
    }
  }

  @Test("noise and paced cells come from the case seed's bits, and a noisy case replays exactly")
  func noiseFromSeedBits() throws {
    var quiet = generator
    quiet.noise = false
    for seed: UInt64 in [0, 2, 4, 6, 8, 10, 14] {
      let scenario = generator.generate(seed: seed).scenario
      #expect((scenario.noise != nil) == (seed & 2 != 0), "seed \(seed)")
      #expect((scenario.table.cellTiming == .paced) == (seed & 8 != 0), "seed \(seed)")
      if seed & 6 == 6 { #expect(scenario.noise?.mainTailMax == .ms(8)) }
      // Nothing else moves: the same case without the exploration.
      var rest = scenario
      rest.noise = nil
      rest.table.cellTiming = .vsync
      #expect(rest == quiet.generate(seed: seed).scenario)
    }
    let noisy = generator.generate(seed: 14).scenario
    let read = try Scenario(yaml: noisy.yamlText(), fixturesRoot: FuzzTestFiles.fixturesRoot)
    #expect(read == noisy)
    let runner = FuzzTestFiles.runner
    guard case .ran(let first) = runner.run(noisy, keepTrace: true),
      case .ran(let again) = runner.run(read, keepTrace: true)
    else {
      Issue.record("the noisy case did not run")
      return
    }
    #expect(first.digest == again.digest)
    #expect(first.traceText?.contains("noise.wake") == true)
  }

  @Test("swarm: a case draws events only from its enabled kinds, and kinds vary across cases")
  func swarm() {
    var configurations = Set<String>()
    for index in 0..<200 {
      let (scenario, config) = generator.generate(
        seed: FuzzRandom.caseSeed(campaign: 5, index: index))
      configurations.insert(config.description)
      let allowed = Set(config.events.map(\.rawValue))
        .union(config.events.contains(.disappear) ? ["appear"] : [])
        .union(config.has(.holds) ? ["release_held"] : [])
        .union(config.has(.outages) ? ["offline"] : [])
      for event in scenario.events {
        #expect(allowed.contains(event.action.key), "\(event.action.key) not in \(config)")
      }
      if !config.has(.failures) && !config.has(.corruption) && !config.has(.holds)
        && !config.has(.slowURLs)
      {
        #expect(scenario.network.rules.isEmpty)
      }
      if !config.has(.sharedURLs) { #expect(scenario.images.shared.isEmpty) }
      #expect(scenario.events.allSatisfy { $0.at <= SimTime.zero + SimDuration.s(10) })
      #expect((12...150).contains(scenario.table.rows))
    }
    #expect(configurations.count > 150)
  }

  @Test("an explored loader flag is on in the odd-seeded cases only, and changes nothing else")
  func exploredFlags() {
    var flagged = generator
    flagged.exploredFlags = [CaseGenerator.progressOption]
    for seed: UInt64 in [41, 42] {
      let plain = generator.generate(seed: seed).scenario
      let explored = flagged.generate(seed: seed).scenario
      #expect(
        explored.loader?.option("progress") == (seed % 2 == 1 ? .flag(true) : nil),
        "seed \(seed)")
      var rest = explored
      rest.loader = plain.loader
      #expect(rest == plain)
    }
    // The flagged case runs: reference accepts the option.
    let odd = flagged.generate(seed: 41).scenario
    let result = try? Simulation.run(
      odd, options: SimulationOptions(fixturesRoot: Repository.fixtures))
    #expect(result != nil)
  }

  @Test("without swarm every kind is enabled")
  func everything() {
    var noSwarm = generator
    noSwarm.swarm = false
    let config = noSwarm.generate(seed: 1).swarm
    #expect(config == .everything)
  }

  @Test("generated cases run: no event out of range, no setup error")
  func casesRun() {
    let runner = FuzzTestFiles.runner
    for index in 0..<12 {
      let scenario = generator.generate(seed: FuzzRandom.caseSeed(campaign: 11, index: index))
        .scenario
      if case .failed(let error) = runner.run(scenario) {
        Issue.record("case \(index): \(error)")
      }
    }
  }

  @Test("--base keeps the base's table and images and mutates its trace")
  func base() throws {
    let url = Repository.root.appendingPathComponent(
      "Scenarios/seeds/naive/cross-cell-late-completion.yaml")
    let base = try Scenario(contentsOf: url)
    var around = generator
    around.base = base
    for index in 0..<10 {
      let scenario = around.generate(seed: UInt64(index)).scenario
      #expect(scenario.table == base.table)
      #expect(scenario.images == base.images)
      #expect(scenario.network.rules.starts(with: base.network.rules))
      #expect(scenario.expect == .pass)
      #expect(try Scenario(yaml: scenario.yamlText()) == scenario)
    }
  }
}

import Foundation
import Scenarios
import SimKernel
import Testing

@testable import CellSimFuzz

@Suite("Shrinker")
struct ShrinkerTests {
  let runner = FuzzTestFiles.runner

  /// The first naive case of campaign 1 that breaks no_cross_cell_image, and its shrunk form.
  static let naive: (original: Scenario, shrunk: Scenario, runs: Int) = {
    let generator = CaseGenerator(loader: "naive")
    let runner = FuzzTestFiles.runner
    for index in 0..<50 {
      let scenario = generator.generate(seed: FuzzRandom.caseSeed(campaign: 1, index: index))
        .scenario
      guard runner.violates(scenario, .noCrossCellImage) else { continue }
      var shrinker = Shrinker(runner: runner, invariant: .noCrossCellImage)
      return (scenario, shrinker.shrink(scenario), shrinker.runs)
    }
    fatalError("no naive case of 50 broke no_cross_cell_image")
  }()

  @Test("a naive cross-cell case shrinks to at most 10 events and still breaks the invariant")
  func shrinksNaive() {
    let (original, shrunk, _) = Self.naive
    #expect(shrunk.events.count <= 10)
    #expect(shrunk.events.count < original.events.count)
    #expect(shrunk.table.rows <= original.table.rows)
    #expect(runner.violates(shrunk, .noCrossCellImage))
  }

  @Test("the result is 1-minimal: removing any single event or rule loses the violation")
  func oneMinimal() {
    let shrunk = Self.naive.shrunk
    for index in shrunk.events.indices {
      var candidate = shrunk
      candidate.events.remove(at: index)
      #expect(!runner.violates(candidate, .noCrossCellImage), "event \(index) is not needed")
    }
    for index in shrunk.network.rules.indices {
      var candidate = shrunk
      candidate.network.rules.remove(at: index)
      #expect(!runner.violates(candidate, .noCrossCellImage), "rule \(index) is not needed")
    }
  }

  @Test("a finding reads back as an equal scenario and replays to the same violation and digest")
  func findingReplays() throws {
    let shrunk = Self.naive.shrunk
    let finding = Finding(
      kind: .violation(.noCrossCellImage), scenario: shrunk, campaignSeed: 1, caseIndex: 0,
      originalEvents: Self.naive.original.events.count, campaign: "cellsim fuzz --loader naive")
    let folder = FuzzTestFiles.temporaryFolder("replay")
    let url = try #require(try finding.write(to: folder))
    let read = try Scenario(contentsOf: url)
    #expect(read == finding.scenario)
    #expect(read.expect.violations == [.noCrossCellImage])
    #expect(read.about?.contains("campaign seed 1") == true)
    #expect(read.about?.contains("cellsim replay") == true)
    guard case .ran(let before) = runner.run(shrunk, keepTrace: true),
      case .ran(let after) = runner.run(read, keepTrace: true)
    else {
      Issue.record("a run failed")
      return
    }
    #expect(before.digest == after.digest)
    #expect(before.digest != Trace(retention: .none).digestHex)
    #expect(after.meetsExpectation)
    // Written once: the same finding again is not written over.
    #expect(try finding.write(to: folder) == nil)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names == [finding.fileName])
  }

  @Test("a case runs without a trace, with the verdicts of a traced run")
  func untracedRun() throws {
    let original = Self.naive.original
    guard case .ran(let lean) = runner.run(original),
      case .ran(let traced) = runner.run(original, keepTrace: true)
    else {
      Issue.record("a run failed")
      return
    }
    #expect(lean.violations == traced.violations)
    #expect(lean.metrics.map(\.value) == traced.metrics.map(\.value))
    #expect(lean.events == traced.events)
    #expect(lean.digest == Trace(retention: .none).digestHex)
    #expect(lean.traceText == nil)
    let direct = try Simulation.run(original, options: runner.options)
    #expect(direct.violations == traced.violations)
    var options = runner.options
    options.skipsTrace = false
    #expect(try Simulation.run(original, options: options).digest == traced.digest)
  }

  @Test("shrinking is deterministic and canonical: the same input gives the same text")
  func deterministic() {
    var shrinker = Shrinker(runner: runner, invariant: .noCrossCellImage)
    #expect(shrinker.shrink(Self.naive.original).yamlText() == Self.naive.shrunk.yamlText())
  }

  @Test("delta debugging finds the one needed element of a list")
  func ddmin() {
    var shrinker = Shrinker(runner: runner, invariant: .noCrossCellImage)
    let shrunk = Self.naive.shrunk
    // Pad the shrunk trace with memory warnings before it, then shrink again.
    var padded = shrunk
    var padding: [Scenario.Event] = []
    for step in 1...8 {
      padding.append(
        Scenario.Event(at: SimTime(nanoseconds: Int64(step) * 10_000_000), action: .memoryWarning))
    }
    padded.events = padding + shrunk.events
    #expect(shrinker.shrink(padded).events.count == shrunk.events.count)
  }
}

import ArgumentParser
import AsyncLoaders
import CellSimFuzz
import Foundation
import ImageLoaders
import Scenarios

/// `cellsim shrink FILE [--out FILE]`: shrinks a scenario that violates an invariant to a
/// 1-minimal one that still violates it, and writes it as a canonical finding.
struct ShrinkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shrink",
    abstract: "Shrink a failing scenario to a 1-minimal one that breaks the same invariant.",
    discussion: """
      The invariant is --invariant, else the first of the file's expected violations that the
      run breaks, else the first it breaks. Exit codes: 0 shrunk, 1 the run breaks no
      invariant (nothing to shrink), 2 invalid input.
      """)

  @Argument(help: "The scenario file.")
  var file: String

  @Option(help: "Write the shrunk scenario here (atomically) instead of to stdout.")
  var out: String?

  @Option(help: "Run with this loader instead of the file's.")
  var loader: String?

  @Option(help: "The invariant to keep broken.")
  var invariant: String?

  @Option(help: "The fixtures root (default: Fixtures).")
  var fixtures: String = "Fixtures"

  func validate() throws {
    if let loader, !LoaderCatalog.standard.names.contains(loader) {
      throw ValidationError("--loader: unknown loader \"\(loader)\"")
    }
    if let invariant, Scenario.InvariantID(rawValue: invariant) == nil {
      throw ValidationError("--invariant: unknown invariant \"\(invariant)\"")
    }
  }

  func run() throws {
    try OutputPath.requireInputFolder("shrink", "--fixtures", fixtures)
    try OutputPath.require("shrink", files: [("--out", out)])
    var scenario: Scenario
    do {
      scenario = try Scenario(contentsOf: URL(fileURLWithPath: file))
    } catch {
      FileHandle.standardError.write(Data("cellsim shrink: \(error)\n".utf8))
      throw ExitCode(2)
    }
    if let loader { scenario.loader = Scenario.Loader(name: loader) }
    let runner = CaseRunner(fixturesRoot: URL(fileURLWithPath: fixtures))
    let outcome = runner.run(scenario)
    if case .failed(let error) = outcome {
      FileHandle.standardError.write(Data("cellsim shrink: \(file): \(error)\n".utf8))
      throw ExitCode(2)
    }
    let violated = outcome.violated
    let target =
      invariant.flatMap(Scenario.InvariantID.init(rawValue:))
      ?? scenario.expect.violations.first(where: violated.contains) ?? violated.first
    guard let target, violated.contains(target) else {
      FileHandle.standardError.write(
        Data(
          "cellsim shrink: \(file) breaks \(invariant ?? "no invariant"); nothing to shrink\n".utf8)
      )
      throw ExitCode(1)
    }
    let started = Date()  // allowed: CLI wall time, never in a trace
    var shrinker = Shrinker(runner: runner, invariant: target)
    var shrunk = shrinker.shrink(scenario)
    shrunk.expect = Scenario.Expectation(violations: [target])
    shrunk.about =
      (scenario.about.map { $0 + "\n" } ?? "")
      + "Shrunk by cellsim shrink from \(scenario.events.count) to \(shrunk.events.count) events."
    let elapsed = Int(Date().timeIntervalSince(started) * 1000)  // allowed: CLI wall time
    FileHandle.standardError.write(
      Data(
        ("cellsim shrink: \(target.rawValue): \(scenario.events.count) → \(shrunk.events.count) "
          + "events in \(shrinker.runs) runs, \(elapsed) ms\n")
          .utf8))
    guard let out else {
      print(shrunk.yamlText(), terminator: "")
      return
    }
    let url = URL(fileURLWithPath: out)
    try? FileManager.default.removeItem(at: url)
    _ = try Finding.writeAtomically(
      shrunk.yamlText(), name: url.lastPathComponent, in: url.deletingLastPathComponent())
  }
}

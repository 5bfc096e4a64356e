import Foundation
import ImageLoaders
import SimKernel
import SimPlatform
import SimTable
import TestSupport
import Testing

@testable import Scenarios

/// A loader that declares one request per `cellForRow` and ends it as its `ending` option says:
/// `once` (100 ms later), `twice` (at 100 and 150 ms), `never`, or `undeclared` (declares
/// nothing at all).
final class LifecycleTestLoader: CatalogLoader {
  typealias Cell = TableCell
  static let name = "test-lifecycle"
  static let summary = "declares requests and ends them once, twice or never"
  static let optionSpecs = [
    LoaderOptionSpec(
      "ending", .choice(["once", "twice", "never", "undeclared"]), default: "once",
      "how each request ends")
  ]

  let env: LoaderEnvironment
  let ending: String

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    env = environment
    ending = options.choice("ending")
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    guard ending != "undeclared" else { return }
    let request = env.declareRequest(for: item.url)
    guard ending != "never" else { return }
    env.main.asyncAfter(.ms(100)) { _ in request.ended(.success) }
    if ending == "twice" {
      env.main.asyncAfter(.ms(150)) { _ in request.ended(.cancelled) }
    }
  }
}

/// `one_terminal_callback`: each declared request ends exactly once.
@Suite("one_terminal_callback")
struct OneTerminalCallbackTests {
  func run(_ ending: String, runUntil: String = "3s", within: String = "2s") throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: lifecycle
        loader: {name: test-lifecycle, ending: \(ending)}
        table: {rows: 20}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        run_until: "\(runUntil)"
        invariants: {one_terminal_callback: {within: "\(within)"}}
        """, knownLoaders: ["test-lifecycle"])
    var catalog = LoaderCatalog()
    catalog.register(LifecycleTestLoader.self)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
  }

  @Test("requests that end once pass; a loader that declares nothing is never judged")
  func once() throws {
    #expect(try run("once").violations.isEmpty)
    #expect(try run("undeclared").violations.isEmpty)
  }

  @Test("a second end is flagged when it happens, naming both outcomes")
  func twice() throws {
    let result = try run("twice")
    #expect(result.violations.violated == [.oneTerminalCallback])
    let first = try #require(result.violations.firstPerRow.first)
    #expect(first.time == .zero + .ms(150), "\(first.time)")
    #expect(
      first.detail.contains("ended a second time (cancelled, after success)"), "\(first.detail)")
    #expect(first.row == 0)
  }

  @Test("a request that never ends is flagged at the end of the run, once `within` has passed")
  func never() throws {
    let late = try run("never")
    #expect(late.violations.violated == [.oneTerminalCallback])
    #expect(late.violations.firstPerRow.first?.detail.contains("never ended") == true)
    // Within its allowance at the end of the run: not judged.
    #expect(try run("never", runUntil: "1s").violations.isEmpty)
    #expect(try run("never", within: "5s").violations.isEmpty)
  }

  @Test("the trace records each declared request and each end")
  func traced() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: lifecycle
        loader: {name: test-lifecycle, ending: once}
        table: {rows: 2}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        run_until: "1s"
        invariants: [one_terminal_callback]
        """, knownLoaders: ["test-lifecycle"])
    var catalog = LoaderCatalog()
    catalog.register(LifecycleTestLoader.self)
    let result = try Simulation.run(
      scenario,
      options: SimulationOptions(
        fixturesRoot: Repository.fixtures, catalog: catalog, keepTrace: true))
    let trace = try #require(result.traceText)
    #expect(trace.contains("request.declared id=1 url=https://img.test/0.png"))
    #expect(trace.contains("request.ended id=1 outcome=success"))
  }
}

import Foundation
import ImageLoaders
import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable
import TestSupport
import Testing

@testable import Scenarios

/// A loader that reads each row's image from a disk cache and decodes it on one serial queue,
/// `delay` after `cellForRow`, and with `check: true` skips a row's steps once its cell no
/// longer represents the URL. A disk miss downloads the image instead.
final class DiskQueueTestLoader: CatalogLoader {
  typealias Cell = RepresentingCell
  static let name = "test-disk-queue"
  static let summary = "disk read and decode per row on one serial queue"
  static let optionSpecs = [
    LoaderOptionSpec("check", .bool, default: "false", "skip steps of rows that left"),
    LoaderOptionSpec("delay", .duration, default: "0ms", "wait before queueing the steps"),
    LoaderOptionSpec("decode_queue", .bool, default: "false", "decode on a queue of its own"),
  ]

  let environment: LoaderEnvironment
  let check: Bool
  let delay: SimDuration
  let disk: DiskCache
  let queue: SimulatedQueue
  /// With `decode_queue: true`, where decodes run (else on `queue`, after the read).
  let decodeQueue: SimulatedQueue?
  let memory: MemoryCache<Image>
  let session: SimulatedURLSession

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    check = options.bool("check")
    delay = options.duration("delay")
    disk = environment.diskCache(name: "test.disk")
    queue = environment.serialQueue(label: "test.io")
    decodeQueue =
      options.bool("decode_queue") ? environment.serialQueue(label: "test.decode") : nil
    memory = environment.memoryCache(name: "test.memory", policy: .lru)
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    let url = item.url
    cell.representedURL = url
    if let image = memory.value(forKey: url) {
      cell.imageView.image = image
      return
    }
    cell.imageView.image = nil
    let (disk, queue, check, environment) = (disk, queue, check, environment)
    let decodeQueue = decodeQueue
    let size = table.imagePixelSize
    let show: (Image) -> Void = { image in
      environment.main.async { _ in
        if cell.representedURL == url { cell.imageView.image = image }
      }
    }
    environment.main.asyncAfter(delay) { [session] _ in
      queue.async { execution in
        if check && cell.representedURL != url { return }
        disk.read(url, on: execution) { bytes in
          guard let bytes else {
            session.dataTask(with: url) { execution, result in
              guard case .success(let response) = result else { return }
              environment.decoder.decode(response.body, on: execution) {
                if let image = try? $0.get() { show(image) }
              }
            }.resume()
            return
          }
          let decode = { (execution: Execution) in
            if check && cell.representedURL != url { return }
            environment.decoder.decode(
              bytes, target: .aspectFill(width: size.width, height: size.height), on: execution
            ) {
              if let image = try? $0.get() { show(image) }
            }
          }
          if let decodeQueue { decodeQueue.async(decode) } else { decode(execution) }
        }
      }
    }
  }

  func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    cell.representedURL = nil
  }
}

/// `no_wasted_work`, the `wasted_work` metrics, generated photos and warm starts.
@Suite("Wasted work")
struct WastedWorkTests {
  static var catalog: LoaderCatalog {
    var catalog = LoaderCatalog.standard
    catalog.register(DiskQueueTestLoader.self)
    return catalog
  }

  func run(_ yaml: String) throws -> RunResult {
    let scenario = try Scenario(
      yaml: yaml, fixturesRoot: Repository.fixtures,
      knownLoaders: Self.catalog.names)
    return try Simulation.run(
      scenario,
      options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: Self.catalog))
  }

  /// The disk-queue loader over a warm disk cache of generated photos, jumping from row 0 to
  /// row 60 at 500 ms.
  func jump(
    check: Bool, delay: String, decodeQueue: Bool = false, warm: Bool = true,
    invariants: String = "[no_wasted_work]"
  ) throws -> RunResult {
    try run(
      """
      cellsim: 1
      name: jump
      loader: {name: test-disk-queue, check: \(check), delay: "\(delay)", decode_queue: \(decodeQueue)}
      table: {rows: 100}
      images:
        url: "https://img.test/{id}.png"
        generated: {count: 4, width: 1024, height: 768}
        warm_start: [\(warm ? "{cache: disk, name: test.disk}" : "")]
      events: [{at: "500ms", scroll_to: {row: 60, animated: false}}]
      run_until: "4s"
      invariants: \(invariants)
      """)
  }

  func metric(_ result: RunResult, _ metric: Scenario.Metric) -> Double {
    result.metrics.first { $0.metric == metric }?.value ?? -1
  }

  @Test("work that starts after its rows left counts; work that started before does not")
  func attribution() throws {
    // At once: every first-screen row's read and decode start while the row is on screen,
    // one after the other on the serial queue, long before the jump.
    let prompt = try jump(check: false, delay: "0ms")
    #expect(metric(prompt, .wastedWork) == 0)
    #expect(prompt.violations.isEmpty)
    // A second later: the first-screen rows left at 500 ms, before any of their steps
    // started, so each of their reads and decodes is wasted.
    let late = try jump(check: false, delay: "1s")
    let wasted = metric(late, .wastedWork)
    #expect(wasted >= 10, "\(wasted)")
    #expect(metric(late, .wastedWorkBytes) > 10 * 1024 * 768 * 4)
    #expect(late.violations.violated == [.noWastedWork])
    let detail = try #require(late.violations.firstViolation(of: .noWastedWork)).detail
    #expect(detail.contains("no row wanted any more"), "\(detail)")
    // Decoding on a queue of its own: the decode still serves the read's URL (the dispatch
    // carries the read on), though every fixture is also a needed row's.
    let split = try jump(check: false, delay: "1s", decodeQueue: true)
    #expect(metric(split, .wastedWork) == wasted)
    // A cold disk: each left row's read misses, and the download it starts is decoded in the
    // data task's completion handler, which serves the task's URL.
    let cold = try jump(check: false, delay: "1s", warm: false)
    #expect(metric(cold, .wastedWork) >= wasted, "\(metric(cold, .wastedWork))")
    #expect(metric(cold, .transfers) > 0)
    // The same loader checking for cancellation before each step wastes nothing.
    let checked = try jump(check: true, delay: "1s")
    #expect(metric(checked, .wastedWork) == 0)
    #expect(checked.violations.isEmpty)
  }

  @Test("the bounds: max counts pieces of work, max_bytes their bytes")
  func bounds() throws {
    let many = try jump(
      check: false, delay: "1s", invariants: "{no_wasted_work: {max: 100000}}")
    #expect(many.violations.isEmpty)
    let bytes = try jump(
      check: false, delay: "1s", invariants: "{no_wasted_work: {max: 100000, max_bytes: 1MB}}")
    #expect(bytes.violations.violated == [.noWastedWork])
    let detail = try #require(bytes.violations.firstViolation(of: .noWastedWork)).detail
    #expect(detail.contains("max_bytes"), "\(detail)")
  }

  @Test("the metrics are reported whatever the run checks; the standard set leaves it out")
  func metricsWithoutTheInvariant() throws {
    let result = try jump(check: false, delay: "1s", invariants: "none")
    #expect(metric(result, .wastedWork) > 0)
    #expect(result.violations.isEmpty)
    #expect(!Scenario.Invariants.standard.checks(.noWastedWork))
  }

  @Test("a warm disk cache is hit: no transfer; a cold one downloads")
  func warmDiskHits() throws {
    let warm = try jump(check: true, delay: "0ms")
    #expect(metric(warm, .transfers) == 0)
    #expect(metric(warm, .cacheHits) > 0)
    let cold = try run(
      """
      cellsim: 1
      name: cold
      loader: test-disk-queue
      table: {rows: 20}
      images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
      run_until: "2s"
      invariants: none
      """)
    #expect(metric(cold, .transfers) > 0)
  }

  @Test("a warm memory cache shows reference's first screen with no transfer")
  func warmMemory() throws {
    let result = try run(
      """
      cellsim: 1
      name: warm memory
      loader: reference
      table: {rows: 30}
      images:
        url: "https://img.test/{id}.png"
        fixtures: ["photos/*.png"]
        warm_start: [{cache: memory, name: reference.memory}]
      run_until: "1s"
      """)
    #expect(metric(result, .transfers) == 0)
    #expect(result.violations.isEmpty)
    #expect(result.meetsExpectation)
  }

  @Test("a warm start naming a cache the loader does not make stops the run, naming it")
  func unknownCache() throws {
    let yaml = """
      cellsim: 1
      name: unknown cache
      loader: test-disk-queue
      table: {rows: 10}
      images:
        url: "https://img.test/{id}.png"
        fixtures: ["photos/*.png"]
        warm_start: [{cache: disk, name: nope}]
      run_until: "1s"
      """
    do {
      _ = try run(yaml)
      Issue.record("expected a setup error")
    } catch let error as RunError {
      let text = "\(error)"
      #expect(text.contains("images.warm_start[0]") && text.contains("\"nope\""), "\(text)")
      #expect(text.contains("test.disk"), "\(text)")
    }
    // Another loader running the file skips it, as it skips the file's loader options.
    var scenario = try Scenario(yaml: yaml, knownLoaders: Self.catalog.names)
    scenario.invariants = .none
    let other = try Simulation.run(
      scenario,
      options: SimulationOptions(
        fixturesRoot: Repository.fixtures, loader: "reference", catalog: Self.catalog))
    #expect(other.violations.isEmpty)
  }

  @Test(
    "generated photos and warm starts: errors name the key",
    arguments: [
      ("generated: {count: 33, width: 64, height: 64}", "images.generated.count"),
      ("generated: {count: 1, width: 5000, height: 64}", "images.generated.width"),
      ("generated: {count: 32, width: 4096, height: 4096}", "64 M pixels"),
      ("generated: {count: 2, width: 64}", "height"),
      ("generated: {count: 2, width: 64, height: 64, depth: 8}", "depth"),
      (
        "generated: {count: 2, width: 64, height: 64}\n  warm_start: [{cache: flash, name: x}]",
        "unknown cache kind"
      ),
      (
        "generated: {count: 2, width: 64, height: 64}\n  warm_start: [{cache: disk, name: x}, "
          + "{cache: disk, name: x}]", "listed twice"
      ),
      ("generated: {count: 2, width: 64, height: 64}\n  warm_start: [{cache: disk}]", "name"),
    ])
  func readingErrors(images: String, expected: String) throws {
    let yaml = """
      cellsim: 1
      name: bad
      table: {rows: 10}
      images:
        url: "https://img.test/{id}.png"
        \(images)
      """
    do {
      _ = try Scenario(yaml: yaml)
      Issue.record("expected an error for \(images)")
    } catch {
      #expect(error.diagnostic.contains(expected), "\(error.diagnostic)")
      #expect(error.line > 0)
    }
  }

  @Test("generated photos and warm starts round-trip through YAML; photos are memoised")
  func roundTripAndMemo() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: rt
        table: {rows: 10}
        images:
          url: "https://img.test/{id}.png"
          generated: {count: 3, width: 300, height: 200}
          warm_start: [{cache: disk, name: a}, {cache: memory, name: b}]
        invariants: {no_wasted_work: {max: 3, max_bytes: 2MB}}
        """)
    #expect(scenario.images.fixtures.isEmpty)
    #expect(
      scenario.images.generated == Scenario.GeneratedFixtures(count: 3, width: 300, height: 200))
    #expect(
      scenario.images.warmStart == [
        Scenario.WarmStart(kind: .disk, name: "a"), Scenario.WarmStart(kind: .memory, name: "b"),
      ])
    #expect(
      scenario.invariants.checks == [
        .noWastedWork(max: .count(3), maxBytes: ByteSize(bytes: 2_000_000))
      ])
    let reread = try Scenario(yaml: scenario.yamlText())
    #expect(reread == scenario)
    let key = try #require(GeneratedFixtureMemo.key(ofName: "generated:300x200-2"))
    let first = try #require(GeneratedFixtureMemo.shared.photo(key))
    let again = try #require(GeneratedFixtureMemo.shared.photo(key))
    #expect(first.digest == again.digest)
    let header = try PNGDecoder().readHeader(first.bytes)
    #expect(header.width == 300 && header.height == 200)
    #expect(GeneratedFixtureMemo.key(ofName: "generated/300x200-2.png") == nil)
  }

  @Test("the bundled pair: the buggy model wastes work, the fix none; runs are deterministic")
  func bundledPairDeterministic() throws {
    let file = Repository.url("Scenarios/invariants/no_wasted_work.yaml")
    var scenario = try Scenario(
      contentsOf: file, fixturesRoot: Repository.fixtures, knownLoaders: Self.catalog.names,
      any: true)
    // The museum model is not in this module: the test loader stands in for it, unchecked.
    scenario.loader = Scenario.Loader(name: "test-disk-queue")
    scenario.images.warmStart = [Scenario.WarmStart(kind: .disk, name: "test.disk")]
    let options = SimulationOptions(fixturesRoot: Repository.fixtures, catalog: Self.catalog)
    let first = try Simulation.run(scenario, options: options)
    let second = try Simulation.run(scenario, options: options)
    #expect(first.digest == second.digest)
    #expect(first.metrics.map(\.value) == second.metrics.map(\.value))
    #expect(first.violations.violated.contains(.noWastedWork))
  }
}

import ImageLoaders
import SimKernel
import TestSupport
import Testing

@testable import Scenarios

/// One random case as a scenario: table options, a network script with failures and shared
/// URLs, and a trace of gestures and mutations, all drawn from one seed. Its distribution
/// differs from `cellsim fuzz`'s swarm generator on purpose (a long table whose last rows
/// share the first rows' URLs, several failure rules at once), so the two cover different
/// states; both are judged by the oracle itself.
struct ReferenceFuzzCase {
  static let rows = 80

  /// The scenario for `seed`, run with `loader`.
  static func scenario(seed: UInt64, loader: String) -> Scenario {
    var random = SeededRandom(seed: seed).stream("fuzz")
    // Rows 70–79 share the URLs of rows 0–9; rows 20 and 21 share one URL.
    var images = Scenario.Images(
      urlTemplate: "https://img.test/{id}.png",
      fixtures: ["photos/*.png", "generated/size-640x427-rgb-8bit.png"])
    images.shared = (0..<10).map { [$0, $0 + 70] } + [[20, 21]]
    var network = Scenario.Network(latency: .uniform(min: .ms(20), max: .ms(700)))
    for _ in 0..<6 {
      let url = "https://img.test/\(random.int(in: 0...69)).png"
      switch random.int(in: 0...4) {
      case 0: network.rules.append(.init(match: url, fail: .timeout, after: .ms(150), times: 1))
      case 1: network.rules.append(.init(match: url, fail: .status(503), times: 2))
      case 2: network.rules.append(.init(match: url, fail: .status(404)))
      case 3:
        network.rules.append(.init(match: url, fail: .resetAfter(ByteSize(bytes: 40)), times: 1))
      default: network.rules.append(.init(match: url, latency: .fixed(.ms(1500))))
      }
    }
    let table = Scenario.Table(
      rows: rows, prefetching: random.bool(probability: 0.5), prefetchDistance: 3,
      layoutOrder: random.bool(probability: 0.3) ? .endFirst : .displayFirst,
      cellPrefetching: random.bool(probability: 0.3),
      reuseOrder: random.bool(probability: 0.3) ? .fifo : .lifo)
    var scenario = Scenario(
      name: "reference fuzz case \(seed)", seed: seed, loader: Scenario.Loader(name: loader),
      table: table, images: images, network: network)
    var time: Int64 = 100
    var count = rows
    for _ in 0..<Int(random.int(in: 6...12)) {
      scenario.events.append(.init(at: SimTime.zero + .ms(time), action: action(&random, &count)))
      time += random.int(in: 30...900)
    }
    scenario.events.append(.init(at: SimTime.zero + .ms(time + 1000), action: .lift))
    scenario.runUntil = SimTime.zero + .ms(time + 5000)
    return scenario
  }

  /// One gesture or mutation; `count` is the row count when it applies.
  static func action(_ random: inout RandomStream, _ count: inout Int) -> Scenario.Action {
    let by = Double(random.int(in: -1500...2500))
    let over = random.int(in: 50...600)
    let velocity = Double(random.int(in: -5000...5000))
    let pick = random.int(in: 0...99)
    let row = Int(random.int(in: 0...60))
    switch pick {
    case 0..<30: return .drag(by: by, over: .ms(over))
    case 30..<45: return .release(velocity: velocity)
    case 45..<60: return .fling(velocity: velocity)
    case 60..<66: return .touch
    case 66..<72: return .lift
    case 72..<80: return .scrollTo(row: min(row, count - 1), animated: pick % 2 == 0)
    case 80..<85:
      defer { count += 2 }
      return .insertRows(at: min(row, count), count: 2)
    case 85..<90:
      defer { count -= 1 }
      return .deleteRows(at: min(row, count - 1), count: 1)
    case 90..<94: return .reloadData
    case 94..<97: return .memoryWarning
    default: return .moveRow(from: min(row, count - 1), to: 0)
    }
  }

  /// Runs the case for `seed` with `loader`.
  static func run(seed: UInt64, loader: String) throws -> RunResult {
    try Simulation.run(scenario(seed: seed, loader: loader), fixturesRoot: Repository.fixtures)
  }
}

/// The reference loader under random scrolls, networks and mutations, judged by the oracle
/// (every standard invariant), not by checks of the test's own.
@Suite("Reference loader under fuzzing")
struct ReferenceFuzzTests {
  @Test("reference breaks no invariant", arguments: 0..<40)
  func holdsUnderFuzzing(seed: UInt64) throws {
    let result = try ReferenceFuzzCase.run(seed: seed, loader: "reference")
    let first = result.violations.firstPerRow.prefix(3).map {
      "\($0.invariant.rawValue): \($0.detail)"
    }
    #expect(
      result.violations.violated.isEmpty,
      """
      seed \(seed): \(first.joined(separator: "; "))
      \(ReferenceFuzzCase.scenario(seed: seed, loader: "reference").yamlText())
      """)
  }

  @Test(
    "the same cases catch the seed loaders that check nothing",
    arguments: ["naive", "block-operation", "runloop-buffered"])
  func casesHaveTeeth(loader: String) throws {
    var caught = false
    for seed in UInt64(0)..<10 where !caught {
      let result = try ReferenceFuzzCase.run(seed: seed, loader: loader)
      caught = result.violations.violated.contains(.noCrossCellImage)
    }
    #expect(caught, "\(loader) never showed another row's image in ten cases")
  }

  @Test("every loader gives the same digest when a case runs twice", arguments: [0, 1])
  func deterministic(seed: UInt64) throws {
    for loader in LoaderCatalog.builtIn.names {
      let digests = try (0..<2).map { _ in
        try ReferenceFuzzCase.run(seed: seed, loader: loader).digest
      }
      #expect(digests[0] == digests[1], "\(loader), seed \(seed)")
    }
  }
}

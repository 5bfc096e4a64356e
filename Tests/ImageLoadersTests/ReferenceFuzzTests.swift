import SimKernel
import SimNetwork
import SimPlatform
import SimTable
import Testing

@testable import ImageLoaders

/// One random case: table options, a network script with failures and shared URLs, and a
/// trace of gestures and mutations, all drawn from one seed.
struct FuzzCase {
  let seed: UInt64
  var script = NetworkScript()
  var items: [TableItem] = []
  var configure: (inout TableConfiguration) -> Void = { _ in }
  var events: [(at: Int64, action: (TableView) throws -> Void)] = []
  var end: Int64 = 0

  init(seed: UInt64) {
    self.seed = seed
    var random = SeededRandom(seed: seed).stream("fuzz")
    // Rows 70–79 share the URLs of rows 0–9; rows 20 and 21 share one URL.
    items = (0..<80).map { id in
      TableItem(id: id, url: itemURL(id >= 70 ? id - 70 : (id == 21 ? 20 : id)))
    }
    var rules: [NetworkRule] = []
    for _ in 0..<6 {
      let url = itemURL(Int(random.int(in: 0...69)))
      switch random.int(in: 0...4) {
      case 0: rules.append(NetworkRule(match: url, fail: .timeout, after: .ms(150), times: 1))
      case 1: rules.append(NetworkRule(match: url, fail: .status(503), times: 2))
      case 2: rules.append(NetworkRule(match: url, fail: .status(404)))
      case 3: rules.append(NetworkRule(match: url, fail: .resetAfter(bytes: 40), times: 1))
      default: rules.append(NetworkRule(match: url, latency: .fixed(.ms(1500))))
      }
    }
    script = NetworkScript(latency: .uniform(min: .ms(20), max: .ms(700)), rules: rules)
    let prefetching = random.bool(probability: 0.5)
    let cellPrefetching = random.bool(probability: 0.3)
    let endFirst = random.bool(probability: 0.3)
    let fifo = random.bool(probability: 0.3)
    configure = {
      $0.prefetching = prefetching
      $0.prefetchDistance = 3
      $0.cellPrefetching = cellPrefetching
      $0.layoutOrder = endFirst ? .endFirst : .displayFirst
      $0.reuseOrder = fifo ? .fifo : .lifo
    }
    var time: Int64 = 100
    for _ in 0..<Int(random.int(in: 6...12)) {
      events.append((time, Self.gesture(&random)))
      time += random.int(in: 30...900)
    }
    end = time + 5000
  }

  static func gesture(_ random: inout RandomStream) -> (TableView) throws -> Void {
    let by = Double(random.int(in: -1500...2500))
    let over = random.int(in: 50...600)
    let velocity = Double(random.int(in: -5000...5000))
    let pick = random.int(in: 0...99)
    let row = Int(random.int(in: 0...60))
    switch pick {
    case 0..<30: return { $0.drag(by: by, over: .ms(over)) }
    case 30..<45: return { $0.release(velocity: velocity) }
    case 45..<60: return { $0.fling(velocity: velocity) }
    case 60..<66: return { $0.touch() }
    case 66..<72: return { $0.lift() }
    case 72..<80: return { $0.setContentOffset(Double(row) * 100, animated: pick % 2 == 0) }
    case 80..<85: return { _ = try $0.insertRows(at: min(row, $0.numberOfRows), count: 2) }
    case 85..<90: return { try $0.deleteRows(at: min(row, $0.numberOfRows - 1), count: 1) }
    case 90..<94: return { try $0.reloadData() }
    case 94..<97: return { $0.world.deliverMemoryWarning() }
    default: return { try $0.moveRow(from: min(row, $0.numberOfRows - 1), to: 0) }
    }
  }
}

/// The reference loader under random scrolls, networks and mutations.
@Suite("Reference loader under fuzzing")
struct ReferenceFuzzTests {
  @Test(
    "never shows a wrong image, keeps one transfer per URL, cancels what no row needs, and loads every row at rest",
    arguments: 0..<40)
  func holdsUnderFuzzing(seed: UInt64) throws {
    let fuzz = FuzzCase(seed: seed)
    let harness = try LoaderHarness(
      loader: "reference", items: fuzz.items, seed: seed, script: fuzz.script,
      configure: fuzz.configure)
    var problems: [String] = []
    harness.table.displayLog.subscribe { [unowned harness] frame in
      problems += Self.unneededTransfers(harness, frame)
    }
    harness.network.subscribe { [unowned harness] event in
      guard case .queued = event.kind, harness.network.outstanding(for: event.record.url) > 1
      else { return }
      problems.append("t=\(event.at) a second transfer of \(event.record.url)")
    }
    for event in fuzz.events { harness.at(event.at, event.action) }
    harness.at(fuzz.end - 4000) { $0.lift() }
    try harness.run(untilMs: fuzz.end)
    #expect(harness.wrongImages.isEmpty, "seed \(seed): \(harness.wrongImages.prefix(3))")
    #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
    for row in harness.table.indexPathsForVisibleRows.map(\.row) {
      let url = harness.table.item(at: IndexPath(row: row, section: 0))!.url
      let lastFailed = harness.transfers(of: url).last.map { $0.outcome != .success } ?? false
      let fine =
        harness.showsOwnImage(row: row) || (lastFailed && harness.imageKind(row: row) == .failure)
      #expect(
        fine,
        "seed \(seed): row \(row) at rest shows \(String(describing: harness.imageKind(row: row)))")
    }
  }

  @Test("the same cases catch the seed loaders that check nothing")
  func casesHaveTeeth() throws {
    for loader in ["naive", "block-operation", "runloop-buffered"] {
      var wrong = 0
      for seed in UInt64(0)..<10 {
        let fuzz = FuzzCase(seed: seed)
        let harness = try LoaderHarness(
          loader: loader, items: fuzz.items, seed: seed, script: fuzz.script,
          configure: fuzz.configure)
        for event in fuzz.events { harness.at(event.at, event.action) }
        try harness.run(untilMs: fuzz.end)
        wrong += harness.wrongImages.count
      }
      #expect(wrong > 0, "\(loader) never showed a wrong image in ten cases")
    }
  }

  @Test("every loader gives the same trace digest when a case runs twice", arguments: [0, 1, 2])
  func deterministic(seed: UInt64) throws {
    for loader in LoaderCatalog.builtIn.names {
      let digests = try (0..<2).map { _ in
        let fuzz = FuzzCase(seed: seed)
        let harness = try LoaderHarness(
          loader: loader, items: fuzz.items, seed: seed, script: fuzz.script,
          configure: fuzz.configure)
        for event in fuzz.events { harness.at(event.at, event.action) }
        try harness.run(untilMs: fuzz.end)
        return harness.world.trace.digestHex
      }
      #expect(digests[0] == digests[1], "\(loader), seed \(seed)")
    }
  }

  /// Transfers outstanding at a commit whose URL no displayed or prefetch-window row needs.
  static func unneededTransfers(_ harness: LoaderHarness, _ frame: CommittedFrame) -> [String] {
    var needed = frame.cells.map(\.url)
    for indexPath in harness.table.prefetchWindow {
      if let item = harness.table.item(at: indexPath) { needed.append(item.url) }
    }
    return harness.network.records.filter { $0.isOutstanding && !needed.contains($0.url) }
      .map { "t=\(frame.time) \($0.url) outstanding but not needed" }
  }
}

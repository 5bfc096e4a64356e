import Foundation
import Scenarios
import SimKernel
import SimPlatform
import TestSupport
import Testing

@Suite("Reading valid scenarios")
struct ReadingTests {
  static let everyKey = TestFiles.resourceFolder("Valid").appendingPathComponent("every-key.yaml")

  @Test("A scenario using every key reads to the expected model")
  func everyKeyModel() throws {
    let scenario = try Scenario(contentsOf: Self.everyKey, fixturesRoot: Repository.fixtures)
    #expect(scenario.name == "Every key")
    #expect(scenario.about == "A scenario that uses every key of format version 1.")
    #expect(scenario.seed == 42)
    #expect(
      scenario.loader
        == Scenario.Loader(
          name: "reference",
          options: [
            .init(key: "memory_cache", value: .text("20MB")),
            .init(key: "retries", value: .integer(2)),
            .init(key: "fade", value: .flag(true)), .init(key: "scale", value: .number(1.5)),
          ]))
    #expect(
      scenario.device
        == Scenario.Device(
          profile: "iphone-se",
          overrides: [
            .init(name: "cores", value: .number(2)),
            .init(name: "decode_ns_per_pixel", value: .number(20)),
            .init(name: "decode_fixed", value: .text("200us")),
          ]))
    #expect(scenario.resolvedDevice?.cores == 2)
    #expect(scenario.resolvedDevice?.decodeFixed == .us(200))
    #expect(
      scenario.table
        == Scenario.Table(
          rows: 40, rowHeight: 100, columns: 2, imageSize: .init(width: 120, height: 80),
          prefetching: true, prefetchDistance: 6, preloadMargin: 50, layoutOrder: .endFirst,
          cellPrefetching: true, reuseOrder: .fifo, startOffset: 10))
    #expect(
      scenario.images
        == Scenario.Images(
          urlTemplate: "https://img.test/{id}.png",
          fixtures: ["photos/*.png", "generated/rgb-8bit.png"], shared: [[3, 4, 5], [8, 9]],
          overrides: [
            .init(
              id: 7, url: "https://img.test/big.png",
              fixture: "generated/size-640x427-rgb-8bit.png"),
            .init(id: 10, fixture: "photos/coffee.png"),
          ], uniqueBytes: true))
    #expect(scenario.network == Self.expectedNetwork)
    #expect(scenario.events == Self.expectedEvents)
    #expect(scenario.runUntil == .zero + .s(12))
    #expect(scenario.invariants == Self.expectedInvariants)
    #expect(
      scenario.expect
        == Scenario.Expectation(
          violations: [.noCrossCellImage, .boundedQueue], only: true,
          metrics: [
            .init(metric: .transfers, max: 40), .init(metric: .hitchRatioMsPerS, min: 0, max: 10),
          ]))
  }

  static let expectedNetwork: Scenario.Network = {
    var network = everyKeyNetwork
    network.http2 = true
    return network
  }()

  static let everyKeyNetwork = Scenario.Network(
    latency: .lognormal(median: .ms(80), p99: .ms(400)), bandwidth: ByteSize(bytes: 4_000_000),
    chunkSize: ByteSize(bytes: 8_000), maxConnectionsPerHost: 4,
    rules: [
      .init(match: "*/17.png", latency: .fixed(.s(2))),
      .init(match: "*/18.png", fail: .status(404)),
      .init(match: "*/19.png", fail: .timeout, times: 1),
      .init(match: "*/20.png", fail: .resetAfter(ByteSize(bytes: 1_000))),
      .init(match: "*/21.png", corrupt: .truncate),
      .init(match: "*/22.png", hold: true),
      .init(match: "*/23.png", fail: .timeout, after: .s(5)),
      .init(
        match: "*/24.png", latency: .uniform(min: .ms(10), max: .ms(20)),
        bandwidth: ByteSize(bytes: 500_000), corrupt: .flipBytes),
    ],
    outages: [.init(from: .zero + .s(3), to: .zero + .s(5))])

  static let expectedEvents: [Scenario.Event] = [
    .init(at: .zero, action: .drag(by: 1200, over: .ms(400))),
    .init(at: .zero + .ms(400), action: .release(velocity: 2500)),
    .init(at: .zero + .s(1), action: .fling(velocity: -3000)),
    .init(at: .zero + .s(2), action: .touch),
    .init(at: .zero + .ms(2100), action: .lift),
    .init(at: .zero + .s(3), action: .scrollTo(row: 0, animated: true)),
    .init(at: .zero + .s(3), action: .statusBarTap),
    .init(at: .zero + .s(4), action: .reloadData),
    .init(at: .zero + .s(4), action: .reloadRows([1, 2])),
    .init(at: .zero + .s(4), action: .insertRows(at: 0, count: 2)),
    .init(at: .zero + .s(4), action: .deleteRows(at: 4, count: 1)),
    .init(at: .zero + .s(4), action: .moveRow(from: 0, to: 3)),
    .init(
      at: .zero + .s(4),
      action: .setURL(row: 2, url: "https://img.test/other.png", fixture: "photos/coffee.png")),
    .init(at: .zero + .s(5), action: .setImage(row: 2)),
    .init(at: .zero + .s(5), action: .memoryWarning),
    .init(at: .zero + .s(6), action: .disappear),
    .init(at: .zero + .s(7), action: .appear),
    .init(at: .zero + .s(8), action: .releaseHeld(match: "*/22.png")),
    .init(at: .zero + .s(9), action: .offline(for: .s(2))),
  ]

  static let expectedInvariants = Scenario.Invariants.selected([
    .noCrossCellImage, .noCorruptImage, .eventuallyLoaded(within: .s(3)),
    .cancelOnEndDisplay(within: .ms(16)), .boundedQueue(max: .count(30)), .noDuplicateTransfers,
    .cacheHitOnRevisit(revisit: .s(5)), .noDeliveryStall(within: .ms(100)),
    .frameBudget(maxHitchRatio: 7.5),
    .memoryBudget(max: ByteSize(bytes: 200_000_000)),
  ])

  static let minimal = """
    cellsim: 1
    name: minimal
    table: {rows: 3}
    images: {url: "https://img.test/{id}.png", fixtures: "photos/*.png"}
    """

  @Test("Omitted keys take the format's defaults")
  func defaults() throws {
    let scenario = try Scenario(yaml: Self.minimal)
    #expect(scenario.seed == 0)
    #expect(scenario.loader == nil)
    #expect(scenario.device == nil)
    #expect(scenario.resolvedDevice == DeviceProfile.iPhone15Pro)
    #expect(scenario.table == Scenario.Table(rows: 3))
    #expect(scenario.table.imageSize == .init(width: 72, height: 72))
    #expect(scenario.images.fixtures == ["photos/*.png"])
    #expect(scenario.network == Scenario.Network())
    #expect(scenario.network.chunkSize.bytes == 16_000)
    #expect(scenario.events.isEmpty)
    #expect(scenario.endTime == .zero + .s(5))
    #expect(scenario.invariants == .standard)
    // Fifteen since manual_image_kept and one_terminal_callback joined the standard set.
    #expect(scenario.invariants.checks.count == 15)
    #expect(scenario.expect == .pass)
  }

  @Test("Short forms: loader and device names, list and none invariants, plain numbers as ms")
  func shortForms() throws {
    let yaml =
      Self.minimal + """

        loader: naive
        device: iphone-se
        network: {latency: 80, bandwidth: 1000}
        events:
          - {at: 0.5, touch: }
          - {at: 1, lift: {}}
          - {at: 1, scroll_to: {row: 2}}
        invariants: [no_cross_cell_image, bounded_queue]
        expect: {metrics: {frames: {min: 1}}}
        """
    let scenario = try Scenario(yaml: yaml)
    #expect(scenario.loader == Scenario.Loader(name: "naive"))
    #expect(scenario.device == Scenario.Device(profile: "iphone-se"))
    #expect(scenario.network.latency == .fixed(.ms(80)))
    #expect(scenario.network.bandwidth == ByteSize(bytes: 1000))
    let times: [Int64] = [500_000, 1_000_000, 1_000_000]
    #expect(scenario.events.map(\.at.nanoseconds) == times)
    #expect(scenario.events[2].action == .scrollTo(row: 2, animated: true))
    #expect(scenario.invariants == .selected([.noCrossCellImage, .boundedQueue(max: .visible)]))
    #expect(scenario.expect == .init(metrics: [.init(metric: .frames, min: 1)]))
    #expect(scenario.endTime == .zero + .ms(5001))
    let none = try Scenario(yaml: Self.minimal + "\ninvariants: none\n")
    #expect(none.invariants == .none)
  }

  @Test("Durations round to the nearest nanosecond")
  func durationRounding() throws {
    let scenario = try Scenario(
      yaml: Self.minimal + "\nevents: [{at: 0.0000004, touch: {}}, {at: \"1.0000005ms\", lift: {}}]"
    )
    #expect(scenario.events.map(\.at.nanoseconds) == [0, 1_000_001])
  }

  @Test("Rows are checked against the count after earlier inserts and deletes")
  func rowTracking() throws {
    let yaml =
      Self.minimal + """

        events:
          - {at: 0, insert_rows: {at: 3, count: 2}}
          - {at: 1, scroll_to: {row: 4}}
          - {at: 2, delete_rows: {at: 0, count: 4}}
          - {at: 3, set_image: {row: 0}}
        """
    #expect(try Scenario(yaml: yaml).events.count == 4)
    let tooFar = yaml + "\n  - {at: 4, set_image: {row: 1}}"
    #expect(throws: ScenarioError.self) { try Scenario(yaml: tooFar) }
  }

  @Test("Users' own loaders are accepted when their names are given")
  func customLoaders() throws {
    let yaml = Self.minimal + "\nloader: {name: my-loader, mode: fast}"
    #expect(throws: ScenarioError.self) { try Scenario(yaml: yaml) }
    let scenario = try Scenario(
      yaml: yaml, knownLoaders: Scenario.builtInLoaderNames + ["my-loader"])
    #expect(scenario.loader?.option("mode") == .text("fast"))
  }
}

import Foundation
import Scenarios
import SimKernel
import TestSupport
import Testing

@Suite("Writing scenarios back to YAML")
struct RoundTripTests {
  @Test("Every valid file reads back equal from its yamlText()", arguments: TestFiles.validFiles)
  func roundTrip(file: URL) throws {
    let scenario = try Scenario(contentsOf: file, fixturesRoot: Repository.fixtures)
    let text = scenario.yamlText()
    let again = try Scenario(yaml: text, file: "written", fixturesRoot: Repository.fixtures)
    #expect(again == scenario, "written text:\n\(text)")
    #expect(again.yamlText() == text)
  }

  @Test("Awkward strings, numbers and options survive the round trip")
  func awkwardValues() throws {
    let scenario = Scenario(
      name: "quote \" backslash \\ tab \t newline \n bell \u{7} nel \u{85} ls \u{2028} é 🎞 ",
      about: "", seed: UInt64.max,
      loader: .init(
        name: "reference",
        options: [
          .init(key: "true", value: .number(2)),
          .init(key: "a key: with colon", value: .text("null")),
          .init(key: "tiny", value: .number(1e-300)), .init(key: "big", value: .integer(Int64.min)),
          .init(key: "yes", value: .text("yes")),
        ]),
      // 0.7, not 0.1: a 0.1-point row fits 8,521 cells of 3,000 × 9 px on screen, past the
      // decoded-pixel bound (Scenario.Limits.maxOnscreenDecodedPixels).
      table: .init(rows: 5, rowHeight: 0.7, imageSize: .init(width: 999.999_999_9, height: 3)),
      images: .init(urlTemplate: "https://x.test/{id}?q=#frag", fixtures: ["photos/*.png"]),
      network: .init(latency: .uniform(min: .ns(1), max: .ns(3))),
      events: [
        .init(at: .zero + .ns(7), action: .drag(by: -0.25, over: .zero)),
        .init(at: .zero + .ns(7), action: .scrollTo(row: 1, animated: false)),
      ],
      invariants: .selected([.memoryBudget(max: nil), .frameBudget(maxHitchRatio: 0.1)]),
      expect: .init(metrics: [.init(metric: .decodeMs, min: -1.5, max: 1e12)]))
    let text = scenario.yamlText()
    let again = try Scenario(yaml: text)
    #expect(again == scenario, "written text:\n\(text)")
  }

  @Test("yamlText leaves out defaults")
  func minimalText() throws {
    let scenario = try Scenario(yaml: ReadingTests.minimal)
    #expect(
      scenario.yamlText() == """
        cellsim: 1
        name: "minimal"
        table:
          rows: 3
        images:
          url: "https://img.test/{id}.png"
          fixtures: ["photos/*.png"]

        """)
  }
}

import Scenarios
import Testing

/// Validating `reload_rows` and `shared` lists was quadratic (30,000 entries took
/// 17 s). With linear validation the whole read, YAML parsing included, is far inside the bound.
@Suite("Large lists")
struct LargeListTests {
  static let count = 30_000

  static func scenario(events: String, shared: String) -> String {
    """
    cellsim: 1
    name: large
    table: {rows: \(count)}
    images: {url: "https://img.test/{id}.png", fixtures: "photos/*.png"\(shared)}
    events:
      - {at: "1s", reload_rows: [\(events)]}
    """
  }

  @Test("30,000 reload_rows entries and 30,000 shared ids are read, and a repeat is still caught")
  func thirtyThousand() throws {
    let rows = (0..<Self.count).map(String.init).joined(separator: ", ")
    let groups = stride(from: 0, to: Self.count, by: 2).map { "[\($0), \($0 + 1)]" }
    let clock = ContinuousClock()
    let elapsed = try clock.measure {
      let scenario = try Scenario(
        yaml: Self.scenario(events: rows, shared: ", shared: [\(groups.joined(separator: ", "))]"))
      #expect(scenario.images.shared.count == Self.count / 2)
    }
    // Generous: the quadratic checks alone took 17 s in a release build.
    #expect(elapsed < .seconds(8), "reading took \(elapsed)")
    #expect(throws: ScenarioError.self) {
      try Scenario(yaml: Self.scenario(events: rows + ", 29999", shared: ""))
    }
    #expect(throws: ScenarioError.self) {
      try Scenario(yaml: Self.scenario(events: "1", shared: ", shared: [[1, 2], [3, 1]]"))
    }
  }
}

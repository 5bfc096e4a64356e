import Foundation
import Scenarios
import Testing

/// The event cap, and the bitmaps the device and the table imply, are refused with
/// an error at the field; a glob whose only matches are links out of the fixtures root says so.
@Suite("Resource limits")
struct ResourceLimitTests {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func scenario(device: String = "", table: String = "{rows: 100}", events: String = "")
    -> String
  {
    """
    cellsim: 1
    name: limits
    \(device)
    table: \(table)
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    \(events)
    """
  }

  static func error(_ yaml: String, fixturesRoot: URL? = nil) -> ScenarioError? {
    do {
      _ = try Scenario(yaml: yaml, file: "x.yaml", fixturesRoot: fixturesRoot)
      return nil
    } catch {
      return error
    }
  }

  @Test("more than 100,000 events is refused at the first one past the cap")
  func eventCap() throws {
    let events = (0...Scenario.Limits.maxEvents).map { "  - {at: \($0), touch: {}}" }
    let error = try #require(
      Self.error(Self.scenario(events: "events:\n" + events.joined(separator: "\n"))))
    #expect(error.kind == .outOfRange)
    #expect(error.path == "events[100000]", "\(error)")
    #expect(error.message.contains("100001 events") && error.message.contains("100000"))
  }

  @Test("a scenario built in code meets the event cap too")
  func eventCapInCode() throws {
    var scenario = try Scenario(yaml: Self.scenario())
    scenario.events = Array(
      repeating: Scenario.Event(at: .zero, action: .touch), count: Scenario.Limits.maxEvents + 1)
    #expect {
      _ = try Simulation.run(scenario, fixturesRoot: Self.fixtures)
    } throws: { error in
      guard case .setup(let message) = error as? RunError else { return false }
      return message.hasPrefix("events: ") && message.contains("100000")
    }
  }

  @Test("a screen whose bitmap passes 4096 × 4096 pixels is refused at the size that passed it")
  func screenPixels() throws {
    let error = try #require(
      Self.error(
        Self.scenario(
          device: "device: {profile: iphone-se, screen_width: 9000, screen_height: 9000}")))
    #expect(error.kind == .outOfRange)
    #expect(error.path == "device.screen_height", "\(error)")
    #expect(error.message.contains("16777216"), "\(error.message)")
    // The built-in profiles, and a scale-4 phone, are well inside.
    #expect(Self.error(Self.scenario(device: "device: {profile: iphone-15-pro, scale: 4}")) == nil)
  }

  @Test("cells on screen whose decoded images pass 64 Mi pixels are refused at the field")
  func onscreenPixels() throws {
    // 87 cells of 3,000 × 3,000 px (image_size 1000 at scale 3) on a 852-point screen.
    let big = try #require(
      Self.error(Self.scenario(table: "{rows: 100, row_height: 10, image_size: 1000}")))
    #expect(big.kind == .outOfRange)
    #expect(big.path == "table.image_size", "\(big)")
    #expect(big.message.contains("9000000 pixels per image"), "\(big.message)")
    // A preload margin of a million points makes 22,739 cells of 216 × 216 px.
    let margin = try #require(
      Self.error(Self.scenario(table: "{rows: 100, preload_margin: 1000000}")))
    #expect(margin.path == "table.preload_margin", "\(margin)")
    // The same table on a scale-1 device needs 9 times fewer pixels: image_size 1000 alone,
    // on a tall row, is fine.
    #expect(
      Self.error(Self.scenario(table: "{rows: 100, row_height: 1016, image_size: 1000}")) == nil)
  }

  @Test("a glob that matches only links out of the fixtures root gets its own reason")
  func escapingLinkReason() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appendingPathComponent(
      "cellsim-limit-links-\(ProcessInfo.processInfo.processIdentifier)")
    try? manager.removeItem(at: root)
    try manager.createDirectory(
      at: root.appendingPathComponent("photos"), withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: root) }
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("photos/passwd.png").path,
      withDestinationPath: "/etc/passwd")
    let error = try #require(Self.error(Self.scenario(), fixturesRoot: root))
    #expect(error.kind == .noFixtureMatch)
    #expect(error.message.contains("out of the fixtures root"), "\(error.message)")
    #expect(error.message.contains("/etc/passwd"), "\(error.message)")
    // A glob that matches nothing at all keeps the plain reason.
    try manager.removeItem(at: root.appendingPathComponent("photos/passwd.png"))
    let none = try #require(Self.error(Self.scenario(), fixturesRoot: root))
    #expect(none.message.contains("matches no file"), "\(none.message)")
  }

  @Test("a scenario read without the root, or built in code, gets the same reason when it runs")
  func escapingLinkAtRun() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appendingPathComponent(
      "cellsim-run-links-\(ProcessInfo.processInfo.processIdentifier)")
    try? manager.removeItem(at: root)
    try manager.createDirectory(
      at: root.appendingPathComponent("photos"), withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: root) }
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("photos/passwd.png").path,
      withDestinationPath: "/etc/passwd")
    // Read with no fixtures root: the reader cannot check the glob, the run does.
    let scenario = try Scenario(yaml: Self.scenario())
    #expect {
      _ = try Simulation.run(scenario, fixturesRoot: root)
    } throws: { error in
      guard case .setup(let message) = error as? RunError else { return false }
      return message.hasPrefix("images.fixtures: ") && message.contains("out of the fixtures root")
        && message.contains("/etc/passwd") && !message.contains("match no file")
    }
    // An override whose fixture is such a link is refused, not served.
    try manager.copyItem(
      at: Self.fixtures.appendingPathComponent("photos/astronaut.png"),
      to: root.appendingPathComponent("photos/astronaut.png"))
    var overridden = scenario
    overridden.images.overrides = [Scenario.ImageOverride(id: 3, fixture: "photos/passwd.png")]
    #expect {
      _ = try Simulation.run(overridden, fixturesRoot: root)
    } throws: { error in
      guard case .setup(let message) = error as? RunError else { return false }
      return message.hasPrefix("images.overrides[0].fixture: ")
        && message.contains("is a link that leads out of the fixtures root")
    }
  }

  @Test("a run that would generate more than a million frames is refused at refresh_hz")
  func frameCap() throws {
    let error = try #require(
      Self.error(
        Self.scenario(
          device: "device: {profile: iphone-se, refresh_hz: 1000000}",
          events: "events:\n  - {at: 0, touch: {}}")))
    #expect(error.kind == .outOfRange)
    #expect(error.path == "device.refresh_hz", "\(error)")
    #expect(error.message.contains("5000001 frames"), "\(error.message)")
    #expect(error.message.contains("\(Scenario.Limits.maxFrames)"), "\(error.message)")
    // An hour at 120 Hz is inside.
    #expect(
      Self.error(Self.scenario(device: "device: iphone-15-pro") + "\nrun_until: \"3600s\"") == nil)
    // Built in code, the run refuses it before it starts.
    var scenario = try Scenario(yaml: Self.scenario())
    scenario.device = Scenario.Device(
      profile: "iphone-se",
      overrides: [Scenario.DeviceOverride(name: "refresh_hz", value: .number(1e6))])
    #expect {
      _ = try Simulation.run(scenario, fixturesRoot: Self.fixtures)
    } throws: { error in
      guard case .setup(let message) = error as? RunError else { return false }
      return message.hasPrefix("device: refresh_hz 1000000") && message.contains("frames")
    }
  }

  @Test("a chunk_size that cuts a fixture into more than 100,000 chunks is refused at the field")
  func chunkCap() throws {
    let yaml = Self.scenario() + "\nnetwork: {latency: \"50ms\", chunk_size: 1}"
    let error = try #require(Self.error(yaml, fixturesRoot: Self.fixtures))
    #expect(error.kind == .outOfRange)
    #expect(error.path == "network.chunk_size", "\(error)")
    #expect(error.message.contains("photos/astronaut.png"), "\(error.message)")
    #expect(error.message.contains("791555 chunks"), "\(error.message)")
    // Read without the fixtures root, the run refuses it before it starts.
    let scenario = try Scenario(yaml: yaml)
    #expect {
      _ = try Simulation.run(scenario, fixturesRoot: Self.fixtures)
    } throws: { error in
      guard case .setup(let message) = error as? RunError else { return false }
      return message.hasPrefix("network: a chunk_size of 1 byte(s)") && message.contains("100000")
    }
    // Eight bytes a chunk is inside: 98,945 chunks.
    #expect(
      Self.error(
        Self.scenario() + "\nnetwork: {chunk_size: 8}", fixturesRoot: Self.fixtures) == nil)
  }
}

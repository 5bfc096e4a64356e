import SimKernel
import SimPlatform
import Testing

@testable import Scenarios

/// Reading and writing `noise:` (scheduling noise).
@Suite("Scenario noise")
struct NoiseReadingTests {
  func read(_ noise: String) throws -> Scenario {
    try Scenario(
      yaml: """
        cellsim: 1
        name: noise
        table: {rows: 10}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        noise: \(noise)
        """)
  }

  @Test("a seed alone turns the documented defaults on")
  func seedAlone() throws {
    let scenario = try read("42")
    #expect(scenario.noise == SchedulingNoise(seed: 42))
    #expect(try read("{seed: 42}").noise == SchedulingNoise(seed: 42))
    let plain = try Scenario(
      yaml: """
        cellsim: 1
        name: quiet
        table: {rows: 10}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        """)
    #expect(plain.noise == nil, "off by default")
  }

  @Test("overrides are read, and the YAML written reads back equal")
  func overridesRoundTrip() throws {
    let scenario = try read(
      """
      {seed: 7, worker_immediate: 0.5, worker_wake_min: "1us", worker_wake_max: "80us", \
      worker_tail_max: "4ms", main_wake_max: "300us", main_tail_max: "8ms", \
      tail_probability: 0.2, shuffle_queues: false}
      """)
    let noise = try #require(scenario.noise)
    #expect(noise.workerImmediate == 0.5)
    #expect(noise.workerWake == .us(1) ... .us(80))
    #expect(noise.workerTailMax == .ms(4))
    #expect(noise.mainWake == .us(5) ... .us(300))
    #expect(noise.mainTailMax == .ms(8))
    #expect(noise.tailProbability == 0.2)
    #expect(!noise.shuffleQueues)
    let text = scenario.yamlText()
    #expect(text.contains("noise: {seed: 7, "))
    #expect(try Scenario(yaml: text) == scenario)
    #expect(try read("3").yamlText().contains("\nnoise: 3\n"))
  }

  @Test(
    "bad noise gets an error naming the key",
    arguments: [
      ("{seed: 1, tail_probability: 1.5}", "noise.tail_probability"),
      ("{seed: 1, worker_wake_min: \"90us\", worker_wake_max: \"10us\"}", "noise.worker_wake_max"),
      ("{seed: 1, main_tail_max: \"3s\"}", "noise.main_tail_max"),
      ("{seed: 1, main_wake: \"3us\"}", "noise.main_wake"),
      ("{worker_immediate: 0.1}", "noise"),
      ("-4", "noise"),
      ("fast", "noise"),
    ])
  func errors(text: String, path: String) throws {
    do {
      _ = try read(text)
      Issue.record("no error for \(text)")
    } catch {
      #expect("\(error)".contains(path + ":"), "\(error)")
    }
  }

  @Test("cell_timing reads vsync (the default) and paced, writes paced back, and refuses others")
  func cellTiming() throws {
    func table(_ extra: String) throws -> Scenario {
      try Scenario(
        yaml: """
          cellsim: 1
          name: timing
          table: {rows: 10\(extra)}
          images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
          """)
    }
    #expect(try table("").table.cellTiming == .vsync)
    let paced = try table(", cell_timing: paced")
    #expect(paced.table.cellTiming == .paced)
    #expect(paced.yamlText().contains("cell_timing: paced"))
    #expect(try Scenario(yaml: paced.yamlText()) == paced)
    #expect(!(try table(", cell_timing: vsync").yamlText().contains("cell_timing")))
    do {
      _ = try table(", cell_timing: slow")
      Issue.record("no error for cell_timing: slow")
    } catch {
      #expect("\(error)".contains("table.cell_timing:"), "\(error)")
    }
  }
}

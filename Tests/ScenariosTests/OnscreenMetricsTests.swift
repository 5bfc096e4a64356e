import Foundation
import TestSupport
import Testing

@testable import Scenarios

/// `peak_concurrent_transfers`, and metrics of what the user sees.
@Suite("Metrics of the network and of the screen")
struct OnscreenMetricsTests {
  func run(_ yaml: String) throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: metrics
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        \(yaml)
        """)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures))
  }

  @Test(
    "peak_concurrent_transfers counts transfers holding a slot at once, capped by the host limit",
    arguments: [(3, 3.0), (20, 6.0)])
  func peakConcurrent(rows: Int, expected: Double) throws {
    let result = try run(
      """
      loader: reference
      table: {rows: \(rows)}
      network: {latency: "1s"}
      run_until: "3s"
      """)
    #expect(result.metric(.peakConcurrentTransfers) == expected)
    #expect(result.metric(.transfers) > result.metric(.peakConcurrentTransfers) || rows == 3)
  }

  func buffering(_ percent: Int) throws -> RunResult {
    try run(
      """
      loader: {name: runloop-buffered, mode: common, buffer_percent: \(percent)}
      table: {rows: 200}
      network: {latency: "60ms"}
      events:
        - {at: "500ms", drag: {by: 1500, over: "3s"}}
        - {at: "3500ms", lift: {}}
      run_until: "6s"
      """)
  }

  @Test("without a preload margin, the on-screen metrics equal the displayed-row ones")
  func noMarginSame() throws {
    let result = try buffering(0)
    #expect(result.metric(.blankCellOnscreenMs) > 0)
    #expect(abs(result.metric(.blankCellOnscreenMs) - result.metric(.blankCellMs)) < 0.001)
    #expect(result.metric(.timeToImageOnscreenP50Ms) <= result.metric(.timeToImageP50Ms))
  }

  @Test("a doubled table height makes images appear sooner on screen (seed 003, point 2)")
  func bufferingHelpsOnScreen() throws {
    let off = try buffering(0)
    let on = try buffering(100)
    #expect(on.metric(.blankCellOnscreenMs) < off.metric(.blankCellOnscreenMs) / 2)
    #expect(on.metric(.timeToImageOnscreenP50Ms) < off.metric(.timeToImageOnscreenP50Ms))
    // The displayed-row metrics, which count from the margin, do not show it.
    #expect(on.metric(.blankCellMs) >= off.metric(.blankCellMs))
    // On screen is a subset of displayed.
    #expect(on.metric(.blankCellOnscreenMs) <= on.metric(.blankCellMs))
  }
}

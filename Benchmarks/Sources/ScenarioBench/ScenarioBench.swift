import CellSim
import Foundation

/// Runs `Scenarios/perf/fling-1000.yaml` (1,000 rows, 60 simulated seconds of flinging at
/// 120 Hz, photos as fixtures) with each requested loader and prints how many times faster than
/// real time it runs, plus simulated events per second. The first run of a process pays for the
/// real libpng decodes of the photos (memoized afterwards); it is reported separately.
@main
struct ScenarioBench {
  static func main() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let arguments = CommandLine.arguments.dropFirst()
    let loaders = arguments.isEmpty ? ["reference"] : Array(arguments)
    let file = root.appendingPathComponent("Scenarios/perf/fling-1000.yaml")
    let fixtures = root.appendingPathComponent("Fixtures")
    let scenario = try Scenario(contentsOf: file, fixturesRoot: fixtures)
    let simulated = scenario.endTime.sinceStart.seconds
    print("ScenarioBench: \(file.lastPathComponent), \(Int(simulated)) simulated seconds")
    print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores")
    print("")
    print("| loader | run | wall ms (median) | × real time | sim events | events/s | digest |")
    print("|---|---|---:|---:|---:|---:|---|")
    for loader in loaders {
      let clock = ContinuousClock()
      var cold: Duration = .zero
      var times: [Duration] = []
      var result: RunResult?
      for index in 0..<8 {
        let start = clock.now
        result = try Simulation.run(scenario, loader: loader, fixturesRoot: fixtures)
        let elapsed = clock.now - start
        if index == 0 { cold = elapsed } else { times.append(elapsed) }
      }
      guard let result else { continue }
      let median = times.sorted()[times.count / 2]
      for (label, time) in [("first (cold)", cold), ("warm median of 7", median)] {
        let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) * 1e-18
        print(
          "| \(loader) | \(label) | \(String(format: "%.1f", seconds * 1000)) | "
            + "\(String(format: "%.0f", simulated / seconds))× | \(result.events) | "
            + "\(String(format: "%.2f", Double(result.events) / seconds / 1e6)) M | "
            + "\(result.digest) |")
      }
      if !result.meetsExpectation {
        print("  (\(loader) did not meet the scenario's expectation: \(result.unmetReasons))")
      }
    }
    print("\ntarget: ≥ 1,000× real time (release build)")
  }
}

import Benchmark
import BenchmarkPolicy
import CellSim
import CellSimUIKit
import CellSimUIKitHost
import Foundation
import Gallery

/// `Scenarios/perf/fling-1000.yaml` (1,000 rows, 60 simulated seconds of flinging at 120 Hz)
/// run through the UIKit layer: the gallery's fixed tutorial screen (`URLSession.shared`,
/// `NSCache`, `DispatchQueue.main.async` and a URL check, compiled against CellSimUIKit) hosted
/// by `UIKitHost`, every callback on a blocking thread; and, in the same run, the built-in
/// `reference` loader through the step API. Times real time is 60 s divided by the wall-clock
/// percentile. The target: the hosted run at 750× real time or more (80 ms or less). Every
/// iteration must give its first iteration's digest.
let benchmarks: @Sendable () -> Void = {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let fixtures = root.appendingPathComponent("Fixtures")
  let file = root.appendingPathComponent("Scenarios/perf/fling-1000.yaml")
  let scenario = try! Scenario(contentsOf: file, fixturesRoot: fixtures)
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .microseconds, warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 20,
    thresholds: regressionThresholds())

  let screen = HostedScreen(
    name: "gallery-tutorial",
    makeViewController: { GalleryScreens.tutorial(fixed: true) },
    rows: { controller, urls in GalleryScreens.setURLs(urls, of: controller) })
  let hostedDigest = try! UIKitHost.run(scenario, screen: screen, fixturesRoot: fixtures).digest
  Benchmark(
    "UIKit: fling-1000 (60 s simulated), gallery tutorial screen hosted",
    configuration: configuration
  ) { benchmark in
    let result = try! UIKitHost.run(scenario, screen: screen, fixturesRoot: fixtures)
    precondition(result.digest == hostedDigest, "the hosted fling-1000 changed digest")
    blackHole(result.events)
  }

  let referenceDigest = try! Simulation.run(
    scenario, loader: "reference", fixturesRoot: fixtures
  ).digest
  Benchmark(
    "UIKit: fling-1000 (60 s simulated), reference (step API), same run",
    configuration: configuration
  ) { benchmark in
    let result = try! Simulation.run(scenario, loader: "reference", fixturesRoot: fixtures)
    precondition(result.digest == referenceDigest, "fling-1000 with reference changed digest")
    blackHole(result.events)
  }
}

import Foundation

/// Console output: per-workload lines as results arrive, then summary tables in Markdown.
@MainActor
enum Report {
  /// CellSim's and TestClock's samples for one workload.
  struct ComparisonRow {
    var workload: Workload
    var cellSim: Sample
    var testClock: Sample

    /// CellSim's median rate over TestClock's median rate.
    var medianRatio: Double { cellSim.medianRate / testClock.medianRate }
    /// Whether every sleeper completed on TestClock.
    var testClockComplete: Bool { testClock.events == workload.expectedEvents }
  }

  /// The targets from issue 2.
  static let ratioTarget = 100.0
  static let fullSizeTarget = 10_000_000.0

  static func printMachine() {
    section("KernelBench")
    #if DEBUG
      print("WARNING: debug build; run with -c release for meaningful figures")
    #endif
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    print("machine: \(cores) cores, \(cpuModel())")
    print("timing: ContinuousClock (monotonic wall clock); rates are events per wall second")
  }

  static func section(_ title: String) {
    print("\n## \(title)\n")
  }

  static func printComparison(_ row: ComparisonRow) {
    let tc = row.testClock
    let cs = row.cellSim
    print("\(row.workload.label): \(row.workload.expectedEvents) events expected")
    print(
      "  TestClock: \(tc.events) sleeps completed (every run), \(tc.seconds.count) runs, "
        + "times \(tc.seconds.map { seconds($0) }.joined(separator: " ")), "
        + "median \(rate(tc.medianRate)), order \(tc.isDeterministic ? "same" : "DIFFERED") "
        + "across runs")
    print(
      "  CellSim:   \(cs.events) events (EventLoop.eventsRun) per run, \(cs.seconds.count) runs, "
        + "median \(rate(cs.medianRate)), best \(rate(cs.bestRate)), "
        + "order \(cs.isDeterministic ? "same" : "DIFFERED") across runs "
        + "(digest \(hex(cs.orderDigests.first ?? 0)))")
    print("  ratio (median/median): \(String(format: "%.0f", row.medianRatio))×")
  }

  static func printComparisonTable(_ rows: [ComparisonRow]) {
    print(
      """

      | workload | events | TestClock events/s (median) | CellSim events/s (median) | ratio | target ≥ \(Int(ratioTarget))× |
      |---|---:|---:|---:|---:|---|
      """)
    for row in rows {
      let met = row.medianRatio >= ratioTarget && row.testClockComplete
      print(
        "| \(row.workload.label) | \(row.workload.expectedEvents) | \(rate(row.testClock.medianRate)) "
          + "| \(rate(row.cellSim.medianRate)) | \(String(format: "%.0f", row.medianRatio))× "
          + "| \(met ? "met" : "MISSED") |")
    }
  }

  static func printFull(_ workload: Workload, _ sample: Sample) {
    print(
      "\(workload.label): \(sample.events) events per run (EventLoop.eventsRun), "
        + "times \(sample.seconds.map { seconds($0) }.joined(separator: " ")), "
        + "order \(sample.isDeterministic ? "same" : "DIFFERED") across runs "
        + "(digest \(hex(sample.orderDigests.first ?? 0)))")
  }

  static func printFullTable(_ rows: [(Workload, Sample)]) {
    print(
      """

      | workload | events | runs | best events/s | median events/s | target ≥ 10 M/s |
      |---|---:|---:|---:|---:|---|
      """)
    for (workload, sample) in rows {
      let met = sample.medianRate >= fullSizeTarget
      print(
        "| \(workload.label) | \(sample.events) | \(sample.seconds.count) | \(rate(sample.bestRate)) "
          + "| \(rate(sample.medianRate)) | \(met ? "met" : "MISSED") (median) |")
    }
  }

  static func printPrototypes(_ workload: Workload, _ samples: [(String, Sample)]) {
    print("\(workload.label), \(workload.expectedEvents) events:")
    printPrototypes(samples, referenceName: "EventLoop")
  }

  /// A table of variants; the first is the reference whose order the others must match.
  static func printPrototypes(_ samples: [(String, Sample)], referenceName: String) {
    let reference = samples.first?.1.orderDigests.first ?? 0
    print("| variant | best /s | median /s | same order as \(referenceName) |")
    print("|---|---:|---:|---|")
    for (name, sample) in samples {
      let same = sample.orderDigests.allSatisfy { $0 == reference }
      print(
        "| \(name) | \(rate(sample.bestRate)) | \(rate(sample.medianRate)) | \(same ? "yes" : "NO") |"
      )
    }
    print("")
  }

  /// A rate such as `12.3 M/s` or `4.56 k/s`.
  static func rate(_ value: Double) -> String {
    switch value {
    case 1e6...: return String(format: "%.2f M/s", value / 1e6)
    case 1e3...: return String(format: "%.2f k/s", value / 1e3)
    default: return String(format: "%.0f /s", value)
    }
  }

  static func seconds(_ value: Double) -> String {
    value >= 1 ? String(format: "%.2fs", value) : String(format: "%.1fms", value * 1e3)
  }

  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The CPU model from `/proc/cpuinfo`, or "unknown CPU".
  static func cpuModel() -> String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return "unknown CPU"
    }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      return line.split(separator: ":", maxSplits: 1).last.map {
        $0.trimmingCharacters(in: .whitespaces)
      } ?? "unknown CPU"
    }
    return "unknown CPU"
  }
}

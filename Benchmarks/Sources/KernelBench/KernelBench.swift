import Foundation

/// `swift run -c release --scratch-path .build-bench KernelBench [options]`
///
/// Part 1 measures CellSim's `EventLoop` against swift-clocks' `TestClock` on the same small
/// workloads; part 2 measures CellSim alone at full size. Options override the sizes:
/// `--tc-timers N×M`, `--tc-sleeps K`, `--tc-repeats R`, `--full-repeats R`, `--skip-testclock`,
/// `--skip-full`.
@main
@MainActor
enum KernelBench {
  static func main() async {
    let options = Options(CommandLine.arguments.dropFirst())
    Report.printMachine()
    if !options.skipTestClock {
      await compare(options)
    }
    if !options.skipFull {
      measureFullSize(options)
    }
  }

  /// Part 1: the same workloads on both systems.
  static func compare(_ options: Options) async {
    Report.section("Part 1: CellSim EventLoop vs swift-clocks TestClock (same workloads)")
    let workloads: [Workload] = [
      .timers(count: options.testClockTimers, reschedules: options.testClockReschedules),
      .oneShots(count: options.testClockSleeps),
    ]
    var rows: [Report.ComparisonRow] = []
    for workload in workloads {
      let testClock = await Measure.testClock(workload, repeats: options.testClockRepeats)
      let cellSim = Measure.cellSim(workload, minimumSeconds: 0.5, minimumRepeats: 5)
      rows.append(Report.ComparisonRow(workload: workload, cellSim: cellSim, testClock: testClock))
      Report.printComparison(rows.last!)
    }
    Report.printComparisonTable(rows)
  }

  /// Part 2: CellSim alone at full size.
  static func measureFullSize(_ options: Options) {
    Report.section("Part 2: CellSim EventLoop at full size")
    let workloads: [Workload] = [
      .timers(count: 10_000, reschedules: 100),
      .oneShots(count: 1_000_000),
    ]
    var rows: [(Workload, Sample)] = []
    for workload in workloads {
      let sample = Measure.cellSim(workload, minimumSeconds: 0, minimumRepeats: options.fullRepeats)
      rows.append((workload, sample))
      Report.printFull(workload, sample)
    }
    Report.printFullTable(rows)
  }
}

/// Command-line sizes.
struct Options {
  var testClockTimers = 20
  var testClockReschedules = 20
  var testClockSleeps = 400
  var testClockRepeats = 3
  var fullRepeats = 7
  var skipTestClock = false
  var skipFull = false

  init<S: Sequence<String>>(_ arguments: S) {
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--tc-timers":
        let parts = (iterator.next() ?? "").split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let n = Int(parts[0]), let m = Int(parts[1]) else {
          fatalError("--tc-timers expects N×M (e.g. 20x20)")
        }
        testClockTimers = n
        testClockReschedules = m
      case "--tc-sleeps": testClockSleeps = Self.int(iterator.next(), argument)
      case "--tc-repeats": testClockRepeats = Self.int(iterator.next(), argument)
      case "--full-repeats": fullRepeats = Self.int(iterator.next(), argument)
      case "--skip-testclock": skipTestClock = true
      case "--skip-full": skipFull = true
      default: fatalError("unknown option \(argument); see KernelBench.swift for the options")
      }
    }
  }

  private static func int(_ text: String?, _ option: String) -> Int {
    guard let text, let value = Int(text), value > 0 else {
      fatalError("\(option) expects a positive integer, got \(text ?? "nothing")")
    }
    return value
  }
}

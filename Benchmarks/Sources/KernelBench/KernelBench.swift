import Foundation
import SimKernel

/// `swift run -c release --scratch-path .build-bench KernelBench [options]`
///
/// Part 1 measures CellSim's `EventLoop` against swift-clocks' `TestClock` on the same small
/// workloads; part 2 measures CellSim alone at full size. Options override the sizes:
/// `--tc-timers N×M`, `--tc-sleeps K`, `--tc-repeats R`, `--full-repeats R`, `--skip-testclock`,
/// `--skip-full`, `--prototypes` (adds part 3, heap prototypes).
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
    if options.prototypes {
      comparePrototypes(options)
    }
  }

  /// Part 3 (with `--prototypes`): the full-size workloads on `EventLoop` and on hand-written
  /// heap prototypes, which must run the events in the same order.
  static func comparePrototypes(_ options: Options) {
    Report.section("Part 3: EventLoop vs heap prototypes (full size, same event order)")
    let workloads: [Workload] = [
      .timers(count: 10_000, reschedules: 100),
      .oneShots(count: 1_000_000),
    ]
    compareHeapsAlone(options)
    for workload in workloads {
      let repeats = options.fullRepeats
      func measure<Loop: BenchLoop>(_ loop: Loop.Type) -> Sample {
        Measure.cellSim(workload, minimumSeconds: 0, minimumRepeats: repeats, on: loop)
      }
      let samples: [(String, Sample)] = [
        ("EventLoop (HeapModule min-max heap)", measure(EventLoop.self)),
        ("PrototypeLoop binary heap", measure(PrototypeLoop<DAryHeap<Binary>>.self)),
        ("PrototypeLoop 4-ary heap", measure(PrototypeLoop<DAryHeap<Quaternary>>.self)),
        ("PrototypeLoop radix heap", measure(PrototypeLoop<RadixHeap>.self)),
      ]
      Report.printPrototypes(workload, samples)
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

  /// Part 3a: the heaps alone on the one-shot deadlines (1,000,000 pushes then pops).
  static func compareHeapsAlone(_ options: Options) {
    let keys = Workload.oneShotDeadlines(count: 1_000_000)
    let variants: [(String, () -> UInt64)] = [
      ("HeapModule Heap (min-max)", { HeapOnly.heapModule(keys) }),
      ("binary heap, unsafe buffer", { HeapOnly.queue(keys, DAryHeap<Binary>.self) }),
      ("4-ary heap, unsafe buffer", { HeapOnly.queue(keys, DAryHeap<Quaternary>.self) }),
      ("radix heap on (time, seq)", { HeapOnly.queue(keys, RadixHeap.self) }),
    ]
    var samples: [(String, Sample)] = []
    for (name, body) in variants {
      var sample = Sample(events: keys.count, seconds: [], orderDigests: [])
      for _ in 0..<options.fullRepeats {
        let (digest, seconds) = Stopwatch.time(body)
        sample.seconds.append(seconds)
        sample.orderDigests.append(digest)
      }
      samples.append((name, sample))
    }
    print("heap alone: 1,000,000 random (time, seq) keys pushed, then popped (rate = keys/s):")
    Report.printPrototypes(samples, referenceName: "HeapModule")
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
    print("\nSame workloads through `schedule(at:target:tag:)` (no closure allocated per event):\n")
    var targetRows: [(Workload, Sample)] = []
    for workload in workloads {
      let sample = Measure.cellSimTargets(workload, minimumRepeats: options.fullRepeats)
      precondition(
        Set(sample.orderDigests).count == 1, "EventTarget runs must run events in the same order")
      targetRows.append((workload, sample))
      Report.printFull(workload, sample)
    }
    Report.printFullTable(targetRows)
  }
}

/// Command-line sizes.
struct Options {
  var testClockTimers = 500
  var testClockReschedules = 100
  var testClockSleeps = 6_000
  var testClockRepeats = 3
  var fullRepeats = 7
  var skipTestClock = false
  var skipFull = false
  var prototypes = false

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
      case "--prototypes": prototypes = true
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

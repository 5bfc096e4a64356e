// TableBench: a 10,000-row table flung back and forth for 60 simulated seconds at 120 Hz
// (iphone-15-pro) with a data source that does no work. Prints the ratio of simulated to
// wall-clock time and simulated events per second. Wall time comes from ContinuousClock,
// used by the benchmark only, never by the simulation.
import SimKernel
import SimPlatform
import SimTable

/// One run's deterministic counts and its wall time.
struct RunResult {
  var seconds: Double
  var events: Int
  var frames: Int
  var cellsCreated: Int
  var configured: Int
  var digest: String
}

/// The workload: every 500 ms a fling of 6,000 pt/s, changing direction every four flings.
func runOnce(simulated: SimDuration, options: TableConfiguration, rows: Int) throws -> RunResult {
  let clock = ContinuousClock()
  let start = clock.now
  let world = World(seed: 1, device: .iPhone15Pro)
  let source = CountingDataSource()
  let table = try TableView(
    world: world, model: TableModel(count: rows), configuration: options, dataSource: source)
  var t = SimDuration.ms(100)
  var index = 0
  while t < simulated {
    let velocity: Double = (index / 4) % 2 == 0 ? 6_000 : -6_000
    world.loop.schedule(at: SimTime.zero + t) { table.fling(velocity: velocity) }
    t += .ms(500)
    index += 1
  }
  try world.run(until: SimTime.zero + simulated)
  let elapsed = clock.now - start
  let seconds =
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  return RunResult(
    seconds: seconds, events: world.loop.eventsRun, frames: world.main.frameStats.frames,
    cellsCreated: table.cellCounts.created, configured: source.configured,
    digest: world.trace.digestHex)
}

/// A data source that does no work beyond counting its calls.
final class CountingDataSource: TableDataSource {
  var configured = 0
  func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  {
    configured += 1
  }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let simulated = SimDuration.s(60)
let repeats = 7
var variants: [(String, TableConfiguration)] = [("default options", TableConfiguration())]
var prefetching = TableConfiguration()
prefetching.prefetching = true
prefetching.cellPrefetching = true
variants.append(("prefetching + cell prefetching", prefetching))
var logging = TableConfiguration()
logging.displayLogCapacity = 120
variants.append(("display log keeping 120 frames", logging))

print("TableBench: 10,000 rows, iphone-15-pro (120 Hz), 60 s simulated, flings every 500 ms")
print(
  "| variant | wall (median of \(repeats)) | × real time | events | events/s | frames | cells | cellForRow | digest |"
)
print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
for (name, options) in variants {
  var results: [RunResult] = []
  for _ in 0..<repeats {
    results.append(try runOnce(simulated: simulated, options: options, rows: 10_000))
  }
  precondition(Set(results.map(\.digest)).count == 1, "TableBench: digests differ between runs")
  let wall = median(results.map(\.seconds))
  let first = results[0]
  let ratio = simulated.seconds / wall
  let rate = Double(first.events) / wall
  print(
    "| \(name) | \(String(format3(wall * 1000))) ms | \(Int(ratio.rounded()))× | \(first.events) "
      + "| \(String(format3(rate / 1e6))) M | \(first.frames) | \(first.cellsCreated) "
      + "| \(first.configured) | \(first.digest) |")
}

/// `value` with three decimals, without Foundation.
func format3(_ value: Double) -> String {
  let scaled = Int((value * 1000).rounded())
  let fraction = String(abs(scaled) % 1000)
  return "\(scaled / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}

/// The platform alone: the same world and 60 s with no table, for the frame loop's own cost.
func baseline() -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  let world = World(seed: 1, device: .iPhone15Pro)
  try! world.run(until: SimTime.zero + simulated)
  let elapsed = clock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}
let baselines = (0..<repeats).map { _ in baseline() }
print(
  "platform alone (no table): \(format3(median(baselines) * 1000)) ms, "
    + "\(Int((simulated.seconds / median(baselines)).rounded()))× real time")

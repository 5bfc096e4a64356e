public import Scenarios

/// A run as a Perfetto trace: Chrome's JSON trace-event format, which
/// [ui.perfetto.dev](https://ui.perfetto.dev) and `chrome://tracing` open.
///
/// Built from the run's trace text (what the digest covers) and its violations:
/// - process "Rows": one track per item (an item keeps its track when inserts and deletes move
///   its row), with a slice for each interval a cell displayed it (`willDisplay` to
///   `didEndDisplaying`, args: cell and row), and nested slices for what the cell showed;
/// - process "Network": each transfer as an async slice from queued to its end or cancel, with
///   nested `waiting`, `connecting` and `receiving` phases, its URL and outcome;
/// - process "Threads": work on each simulated thread (`exec.*` lines) and decodes;
/// - process "Display": each frame from its vsync to its commit, hitches on their own track,
///   and the scroll offset as a counter;
/// - violations as global instant events carrying their sentence.
///
/// Virtual time maps exactly to timestamps: `ts` is written in microseconds with three
/// decimals, so every nanosecond survives. Slices still open when the run ends are closed at
/// its end time, so every slice is closed.
public enum PerfettoTrace {
  /// The trace JSON of a run; nil if the result has no trace text (run with `keepTrace`).
  public static func json(for result: RunResult) -> String? {
    guard let text = result.traceText else { return nil }
    var builder = PerfettoBuilder(end: result.endTime.nanoseconds, violations: result.violations)
    builder.header(name: result.name, loader: result.loader, seed: result.seed)
    for record in TraceRecords.parse(text) { builder.add(record) }
    builder.finish()
    return builder.text()
  }
}

/// Process ids of the trace's four groups of tracks.
enum PerfettoProcess: Int {
  case rows = 1
  case network = 2
  case threads = 3
  case display = 4
}

/// Accumulates trace events in trace order.
struct PerfettoBuilder {
  let end: Int64
  let violations: [Violation]
  var events: [String] = []
  /// Open display intervals by cell: (item, start, row), and the open "shows" slice.
  var displayed: [Int64: (item: Int64, start: Int64, row: Int64)] = [:]
  var showing: [Int64: (item: Int64, start: Int64, images: String)] = [:]
  var namedItems: Set<Int64> = []
  /// Open transfers by id: the phase now open.
  var transfers: [Int64: (url: String, phase: String)] = [:]
  /// Track ids of threads, in first-seen order; open exec slices per thread.
  var threadIDs: [String: Int] = [:]
  var executing: [String: (start: Int64, label: String)] = [:]
  /// Violations not yet placed, in report order.
  var pendingViolations: [Violation]

  init(end: Int64, violations: ViolationReport) {
    self.end = end
    self.violations = violations.firstPerRow
    self.pendingViolations = violations.firstPerRow
  }

  mutating func header(name: String, loader: String, seed: UInt64) {
    meta("process_name", pid: .rows, args: [("name", str("Rows (one track per item)"))])
    meta("process_name", pid: .network, args: [("name", str("Network"))])
    meta("process_name", pid: .threads, args: [("name", str("Threads"))])
    meta("process_name", pid: .display, args: [("name", str("Display"))])
    for process in [PerfettoProcess.display, .rows, .network, .threads] {
      meta("process_sort_index", pid: process, args: [("sort_index", String(process.rawValue))])
    }
    meta("thread_name", pid: .display, tid: 1, args: [("name", str("frames"))])
    meta("thread_name", pid: .display, tid: 2, args: [("name", str("hitches"))])
    meta("thread_name", pid: .display, tid: 3, args: [("name", str("violations"))])
    meta(
      "process_labels", pid: .display,
      args: [("labels", str("\(name) · \(loader) · seed \(seed)"))])
  }

  mutating func add(_ r: TraceRecord) {
    switch r.kind {
    case "table.will_display": willDisplay(r)
    case "table.end_display": endDisplay(cell: r.int("cell") ?? -1, at: r.time)
    case "table.show": show(r)
    case "table.scroll":
      if let offset = r["offset"] {
        event(
          "C", name: "scroll offset", pid: .display, tid: 1, ts: r.time,
          args: [("offset", number(offset))])
      }
    case "net.queue", "net.start", "net.first_byte", "net.end", "net.cancel": transfer(r)
    case "exec.start", "exec.end", "decode", "image.decode": thread(r)
    case "frame": frame(r)
    case "oracle.violation": violation(r)
    default: break
    }
  }

  mutating func finish() {
    for cell in displayed.keys.sorted() { endDisplay(cell: cell, at: end) }
    for id in transfers.keys.sorted() {
      guard let open = transfers[id] else { continue }
      asyncEvent("e", id: id, name: open.phase, ts: end)
      asyncEvent("e", id: id, name: open.url, ts: end, args: [("outcome", str("unfinished"))])
    }
    transfers = [:]
    for thread in executing.keys.sorted() {
      guard let open = executing[thread] else { continue }
      complete(open.label, pid: .threads, tid: threadID(thread), from: open.start, to: end)
    }
    // Violations the trace text did not mark (checks at the end of the run).
    for violation in pendingViolations {
      instantViolation(violation, at: violation.time.nanoseconds)
    }
  }

  func text() -> String {
    "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
  }
}

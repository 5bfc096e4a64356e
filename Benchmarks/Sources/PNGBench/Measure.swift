import Foundation

/// Wall-clock measurement helpers (benchmarks only; the simulator never reads a clock).
enum Measure {
  /// Runs `body` once and returns the elapsed time in milliseconds.
  static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let (seconds, attoseconds) = (clock.now - start).components
    return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
  }

  /// The median of `values` (the mean of the middle two for an even count).
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// This process's peak resident set size in bytes: VmHWM from /proc/self/status. (getrusage's
  /// ru_maxrss is not used: Linux carries the parent's peak into a child across fork and exec.)
  static func maxResidentBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return -1 }
    return kilobytes * 1024
  }

  /// Runs this executable again with `arguments` and returns the peak RSS it reports.
  static func childMaxResidentBytes(_ arguments: [String]) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let line = output.split(separator: "\n").first(where: { $0.hasPrefix("peak_rss_bytes=") }),
      let value = Int(line.dropFirst("peak_rss_bytes=".count))
    else { throw BenchError.child(arguments, output) }
    return value
  }
}

/// A benchmark step that could not run.
enum BenchError: Error {
  case child([String], String)
  case direct(String)
}

/// Formatting for the report.
enum Format {
  static func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }
  static func us(_ value: Double) -> String { String(format: "%.1f µs", value * 1000) }
  static func ratio(_ value: Double) -> String { String(format: "%.3f", value) }
  static func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
  static func verdict(_ ok: Bool) -> String { ok ? "MET" : "MISSED" }
}

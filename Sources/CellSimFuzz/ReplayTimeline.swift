package import Scenarios

/// The timeline of a replay: the trace lines from `window` ms before the first violation to
/// 50 ms after it, with the violation marked where it happened.
package enum ReplayTimeline {
  package static func render(_ trace: String, around violation: Violation?, window: Int) -> String {
    guard let violation else { return "no violation; the whole trace has \(trace.count) bytes" }
    let at = violation.time.nanoseconds
    let from = at - Int64(window) * 1_000_000
    let to = at + 50_000_000
    var lines = ["timeline from t=\(from)ns to t=\(to)ns (trace times are nanoseconds):"]
    var marked = false
    for line in trace.split(separator: "\n") {
      guard line.hasPrefix("t="), let space = line.firstIndex(of: " "),
        let time = Int64(line[line.index(line.startIndex, offsetBy: 2)..<space])
      else { continue }
      if time > at && !marked {
        lines.append(">>> \(violation.invariant.rawValue) violated here: \(violation.detail)")
        marked = true
      }
      if time >= from && time <= to { lines.append("  " + line) }
      if time > to { break }
    }
    if !marked {
      lines.append(">>> \(violation.invariant.rawValue) violated here: \(violation.detail)")
    }
    return lines.joined(separator: "\n")
  }
}

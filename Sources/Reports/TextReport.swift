import Scenarios

/// The human summary `cellsim run` prints: one aligned line per scenario, then the first
/// violations of each scenario that did not meet its expectation, with the command that
/// replays it.
package enum TextReport {
  /// The report for `outcomes`.
  package static func render(_ outcomes: [ScenarioOutcome], color: Bool = false) -> String {
    let width = min(60, outcomes.map(\.file.count).max() ?? 0)
    var lines: [String] = []
    for outcome in outcomes {
      let status: String
      if outcome.result == nil {
        status = paint(outcome.isInternalError ? "RUNAWAY" : "INVALID", .red, color)
      } else {
        status = outcome.met ? paint("met    ", .green, color) : paint("NOT MET", .red, color)
      }
      var line = "\(status)  \(pad(outcome.file, width))"
      if let result = outcome.result {
        let violated = result.violations.violated
        line += "  \(result.loader)"
        line +=
          violated.isEmpty
          ? "  no violations" : "  violated: " + violated.map(\.rawValue).joined(separator: ", ")
        line += "  digest \(result.digest)"
      }
      lines.append(line)
    }
    // Invalid and runaway scenarios are diagnostics: `cellsim run` prints them to stderr.
    for outcome in outcomes where !outcome.met && outcome.error == nil {
      lines.append("")
      lines.append("\(outcome.file):")
      guard let result = outcome.result else { continue }
      for reason in result.unmetReasons { lines.append("  - \(reason)") }
      for violation in result.violations.firstPerRow.prefix(5) {
        var place = "t=\(violation.time)"
        if let frame = violation.frame { place += " frame \(frame)" }
        lines.append("  \(violation.invariant.rawValue) at \(place): \(violation.detail)")
      }
      if result.violations.firstPerRow.count > 5 {
        lines.append("  … and \(result.violations.firstPerRow.count - 5) more first violations")
      }
      lines.append("  replay: \(outcome.replayCommand)")
    }
    let met = outcomes.filter(\.met).count
    lines.append("")
    lines.append(
      "\(outcomes.count) scenario\(outcomes.count == 1 ? "" : "s"): \(met) met, \(outcomes.count - met) not met"
    )
    return lines.joined(separator: "\n") + "\n"
  }

  enum Color: String {
    case red = "31"
    case green = "32"
  }

  static func paint(_ text: String, _ c: Color, _ enabled: Bool) -> String {
    enabled ? "\u{1B}[\(c.rawValue)m\(text)\u{1B}[0m" : text
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}

/// JUnit XML for CI: one test case per scenario file.
package enum JUnitReport {
  /// The XML document for `outcomes`.
  package static func render(_ outcomes: [ScenarioOutcome]) -> String {
    // JUnit's convention: a broken expectation is a <failure>; a scenario that could not run
    // (invalid input, a runaway run) is an <error>.
    let errors = outcomes.filter { $0.error != nil }.count
    let failures = outcomes.filter { !$0.met && $0.error == nil }.count
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites><testsuite name=\"cellsim\" tests=\"\(outcomes.count)\" failures=\"\(failures)\""
      + " errors=\"\(errors)\">\n"
    for outcome in outcomes {
      let name = escape(outcome.result?.name ?? outcome.file)
      xml += "  <testcase classname=\"\(escape(outcome.file))\" name=\"\(name)\">"
      if !outcome.met {
        let message =
          outcome.error
          ?? (outcome.result?.unmetReasons ?? []).joined(separator: "; ")
        var body = message
        for violation in outcome.result?.violations.firstPerRow.prefix(5) ?? [] {
          body += "\n\(violation.invariant.rawValue) at t=\(violation.time): \(violation.detail)"
        }
        body += "\nreplay: \(outcome.replayCommand)"
        let element = outcome.error == nil ? "failure" : "error"
        xml += "<\(element) message=\"\(escape(message))\">\(escape(body))</\(element)>"
      }
      xml += "</testcase>\n"
    }
    xml += "</testsuite></testsuites>\n"
    return xml
  }

  static func escape(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case _ where c.value < 0x20 && c != "\n" && c != "\t": out += "?"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }
}

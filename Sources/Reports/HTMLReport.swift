import Foundation
import Scenarios

/// `--report DIR`: a self-contained HTML page per run, with inline CSS, SVG and PNG (as `data:`
/// URIs) and no network asset, so it opens from disk anywhere and can be attached to a bug.
///
/// A page holds the scenario and a summary of the result; the violations with their
/// sentences; a filmstrip of the frames around the first violation, drawn from the real
/// decoded pixels with the offending cell outlined and labelled; a per-item timeline of
/// displayed intervals, what each cell showed, transfers, decodes and violations, which scrolls
/// sideways for long runs; the scroll offset over time; the metrics; and the replay command.
/// All user text goes through `HTML.text`.
package enum HTMLReport {
  /// The page for one run.
  package static func page(_ run: ReportedRun) -> String {
    let result = run.result
    var body = ""
    body += "<h1>\(HTML.text(result.name))</h1>\n"
    if let about = run.scenario.about { body += "<p class=\"about\">\(HTML.text(about))</p>\n" }
    body += summary(run)
    body += filmstrip(run)
    body += violations(run)
    body += "<h2>Timeline</h2>\n" + Timeline(run: run).svg()
    body += "<h2>Scroll offset</h2>\n" + offsets(run)
    body += metrics(result)
    body += "<h2>Scenario</h2>\n<pre>\(HTML.text(run.scenario.yamlText()))</pre>\n"
    body += "<h2>Replay</h2>\n<pre>\(HTML.text(run.replayCommand))</pre>\n"
    return document(title: "\(result.name) · \(result.loader)", body: body)
  }

  /// A whole HTML document around `body`.
  package static func document(title: String, body: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(HTML.text(title))</title>
    <style>\(css)</style>
    </head>
    <body>
    \(body)<footer>Made by CellSim. Virtual time; one run is a pure function of the scenario, seed, loader and fixtures.</footer>
    </body>
    </html>

    """
  }

  static let css = """
    body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:24px;color:#1d1d1f;max-width:1400px}
    h1{font-size:22px;margin:0 0 4px} h2{font-size:17px;margin:28px 0 8px}
    .about{color:#555;max-width:70em} table{border-collapse:collapse}
    td,th{border-bottom:1px solid #e3e3e8;padding:3px 10px 3px 0;text-align:left;vertical-align:top}
    td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
    .met{color:#137333;font-weight:600} .unmet{color:#c5221f;font-weight:600}
    pre{background:#f5f5f7;padding:10px;overflow:auto;font-size:12px}
    .scroll{overflow:auto;max-height:75vh;border:1px solid #e3e3e8}
    .film{display:flex;gap:14px;overflow-x:auto;padding-bottom:8px}
    figure{margin:0} figcaption{font-size:12px;color:#555;max-width:260px;line-height:1.3;margin-top:4px}
    .shot{position:relative;display:inline-block;line-height:0}
    .shot img{border:1px solid #ccc} .culprit img{border:2px solid #e61428}
    .label{position:absolute;background:#e61428;color:#fff;font-size:11px;line-height:1.3;
      padding:1px 4px;max-width:95%;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
    .legend span{display:inline-block;margin-right:14px} .legend i{display:inline-block;
      width:12px;height:10px;margin-right:4px;vertical-align:middle}
    footer{margin-top:36px;color:#888;font-size:12px}
    """

  static func summary(_ run: ReportedRun) -> String {
    let r = run.result
    let verdict =
      r.meetsExpectation
      ? "<span class=\"met\">expectation met</span>"
      : "<span class=\"unmet\">expectation not met</span>: "
        + HTML.text(r.unmetReasons.joined(separator: "; "))
    let violated = r.violations.violated.map(\.rawValue).joined(separator: ", ")
    let rows: [(String, String)] = [
      ("file", HTML.text(run.file)), ("loader", HTML.text(r.loader)), ("seed", String(r.seed)),
      ("result", verdict),
      ("violated", violated.isEmpty ? "nothing" : HTML.text(violated)),
      ("digest", HTML.text(r.digest)),
      ("simulated", "\(HTML.number(Double(r.endTime.nanoseconds) / 1e6)) ms, \(r.events) events"),
    ]
    return "<table class=\"summary\">"
      + rows.map { "<tr><th>\($0.0)</th><td>\($0.1)</td></tr>" }.joined() + "</table>\n"
  }

  static func violations(_ run: ReportedRun) -> String {
    let report = run.result.violations
    guard !report.isEmpty else { return "<h2>Violations</h2>\n<p>None.</p>\n" }
    var html = "<h2>Violations</h2>\n<table><tr><th>invariant</th><th>count</th><th>at</th>"
    html += "<th>frame</th><th>row</th><th>cell</th><th>what happened</th></tr>\n"
    for (index, v) in report.firstPerRow.prefix(500).enumerated() {
      if index == 12 {
        html +=
          "</table>\n<details><summary>\(report.firstPerRow.count - 12) more</summary><table>\n"
      }
      html += "<tr><td>\(HTML.text(v.invariant.rawValue))</td>"
      html += "<td class=\"n\">\(report.count(v.invariant))</td>"
      html += "<td class=\"n\">\(HTML.number(Double(v.time.nanoseconds) / 1e6)) ms</td>"
      html += "<td class=\"n\">\(v.frame.map(String.init) ?? "–")</td>"
      html += "<td class=\"n\">\(v.row.map(String.init) ?? "–")</td>"
      html += "<td class=\"n\">\(v.cell.map(String.init) ?? "–")</td>"
      html += "<td>\(HTML.text(v.detail))</td></tr>\n"
    }
    if report.firstPerRow.count > 500 { html += "<tr><td colspan=\"7\">… and more</td></tr>\n" }
    return html + (report.firstPerRow.count > 12 ? "</table></details>\n" : "</table>\n")
  }

  static func filmstrip(_ run: ReportedRun) -> String {
    guard let violation = run.firstViolation, !run.capture.frames.isEmpty else { return "" }
    var html = "<h2>Filmstrip around the first violation</h2>\n"
    html += "<p>\(HTML.text(violation.invariant.rawValue)) at "
    html += "\(HTML.number(Double(violation.time.nanoseconds) / 1e6)) ms: "
    html += "\(HTML.text(violation.detail))</p>\n<div class=\"film\">\n"
    let thumbnails = Filmstrip.Thumbnails()
    for frame in run.capture.frames {
      let culprit = frame.frame == violation.frame ? violation.cell : nil
      guard let png = try? Filmstrip.png(frame, culprit: culprit, thumbnails: thumbnails) else {
        continue
      }
      let uri = "data:image/png;base64," + Data(png).base64EncodedString()
      let width = min(260, Int(frame.viewportWidth.rounded()))
      html += "<figure><div class=\"shot\"><img alt=\"frame \(frame.frame)\" width=\"\(width)\" "
      html += "src=\(HTML.attribute(uri))>"
      if let culprit, let cell = frame.cells.first(where: { $0.cellID == culprit }) {
        let top = max(0, cell.frame.y) / frame.viewportHeight * 100
        let left = max(0, cell.frame.x) / frame.viewportWidth * 100
        let text =
          "cell \(cell.cellID) · row \(cell.row) · shows \(cell.summary)"
          + (violation.urls.isEmpty ? "" : " · " + violation.urls.joined(separator: " "))
        html +=
          "<div class=\"label\" style=\"top:\(HTML.number(top))%;left:\(HTML.number(left))%\">"
        html += "\(HTML.text(text))</div>"
      }
      html += "</div><figcaption>frame \(frame.frame) at "
      html += "\(HTML.number(Double(frame.time.nanoseconds) / 1e6)) ms"
      html += culprit == nil ? "" : " — the violation"
      html += "</figcaption></figure>\n"
    }
    return html + "</div>\n"
  }

  static func offsets(_ run: ReportedRun) -> String {
    let points = run.capture.offsets
    guard let last = points.last else { return "<p>No frames.</p>\n" }
    let end = max(1, Double(max(last.time.nanoseconds, run.result.endTime.nanoseconds)) / 1e6)
    let width = min(4000, max(600, end / 5))
    let low = min(0, points.map(\.offset).min() ?? 0)
    let high = max(1, points.map(\.offset).max() ?? 1)
    let height = 160.0
    let step = max(1, points.count / 4000)
    var path = ""
    for index in stride(from: 0, to: points.count, by: step) {
      let p = points[index]
      let x = Double(p.time.nanoseconds) / 1e6 / end * width
      let y = height - (p.offset - low) / (high - low) * (height - 10) - 5
      path += (path.isEmpty ? "M" : " L") + HTML.number(x) + " " + HTML.number(y)
    }
    return """
      <div class="scroll"><svg width="\(HTML.number(width))" height="\(Int(height) + 20)">
      <path d="\(path)" fill="none" stroke="#0a66c2" stroke-width="1.5"/>
      <text x="4" y="\(Int(height) + 14)" font-size="11" fill="#555">0 to \(HTML.number(end)) ms · offset \(HTML.number(low)) to \(HTML.number(high)) pt</text>
      </svg></div>

      """
  }

  static func metrics(_ result: RunResult) -> String {
    var html = "<h2>Metrics</h2>\n<table>"
    for (metric, value) in result.metrics {
      html +=
        "<tr><th>\(HTML.text(metric.rawValue))</th><td class=\"n\">\(HTML.number(value))</td></tr>"
    }
    return html + "</table>\n"
  }
}

package import Foundation
import Scenarios

/// Writes `--report DIR`: `index.html` for one run; for several, `index.html` lists them and
/// links one page each under `runs/`. Files are written atomically (a temporary file, then a
/// rename), so an interrupted write never leaves half a page.
package enum ReportWriter {
  /// One page per entry: a run, or the error that kept it from running.
  package typealias Entry = (file: String, run: Result<ReportedRun, ReportError>)

  /// Writes the reports for `entries` into `directory` (created if missing) and returns the
  /// path of the page to open.
  @discardableResult
  package static func write(_ entries: [Entry], to directory: URL) throws -> URL {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let index = directory.appendingPathComponent("index.html")
    if entries.count == 1, case .success(let run) = entries[0].run {
      try HTMLReport.page(run).write(to: index, atomically: true, encoding: .utf8)
      return index
    }
    let runs = directory.appendingPathComponent("runs")
    try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
    var rows = ""
    for (number, entry) in entries.enumerated() {
      switch entry.run {
      case .success(let run):
        let name = pageName(number, run.file, run.result.loader)
        try HTMLReport.page(run).write(
          to: runs.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let verdict =
          run.result.meetsExpectation
          ? "<span class=\"met\">met</span>" : "<span class=\"unmet\">not met</span>"
        let violated = run.result.violations.violated.map(\.rawValue).joined(separator: ", ")
        rows += "<tr><td><a href=\(HTML.attribute("runs/" + name))>\(HTML.text(run.file))</a></td>"
        rows += "<td>\(HTML.text(run.result.loader))</td><td>\(verdict)</td>"
        rows += "<td>\(HTML.text(violated.isEmpty ? "–" : violated))</td></tr>\n"
      case .failure(let error):
        rows += "<tr><td>\(HTML.text(entry.file))</td><td>–</td>"
        rows +=
          "<td class=\"unmet\">did not run</td><td>\(HTML.text(error.description))</td></tr>\n"
      }
    }
    let body =
      "<h1>CellSim report</h1>\n<table><tr><th>scenario</th><th>loader</th><th>result</th>"
      + "<th>violated</th></tr>\n\(rows)</table>\n"
    try HTMLReport.document(title: "CellSim report", body: body)
      .write(to: index, atomically: true, encoding: .utf8)
    return index
  }

  /// A file name for run `number`: its number, then its path and loader reduced to letters,
  /// digits and dashes (user text never becomes a path as it is).
  package static func pageName(_ number: Int, _ file: String, _ loader: String) -> String {
    let stem = (file.split(separator: "/").suffix(2).joined(separator: "-") + "-" + loader)
      .replacingOccurrences(of: ".yaml", with: "").replacingOccurrences(of: ".yml", with: "")
    let safe = String(
      stem.unicodeScalars.map {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          ? Character($0) : "-"
      }.prefix(80))
    let digits = String(number + 1)
    return String(repeating: "0", count: max(0, 3 - digits.count)) + digits + "-" + safe + ".html"
  }
}

/// `compare --report DIR`: one page per (scenario, loader) under `runs/`, written as each run
/// ends (so memory holds one run at a time), and an index that shows the loaders side by side
/// on each scenario: what each broke, two key metrics, and a link to its page.
package struct ComparisonReport {
  let directory: URL
  let loaders: [String]
  var rows: [String] = []
  var pages = 0

  /// A report into `directory` (created if missing) for `loaders`, in that column order.
  package init(directory: URL, loaders: [String]) throws {
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("runs"), withIntermediateDirectories: true)
    self.directory = directory
    self.loaders = loaders
  }

  /// Adds the row of `file`: one run (or error) per loader, in the column order.
  package mutating func add(file: String, runs: [Result<ReportedRun, ReportError>]) throws {
    var row = "<tr><th>\(HTML.text(file))</th>"
    for (loader, run) in zip(loaders, runs) {
      switch run {
      case .success(let run):
        let name = ReportWriter.pageName(pages, file, loader)
        pages += 1
        try HTMLReport.page(run).write(
          to: directory.appendingPathComponent("runs").appendingPathComponent(name),
          atomically: true, encoding: .utf8)
        let violated = run.result.violations.violated.map(\.rawValue)
        let verdict =
          violated.isEmpty
          ? "<span class=\"met\">no violations</span>"
          : "<span class=\"unmet\">\(HTML.text(violated.joined(separator: ", ")))</span>"
        let p50 = run.result.metric(.timeToImageP50Ms)
        let blank = run.result.metric(.blankCellMs)
        row += "<td><a href=\(HTML.attribute("runs/" + name))>\(verdict)</a><br>"
        row += "<small>p50 \(HTML.number(p50)) ms · blank \(HTML.number(blank)) ms</small></td>"
      case .failure(let error):
        row += "<td class=\"unmet\">did not run: \(HTML.text(error.description))</td>"
      }
    }
    rows.append(row + "</tr>\n")
  }

  /// Writes the index and returns its path.
  @discardableResult
  package func finish() throws -> URL {
    let header = loaders.map { "<th>\(HTML.text($0))</th>" }.joined()
    let body =
      "<h1>CellSim comparison</h1>\n<p>Each cell: the invariants the loader broke on the "
      + "scenario (expectations are ignored), its median time to image and its blank-cell time; "
      + "follow it for the run's report.</p>\n<table><tr><th>scenario</th>\(header)</tr>\n"
      + rows.joined() + "</table>\n"
    let index = directory.appendingPathComponent("index.html")
    try HTMLReport.document(title: "CellSim comparison", body: body)
      .write(to: index, atomically: true, encoding: .utf8)
    return index
  }
}

import Foundation
import PNGRender
import ReportedBugs
import Reports
import Scenarios
import TestSupport
import Testing

private let root = Repository.root
private let fixtures = root.appendingPathComponent("Fixtures")

private func report(_ file: String, loader: String? = nil) throws -> ReportedRun {
  let runner = SuiteRunner(
    options: SimulationOptions(
      fixturesRoot: fixtures, loader: loader, catalog: ReportedBugs.catalog))
  return try runner.report(file: root.appendingPathComponent(file).path)
}

/// Records an issue for each thing wrong with the page (`reportPageProblems`).
private func checkPage(_ html: String, _ label: String) {
  let problems = reportPageProblems(html)
  #expect(problems.isEmpty, "\(label): \(problems.joined(separator: "; "))")
}

@Suite("HTML reports")
struct HTMLReportTests {
  @Test(
    "every page is well-formed and self-contained",
    arguments: [
      "Scenarios/examples/fling-photos.yaml", "Scenarios/invariants/no_cross_cell_image.yaml",
      "Scenarios/invariants/eventually_loaded.yaml", "Scenarios/examples/grid-mutations.yaml",
    ])
  func wellFormed(_ file: String) throws {
    for loader in ["naive", "reference"] {
      let page = HTMLReport.page(try report(file, loader: loader))
      checkPage(page, "\(file) with \(loader)")
      #expect(page.contains("<h2>Timeline</h2>") && page.contains("<h2>Metrics</h2>"))
    }
  }

  @Test("the outlined cell of the filmstrip shows the wrong image's own pixels")
  func filmstripShowsTheWrongImage() throws {
    let run = try report("Scenarios/invariants/no_cross_cell_image.yaml", loader: "naive")
    let violation = try #require(run.firstViolation)
    #expect(violation.invariant == .noCrossCellImage)
    let frame = try #require(run.capture.frames.first { $0.frame == violation.frame })
    #expect(run.capture.frames.count >= 2, "frames around the violation")
    let cell = try #require(frame.cells.first { $0.cellID == violation.cell })
    let shown = try #require(cell.pixels)
    // The image on screen is the decode of a fixture's bytes: find them by their digest.
    let digest = String(
      try #require(
        cell.summary.split(separator: ":").dropFirst().first?.split(separator: "/").first))
    let files = try FileManager.default.contentsOfDirectory(
      at: fixtures.appendingPathComponent("photos"), includingPropertiesForKeys: nil)
    let bytes = try #require(
      files.map { [UInt8](try! Data(contentsOf: $0)) }.first {
        ContentDigest(of: $0).description == digest
      })
    let own = try PNGDecoder().decode(bytes).bitmap
    #expect(own == shown, "naive shows the full-size decode")
    // The filmstrip draws exactly those pixels into the cell's image rectangle.
    let picture = Filmstrip.render(frame, culprit: cell.cellID)
    let slot = cell.imageFrame.pixels(1)
    let expected = Filmstrip.scaled(own, width: slot.width, height: slot.height)
    var differences = 0
    for y in 0..<slot.height where slot.y + y >= 0 && slot.y + y < picture.height {
      for x in 0..<slot.width where slot.x + x < picture.width {
        let p = ((slot.y + y) * picture.width + slot.x + x) * 4
        let e = (y * expected.width + x) * 4
        if Array(picture.pixels[p..<(p + 3)]) != Array(expected.pixels[e..<(e + 3)]) {
          differences += 1
        }
      }
    }
    #expect(differences == 0)
    // …and those are not the bytes delivered for the cell's own URL.
    let text = try #require(run.result.traceText)
    let records = TraceRecords.parse(text)
    let ownIDs = Set(
      records.filter { $0.kind == "net.queue" && $0["url"] == cell.url }.compactMap { $0.int("id") }
    )
    let ownDigests = records.filter { $0.kind == "net.end" && ownIDs.contains($0.int("id") ?? -1) }
      .compactMap { $0["digest"] }
    #expect(!ownDigests.contains(digest))
    // The culprit cell is outlined.
    let box = cell.frame.pixels(1)
    let corner = (max(0, box.y + 1) * picture.width + box.x + 1) * 4
    #expect(Array(picture.pixels[corner..<(corner + 4)]) == Filmstrip.outline)
  }

  @Test("hostile names, about texts and URLs stay inert")
  func hostileText() throws {
    let hostile = "<script>alert('x')</script> & \"q\" \u{0} </pre></svg>"
    let yaml = """
      cellsim: 1
      name: "\(hostile.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\u{0}", with: "\\0"))"
      about: "<img src=https://evil.test/x.png onerror=alert(1)>"
      table: {rows: 30}
      images: {url: "https://img.test/<b>{id}\\".png", fixtures: ["photos/*.png"]}
      events:
        - {at: "100ms", fling: {velocity: 3000}}
      """
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-html-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("hostile.yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    let runner = SuiteRunner(options: SimulationOptions(fixturesRoot: fixtures, loader: "naive"))
    let run = try runner.report(file: file.path)
    let page = HTMLReport.page(run)
    checkPage(page, "hostile")
    #expect(!page.contains("<script>") && !page.contains("<img src=https"))
    #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
  }

  @Test("escaping is complete")
  func escaping() {
    #expect(HTML.text("<a href=\"x\">&'</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;")
    #expect(HTML.text("a\u{0}b\u{7}c\td\n") == "a\u{FFFD}b\u{FFFD}c\td\n")
    #expect(
      HTML.number(12.346) == "12.35" && HTML.number(0.1) == "0.1" && HTML.number(-0.5) == "-0.5"
        && HTML.number(3) == "3")
  }

  @Test("several runs get an index with one page each; names are safe file names")
  func index() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-index-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = [
      "Scenarios/invariants/no_cross_cell_image.yaml", "Scenarios/examples/fling-photos.yaml",
    ]
    let entries: [ReportWriter.Entry] =
      try files.map { ($0, .success(try report($0))) } + [
        ("missing.yaml", .failure(.invalid("missing.yaml: no such file")))
      ]
    let page = try ReportWriter.write(entries, to: folder)
    let index = try String(contentsOf: page, encoding: .utf8)
    checkPage(index, "index")
    let pages = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("runs").path)
    #expect(pages.count == 2)
    #expect(index.contains("did not run"))
    #expect(ReportWriter.pageName(0, "../../etc/x y.yaml", "a/b") == "001-etc-x-y-a-b.html")
  }
}

@Suite("Comparison reports")
struct ComparisonReportTests {
  @Test("the loaders appear side by side, one linked page per scenario and loader")
  func sideBySide() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-compare-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let loaders = ["naive", "reference"]
    var comparison = try ComparisonReport(directory: folder, loaders: loaders)
    let file = "Scenarios/invariants/no_cross_cell_image.yaml"
    try comparison.add(file: file, runs: try loaders.map { .success(try report(file, loader: $0)) })
    let index = try String(contentsOf: try comparison.finish(), encoding: .utf8)
    checkPage(index, "comparison")
    #expect(index.contains("<th>naive</th><th>reference</th>"))
    #expect(index.contains("no_cross_cell_image</span>") && index.contains("no violations"))
    let pages = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("runs").path
    ).sorted()
    #expect(pages.count == 2)
    for page in pages { #expect(index.contains("runs/\(page)")) }
  }
}

import Scenarios

/// The per-item timeline of a report, as inline SVG: one track per item that was displayed
/// (and one per URL transferred for no displayed item), with displayed intervals (grey), what
/// the cell showed (green content, amber placeholder, red failure, blue manual image),
/// transfers from queued to their end (blue delivered, grey cancelled, red failed), decodes
/// (ticks), and violations (red diamonds). Hovering shows each mark's details.
struct Timeline {
  let run: ReportedRun
  static let trackHeight = 16.0
  static let labelWidth = 96.0
  static let maxTracks = 2_000

  struct Mark {
    var track: String
    var svg: (_ y: Double) -> String
  }

  func svg() -> String {
    guard let text = run.result.traceText else { return "<p>No trace.</p>\n" }
    let records = TraceRecords.parse(text)
    let endNs = max(run.result.endTime.nanoseconds, records.last?.time ?? 0, 1)
    let msWidth = Double(endNs) / 1e6
    let scale = min(1.0, 24_000 / msWidth)  // px per ms; at most 24,000 px wide
    func x(_ ns: Int64) -> Double { Self.labelWidth + Double(ns) / 1e6 * scale }

    var itemOrder: [Int] = []
    var seenItems: Set<Int> = []
    var urlTracks: [String] = []
    var itemsByURL: [String: [Int]] = [:]
    for (item, url) in run.capture.urlByItem { itemsByURL[url, default: []].append(item) }
    var marks: [Mark] = []
    var cellItem: [Int64: (item: Int, start: Int64, row: Int64)] = [:]
    var showing: [Int64: (start: Int64, images: String)] = [:]
    var queued: [Int64: (url: String, start: Int64)] = [:]
    var urlByDigest: [String: String] = [:]

    func tracks(forURL url: String) -> [String] {
      if let items = itemsByURL[url] { return items.sorted().map { "item \($0)" } }
      if !urlTracks.contains(url) { urlTracks.append(url) }
      return [url]
    }
    func closeShow(_ cell: Int64, at t: Int64) {
      guard let open = showing.removeValue(forKey: cell), let owner = cellItem[cell] else { return }
      let color = Self.color(forShown: open.images)
      guard let color else { return }
      let (x0, x1) = (x(open.start), x(t))
      marks.append(
        Mark(track: "item \(owner.item)") { y in
          "<rect x=\"\(HTML.number(x0))\" y=\"\(HTML.number(y + 3))\" width=\"\(HTML.number(max(0.5, x1 - x0)))\" height=\"10\" fill=\"\(color)\"><title>\(HTML.text("cell \(cell) shows \(open.images)"))</title></rect>"
        })
    }

    for r in records {
      switch r.kind {
      case "table.will_display":
        guard let cell = r.int("cell"), let item = r.int("item").map(Int.init) else { continue }
        if seenItems.insert(item).inserted { itemOrder.append(item) }
        cellItem[cell] = (item, r.time, r.int("row") ?? -1)
      case "table.end_display":
        guard let cell = r.int("cell") else { continue }
        closeShow(cell, at: r.time)
        if let open = cellItem.removeValue(forKey: cell) {
          marks.append(displayed(cell, open, until: r.time, x: x))
        }
      case "table.show":
        guard let cell = r.int("cell"), cellItem[cell] != nil else { continue }
        let images = r["images"] ?? "none"
        if showing[cell]?.images == images { continue }
        closeShow(cell, at: r.time)
        showing[cell] = (r.time, images)
      case "net.queue":
        if let id = r.int("id") { queued[id] = (r["url"] ?? "", r.time) }
      case "net.end", "net.cancel":
        guard let id = r.int("id"), let open = queued.removeValue(forKey: id) else { continue }
        if let digest = r["digest"] { urlByDigest[digest] = open.url }
        let outcome = r.kind == "net.cancel" ? "cancelled" : (r["outcome"] ?? "ended")
        let color = outcome == "success" ? "#0a66c2" : (outcome == "cancelled" ? "#999" : "#c5221f")
        let (x0, x1) = (x(open.start), x(r.time))
        let title = HTML.text("transfer \(id) \(open.url): \(outcome)")
        for track in tracks(forURL: open.url) {
          marks.append(
            Mark(track: track) { y in
              "<g><title>\(title)</title><line x1=\"\(HTML.number(x0))\" x2=\"\(HTML.number(x1))\" y1=\"\(HTML.number(y + 14))\" y2=\"\(HTML.number(y + 14))\" stroke=\"\(color)\" stroke-width=\"2\"/><circle cx=\"\(HTML.number(x1))\" cy=\"\(HTML.number(y + 14))\" r=\"2\" fill=\"\(color)\"/></g>"
            })
        }
      case "decode", "image.decode":
        guard let source = r["src"], let url = urlByDigest[source] else { continue }
        let at = x(r.time)
        let title = HTML.text("decode on \(r["thread"] ?? "?") of \(url) \(r["target"] ?? "")")
        for track in tracks(forURL: url) {
          marks.append(
            Mark(track: track) { y in
              "<line x1=\"\(HTML.number(at))\" x2=\"\(HTML.number(at))\" y1=\"\(HTML.number(y + 1))\" y2=\"\(HTML.number(y + 15))\" stroke=\"#6a1b9a\" stroke-width=\"1\"><title>\(title)</title></line>"
            })
        }
      default: continue
      }
    }
    for cell in cellItem.keys.sorted() {
      closeShow(cell, at: endNs)
      if let open = cellItem[cell] { marks.append(displayed(cell, open, until: endNs, x: x)) }
    }
    for v in run.result.violations.firstPerRow {
      let at = x(v.time.nanoseconds)
      let track = v.item.map { "item \($0)" } ?? itemOrder.first.map { "item \($0)" } ?? ""
      let title = HTML.text("\(v.invariant.rawValue): \(v.detail)")
      marks.append(
        Mark(track: track) { y in
          "<polygon points=\"\(HTML.number(at)),\(HTML.number(y + 1)) \(HTML.number(at + 6)),\(HTML.number(y + 8)) \(HTML.number(at)),\(HTML.number(y + 15)) \(HTML.number(at - 6)),\(HTML.number(y + 8))\" fill=\"#e61428\" stroke=\"#fff\"><title>\(title)</title></polygon>"
        })
    }
    let names = (itemOrder.sorted().map { "item \($0)" } + urlTracks).prefix(Self.maxTracks)
    return render(names: Array(names), marks: marks, width: x(endNs) + 20, msWidth: msWidth, x: x)
  }

  func displayed(
    _ cell: Int64, _ open: (item: Int, start: Int64, row: Int64), until end: Int64,
    x: (Int64) -> Double
  ) -> Mark {
    let (x0, x1) = (x(open.start), x(end))
    return Mark(track: "item \(open.item)") { y in
      "<rect x=\"\(HTML.number(x0))\" y=\"\(HTML.number(y + 1))\" width=\"\(HTML.number(max(0.5, x1 - x0)))\" height=\"14\" fill=\"#e3e3e8\"><title>\(HTML.text("displayed by cell \(cell) at row \(open.row)"))</title></rect>"
    }
  }

  static func color(forShown images: String) -> String? {
    if images.hasPrefix("content") {
      return images.contains("!undecodable") ? "#7f0000" : "#34a853"
    }
    if images.hasPrefix("placeholder") { return "#fbbc04" }
    if images.hasPrefix("failure") { return "#ea4335" }
    if images.hasPrefix("manual") { return "#4285f4" }
    return nil
  }

  func render(
    names: [String], marks: [Mark], width: Double, msWidth: Double, x: (Int64) -> Double
  ) -> String {
    var row: [String: Double] = [:]
    for (index, name) in names.enumerated() {
      row[name] = 20 + Double(index) * Self.trackHeight
    }
    let height = 24 + Double(names.count) * Self.trackHeight
    var svg = "<div class=\"legend\"><span><i style=\"background:#e3e3e8\"></i>displayed</span>"
    for (name, color) in [
      ("content", "#34a853"), ("placeholder", "#fbbc04"), ("failure image", "#ea4335"),
      ("manual image", "#4285f4"), ("transfer", "#0a66c2"), ("cancelled", "#999"),
      ("decode", "#6a1b9a"), ("violation", "#e61428"),
    ] {
      svg += "<span><i style=\"background:\(color)\"></i>\(name)</span>"
    }
    svg += "</div>\n<div class=\"scroll\"><svg width=\"\(HTML.number(width))\" "
    svg += "height=\"\(HTML.number(height))\" font-size=\"10\">\n"
    let tick = msWidth > 20_000 ? 5_000.0 : (msWidth > 4_000 ? 1_000.0 : 100.0)
    var t = 0.0
    while t <= msWidth {
      let at = x(Int64(t * 1e6))
      svg += "<line x1=\"\(HTML.number(at))\" x2=\"\(HTML.number(at))\" y1=\"14\" "
      svg += "y2=\"\(HTML.number(height))\" stroke=\"#f0f0f3\"/>"
      svg +=
        "<text x=\"\(HTML.number(at + 2))\" y=\"11\" fill=\"#777\">\(HTML.number(t)) ms</text>\n"
      t += tick
    }
    for (name, y) in row.sorted(by: { $0.value < $1.value }) {
      svg +=
        "<text x=\"2\" y=\"\(HTML.number(y + 12))\" fill=\"#333\">\(HTML.text(String(name.prefix(16))))</text>\n"
    }
    for mark in marks {
      guard let y = row[mark.track] else { continue }
      svg += mark.svg(y) + "\n"
    }
    return svg + "</svg></div>\n"
  }
}

import Scenarios

/// How each kind of trace line becomes trace events.
extension PerfettoBuilder {
  mutating func willDisplay(_ r: TraceRecord) {
    guard let cell = r.int("cell"), let item = r.int("item") else { return }
    // A cell displayed twice without an end (never on a correct table) closes the first.
    if displayed[cell] != nil { endDisplay(cell: cell, at: r.time) }
    if namedItems.insert(item).inserted {
      meta("thread_name", pid: .rows, tid: item + 1, args: [("name", str("item \(item)"))])
      meta("thread_sort_index", pid: .rows, tid: item + 1, args: [("sort_index", String(item))])
    }
    displayed[cell] = (item, r.time, r.int("row") ?? -1)
  }

  mutating func endDisplay(cell: Int64, at time: Int64) {
    closeShow(cell: cell, at: time)
    guard let open = displayed.removeValue(forKey: cell) else { return }
    complete(
      "cell \(cell)", pid: .rows, tid: open.item + 1, from: open.start, to: time,
      args: [("cell", String(cell)), ("row", String(open.row))])
  }

  mutating func show(_ r: TraceRecord) {
    guard let cell = r.int("cell"), let open = displayed[cell] else { return }
    let images = r["images"] ?? "none"
    if let current = showing[cell], current.images == images { return }
    closeShow(cell: cell, at: r.time)
    showing[cell] = (open.item, r.time, images)
  }

  mutating func closeShow(cell: Int64, at time: Int64) {
    guard let open = showing.removeValue(forKey: cell) else { return }
    complete(
      "shows \(open.images)", pid: .rows, tid: open.item + 1, from: open.start, to: time,
      args: [("images", str(open.images))])
  }

  mutating func transfer(_ r: TraceRecord) {
    guard let id = r.int("id") else { return }
    switch r.kind {
    case "net.queue":
      let url = r["url"] ?? "transfer \(id)"
      asyncEvent(
        "b", id: id, name: url, ts: r.time,
        args: [
          ("id", String(id)), ("attempt", str(r["attempt"] ?? "")),
          ("priority", str(r["priority"] ?? "")),
        ])
      asyncEvent("b", id: id, name: "waiting", ts: r.time)
      transfers[id] = (url, "waiting")
    case "net.start": nextPhase(id, "connecting", at: r.time)
    case "net.first_byte": nextPhase(id, "receiving", at: r.time)
    default:
      guard let open = transfers.removeValue(forKey: id) else { return }
      asyncEvent("e", id: id, name: open.phase, ts: r.time)
      let outcome = r.kind == "net.cancel" ? "cancelled" : (r["outcome"] ?? "ended")
      var args = [("outcome", str(outcome))]
      if let bytes = r["bytes"] { args.append(("bytes", str(bytes))) }
      asyncEvent("e", id: id, name: open.url, ts: r.time, args: args)
    }
  }

  mutating func nextPhase(_ id: Int64, _ phase: String, at time: Int64) {
    guard let open = transfers[id] else { return }
    asyncEvent("e", id: id, name: open.phase, ts: time)
    asyncEvent("b", id: id, name: phase, ts: time)
    transfers[id] = (open.url, phase)
  }

  mutating func thread(_ r: TraceRecord) {
    guard let thread = r["thread"] else { return }
    let tid = threadID(thread)
    switch r.kind {
    case "exec.start":
      if let open = executing[thread] {
        complete(open.label, pid: .threads, tid: tid, from: open.start, to: r.time)
      }
      executing[thread] = (r.time, r["label"] ?? "work")
    case "exec.end":
      guard let open = executing.removeValue(forKey: thread) else { return }
      complete(open.label, pid: .threads, tid: tid, from: open.start, to: r.time)
    default:
      var args = [("ok", str(r["ok"] ?? ""))]
      if let source = r["src"] { args.append(("source", str(source))) }
      if let target = r["target"] { args.append(("target", str(target))) }
      event("i", name: "decode", pid: .threads, tid: tid, ts: r.time, args: args, scope: "t")
    }
  }

  mutating func threadID(_ name: String) -> Int64 {
    if let id = threadIDs[name] { return Int64(id) }
    let id = threadIDs.count + 1
    threadIDs[name] = id
    meta("thread_name", pid: .threads, tid: Int64(id), args: [("name", str(name))])
    meta("thread_sort_index", pid: .threads, tid: Int64(id), args: [("sort_index", String(id))])
    return Int64(id)
  }

  mutating func frame(_ r: TraceRecord) {
    guard let n = r.int("n") else { return }
    let start = min(r.int("start") ?? r.time, r.time)
    let late = r.int("late") ?? 0
    complete(
      "frame \(n)", pid: .display, tid: 1, from: start, to: r.time,
      args: [("late_ns", String(late))])
    if late > 0 {
      complete(
        "hitch", pid: .display, tid: 2, from: r.time - min(late, r.time), to: r.time,
        args: [("frame", String(n)), ("late_ns", String(late))])
    }
  }

  mutating func violation(_ r: TraceRecord) {
    let invariant = r["invariant"] ?? ""
    let row = r.int("row").map(Int.init)
    // The sentence is kept for the first violation of each (invariant, row).
    if let index = pendingViolations.firstIndex(where: {
      $0.invariant.rawValue == invariant && $0.row == row
    }) {
      instantViolation(pendingViolations.remove(at: index), at: r.time)
    }
  }

  mutating func instantViolation(_ v: Violation, at time: Int64) {
    var args = [("detail", str(v.detail))]
    if let row = v.row { args.append(("row", String(row))) }
    if let cell = v.cell { args.append(("cell", String(cell))) }
    if !v.urls.isEmpty { args.append(("urls", str(v.urls.joined(separator: " ")))) }
    event(
      "i", name: v.invariant.rawValue, pid: .display, tid: 3, ts: time, args: args, scope: "g")
  }
}

/// The JSON writing, in one place.
extension PerfettoBuilder {
  mutating func meta(
    _ name: String, pid: PerfettoProcess, tid: Int64 = 0, args: [(String, String)]
  ) {
    events.append(
      "{\"ph\":\"M\",\"name\":\(str(name)),\"pid\":\(pid.rawValue),\"tid\":\(tid),\"args\":\(object(args))}"
    )
  }

  mutating func complete(
    _ name: String, pid: PerfettoProcess, tid: Int64, from start: Int64, to stop: Int64,
    args: [(String, String)] = []
  ) {
    events.append(
      "{\"ph\":\"X\",\"name\":\(str(name)),\"pid\":\(pid.rawValue),\"tid\":\(tid),\"ts\":\(micros(start)),\"dur\":\(micros(max(0, stop - start))),\"args\":\(object(args))}"
    )
  }

  mutating func event(
    _ phase: String, name: String, pid: PerfettoProcess, tid: Int64, ts: Int64,
    args: [(String, String)], scope: String? = nil
  ) {
    let s = scope.map { ",\"s\":\"\($0)\"" } ?? ""
    events.append(
      "{\"ph\":\"\(phase)\",\"name\":\(str(name)),\"pid\":\(pid.rawValue),\"tid\":\(tid),\"ts\":\(micros(ts))\(s),\"args\":\(object(args))}"
    )
  }

  mutating func asyncEvent(
    _ phase: String, id: Int64, name: String, ts: Int64, args: [(String, String)] = []
  ) {
    events.append(
      "{\"ph\":\"\(phase)\",\"cat\":\"transfer\",\"id\":\"\(id)\",\"name\":\(str(name)),\"pid\":\(PerfettoProcess.network.rawValue),\"tid\":0,\"ts\":\(micros(ts)),\"args\":\(object(args))}"
    )
  }

  /// Exact microseconds: the integer part, a point, and three digits of nanoseconds.
  func micros(_ ns: Int64) -> String {
    let sign = ns < 0 ? "-" : ""
    let magnitude = ns.magnitude
    let fraction = String(magnitude % 1000)
    return sign + String(magnitude / 1000) + "."
      + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// A JSON string literal.
  func str(_ s: String) -> String {
    var out = ""
    JSONValue.writeString(s, into: &out)
    return out
  }

  /// A JSON number from trace text, or a string if the text is not a finite number.
  func number(_ text: String) -> String {
    let numeric = !text.isEmpty && text.utf8.allSatisfy { "0123456789.eE+-".utf8.contains($0) }
    if numeric, let value = Double(text), value.isFinite { return text }
    return str(text)
  }

  /// A JSON object from keys and already-encoded values.
  func object(_ pairs: [(String, String)]) -> String {
    "{" + pairs.map { str($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }
}

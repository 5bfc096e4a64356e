import Foundation
import Reports
import Scenarios
import TestSupport
import Testing

private let root = Repository.root

private func run(_ file: String, loader: String? = nil) throws -> RunResult {
  let scenario = try Scenario(
    contentsOf: root.appendingPathComponent(file),
    fixturesRoot: root.appendingPathComponent("Fixtures"))
  return try Simulation.run(
    scenario,
    options: SimulationOptions(
      fixturesRoot: root.appendingPathComponent("Fixtures"), loader: loader, keepTrace: true))
}

/// The trace's events, parsed by Foundation's JSON reader.
private func events(_ json: String) throws -> [[String: Any]] {
  let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
  let top = try #require(object as? [String: Any])
  return try #require(top["traceEvents"] as? [[String: Any]])
}

/// Checks what Perfetto needs of a JSON trace: required fields, exact timestamps, complete
/// slices that nest on each track, and async slices that open and close in order.
private func checkStructure(_ json: String, _ label: String) throws {
  let all = try events(json)
  #expect(!all.isEmpty, "\(label): no events")
  // Every timestamp is written as exact microseconds with three decimals.
  let stamps = json.matches(of: /"(ts|dur)":(-?[0-9.e+E-]+)/).map { String($0.output.2) }
  #expect(stamps.allSatisfy { $0.wholeMatch(of: /[0-9]+\.[0-9]{3}/) != nil }, "\(label)")
  var slices: [String: [(start: Int64, end: Int64)]] = [:]
  var open: [String: [String]] = [:]
  var lastAsync: [String: Int64] = [:]
  func nanos(_ value: Any?) -> Int64 {
    Int64((((value as? Double) ?? .nan) * 1000).rounded())
  }
  for event in all {
    let phase = try #require(event["ph"] as? String, "\(label): \(event)")
    #expect(event["name"] is String, "\(label): \(event)")
    #expect(event["pid"] is Int, "\(label): \(event)")
    guard phase != "M" else { continue }
    #expect(event["ts"] is Double || event["ts"] is Int, "\(label): \(event)")
    let track = "\(event["pid"]!)/\(event["tid"] ?? 0)"
    switch phase {
    case "X":
      let start = nanos(event["ts"])
      let duration = nanos(event["dur"])
      #expect(duration >= 0, "\(label): \(event)")
      slices[track, default: []].append((start, start + duration))
    case "b", "e":
      let id = try #require(event["id"] as? String)
      let name = try #require(event["name"] as? String)
      let ts = nanos(event["ts"])
      #expect(ts >= lastAsync[id, default: 0], "\(label): transfer \(id) goes back in time")
      lastAsync[id] = ts
      if phase == "b" {
        open[id, default: []].append(name)
      } else {
        #expect(open[id]?.popLast() == name, "\(label): transfer \(id) closes \(name) out of order")
      }
    default: break
    }
  }
  let leftOpen = open.filter { !$0.value.isEmpty }.keys.sorted()
  #expect(leftOpen.isEmpty, "\(label): async slices left open: \(leftOpen)")
  // Complete slices on one track are disjoint or nested.
  for (track, list) in slices {
    var stack: [Int64] = []
    for slice in list.sorted(by: { ($0.start, -$0.end) < ($1.start, -$1.end) }) {
      while let top = stack.last, top <= slice.start { stack.removeLast() }
      if let top = stack.last {
        #expect(slice.end <= top, "\(label): slices overlap on track \(track)")
      }
      stack.append(slice.end)
    }
  }
}

@Suite("Perfetto traces")
struct PerfettoTraceTests {
  @Test("trace lines read back, quoted values and escapes included")
  func parsesLines() throws {
    let records = TraceRecords.parse(
      "t=5 decode thread=w1 target=\"fill 216×216\" note=\"a \\\"q\\\"\\n\\\\\" ok=true\nnot a line\n"
    )
    #expect(records.count == 1)
    let record = try #require(records.first)
    #expect(record.time == 5 && record.kind == "decode")
    #expect(record["target"] == "fill 216×216")
    #expect(record["note"] == "a \"q\"\n\\")
    #expect(record["ok"] == "true")
  }

  @Test(
    "bundled scenarios of every kind give well-formed traces, for a buggy and a correct loader",
    arguments: [
      "Scenarios/examples/fling-photos.yaml", "Scenarios/invariants/no_cross_cell_image.yaml",
      "Scenarios/invariants/cancel_on_end_display.yaml",
      "Scenarios/invariants/no_delivery_stall.yaml",
      "Scenarios/seeds/naive/main-thread-decode-hitches.yaml",
    ])
  func wellFormed(_ file: String) throws {
    for loader in ["naive", "reference"] {
      let json = try #require(PerfettoTrace.json(for: try run(file, loader: loader)))
      try checkStructure(json, "\(file) with \(loader)")
    }
  }

  @Test("a violation is an instant event that carries its sentence, at its exact time")
  func violations() throws {
    let result = try run("Scenarios/invariants/no_cross_cell_image.yaml", loader: "naive")
    let first = try #require(result.violations.firstPerRow.first)
    let all = try events(try #require(PerfettoTrace.json(for: result)))
    let marked = all.filter {
      $0["ph"] as? String == "i" && $0["name"] as? String == first.invariant.rawValue
    }
    let args = try #require(marked.first?["args"] as? [String: Any])
    #expect(args["detail"] as? String == first.detail)
    #expect(marked.count == result.violations.firstPerRow.count)
    let ns = Int64(((marked.first?["ts"] as? Double ?? 0) * 1000).rounded())
    #expect(ns == first.time.nanoseconds)
  }

  @Test("each displayed interval and each transfer appears, and the frames and threads have tracks")
  func content() throws {
    let result = try run("Scenarios/examples/fling-photos.yaml")
    let text = try #require(result.traceText)
    let all = try events(try #require(PerfettoTrace.json(for: result)))
    let displays = text.split(separator: "\n").filter { $0.contains(" table.will_display ") }.count
    let cells = all.filter {
      ($0["ph"] as? String) == "X" && ($0["pid"] as? Int) == 1
        && (($0["name"] as? String)?.hasPrefix("cell ") ?? false)
    }
    #expect(cells.count == displays)
    let queued = text.split(separator: "\n").filter { $0.contains(" net.queue ") }.count
    let transfers = all.filter {
      ($0["ph"] as? String) == "b" && (($0["name"] as? String)?.hasPrefix("https://") ?? false)
    }
    #expect(transfers.count == queued)
    let names = all.filter { ($0["ph"] as? String) == "M" }.compactMap {
      ($0["args"] as? [String: Any])?["name"] as? String
    }
    #expect(names.contains("frames") && names.contains("w1"))
  }

  @Test("hostile scenario names stay inert JSON")
  func hostileNames() throws {
    let yaml = """
      cellsim: 1
      name: "x\\"}],\\n</script><b>\\u0000\\\\ ☃"
      table: {rows: 20}
      images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
      events:
        - {at: "100ms", fling: {velocity: 2000}}
      """
    let scenario = try Scenario(
      yaml: yaml, file: "hostile.yaml", fixturesRoot: root.appendingPathComponent("Fixtures"))
    let result = try Simulation.run(
      scenario,
      options: SimulationOptions(
        fixturesRoot: root.appendingPathComponent("Fixtures"), keepTrace: true))
    let json = try #require(PerfettoTrace.json(for: result))
    try checkStructure(json, "hostile")
    let labels = try events(json).compactMap {
      ($0["args"] as? [String: Any])?["labels"] as? String
    }
    #expect(labels.first?.hasPrefix(scenario.name) == true)
  }

  @Test("a run without its trace text has no Perfetto trace")
  func needsTrace() throws {
    let scenario = try Scenario(
      contentsOf: root.appendingPathComponent("Scenarios/examples/fling-photos.yaml"),
      fixturesRoot: root.appendingPathComponent("Fixtures"))
    let result = try Simulation.run(scenario, fixturesRoot: root.appendingPathComponent("Fixtures"))
    #expect(PerfettoTrace.json(for: result) == nil)
  }
}

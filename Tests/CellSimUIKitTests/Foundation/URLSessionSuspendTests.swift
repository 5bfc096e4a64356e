// Written as iOS code, with only the layer imported (and SimNetwork, for an HTTP/2 host).
import CellSimUIKit
import SimNetwork
import Testing

@Suite("URLSessionTask.suspend(): a suspended task stops loading and starts over on resume")
struct URLSessionSuspendTests {
  @Test("suspended mid-transfer, nothing is heard; resumed, it loads again from the start")
  func suspendAndResume() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a.png": [1, 2, 3]]) {
      let task = URLSession.shared.dataTask(with: URL(string: "https://img.test/a.png")!) {
        data, response, error in
        let status = (response as? HTTPURLResponse)?.statusCode ?? -1
        log.add("done \(Array(data ?? Data())) \(status) \(error == nil)")
      }
      task.resume()
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
        task.suspend()
        log.add("suspended \(task.state == .suspended) \(task.countOfBytesReceived)")
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
        task.resume()
        log.add("resumed \(task.state == .running)")
      }
    }
    // The first transfer would have ended at 50 ms; the second starts at 200 ms.
    #expect(
      log.lines == [
        "suspended true 0 @20", "resumed true @200", "done [1, 2, 3] 200 true @250",
      ])
  }

  @Test("suspensions count: two suspends need two resumes; a suspended task can be cancelled")
  func counting() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a.png": [7], "https://img.test/b.png": [8]]) {
      let counted = URLSession.shared.dataTask(with: URL(string: "https://img.test/a.png")!) {
        data, _, _ in log.add("a \(Array(data ?? Data()))")
      }
      counted.resume()
      counted.suspend()
      counted.suspend()
      counted.resume()
      log.add("after one resume: suspended \(counted.state == .suspended)")
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
        counted.resume()
      }
      let cancelled = URLSession.shared.dataTask(with: URL(string: "https://img.test/b.png")!) {
        data, _, error in
        log.add("b \(data == nil) \((error as? URLError)?.code == .cancelled)")
      }
      cancelled.resume()
      cancelled.suspend()
      cancelled.cancel()
      cancelled.resume()
    }
    #expect(
      log.lines == [
        "after one resume: suspended true @0", "b true true @0", "a [7] @150",
      ])
  }

  @Test("a suspended task frees its connection: the next waiting task of the host starts")
  func suspendFreesTheHostSlot() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/0": [0], "https://img.test/1": [1]]) {
      let configuration = URLSessionConfiguration.default
      configuration.httpMaximumConnectionsPerHost = 1
      let session = URLSession(configuration: configuration)
      let first = session.dataTask(with: URL(string: "https://img.test/0")!) { data, _, _ in
        log.add("0 \(Array(data ?? Data()))")
      }
      let second = session.dataTask(with: URL(string: "https://img.test/1")!) { data, _, _ in
        log.add("1 \(Array(data ?? Data()))")
      }
      first.resume()
      second.resume()
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) {
        first.suspend()
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) {
        first.resume()
      }
    }
    // The second starts at 10 ms and ends at 60; the first, resumed at 30 ms, waits for it.
    #expect(log.lines == ["1 [1] @60", "0 [0] @110"])
  }

  @Test("tasks waiting for the host limit start by priority, then in the order they waited")
  func waitingTasksByPriority() throws {
    let log = Log()
    let bodies = Dictionary(
      uniqueKeysWithValues: (0..<4).map { ("https://img.test/\($0)", [UInt8($0)]) })
    try simulate(serving: bodies) {
      let configuration = URLSessionConfiguration.default
      configuration.httpMaximumConnectionsPerHost = 1
      let session = URLSession(configuration: configuration)
      let tasks = (0..<4).map { index in
        session.dataTask(with: URL(string: "https://img.test/\(index)")!) { _, _, _ in
          log.add("\(index)")
        }
      }
      tasks[1].priority = URLSessionTask.lowPriority
      tasks[2].priority = URLSessionTask.highPriority
      for task in tasks { task.resume() }
      // Raised while it waits: it goes before the task of default priority.
      tasks[1].priority = 0.9
    }
    // 0 holds the connection; then 1 (0.9), 2 (high, 0.75) and 3 (default).
    #expect(log.lines == ["0 @50", "1 @100", "2 @150", "3 @200"])
  }

  @Test("over HTTP/2 the session's per-host limit is ignored, as Apple documents")
  func http2IgnoresTheHostLimit() throws {
    let bodies = Dictionary(
      uniqueKeysWithValues: (0..<3).map { ("https://img.test/\($0)", [UInt8($0)]) })
    for http2 in [false, true] {
      let log = Log()
      var script = NetworkScript(latency: .fixed(.ms(50)))
      script.http2 = http2
      try simulate(serving: bodies, script: script) {
        let configuration = URLSessionConfiguration.default
        configuration.httpMaximumConnectionsPerHost = 1
        let session = URLSession(configuration: configuration)
        for index in 0..<3 {
          session.dataTask(with: URL(string: "https://img.test/\(index)")!) { _, _, _ in
            log.add("\(index)")
          }.resume()
        }
      }
      #expect(log.lines == (http2 ? ["0 @50", "1 @50", "2 @50"] : ["0 @50", "1 @100", "2 @150"]))
    }
  }
}

// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

@Suite("URLSession data tasks on the fake network")
struct URLSessionTests {
  @Test("a completion arrives at the network's latency, on the delegate queue, with the status")
  func completion() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a.png": [1, 2, 3]]) {
      let session = URLSession.shared
      for path in ["a.png", "missing.png"] {
        let url = URL(string: "https://img.test/\(path)")!
        session.dataTask(with: url) { data, response, error in
          let status = (response as? HTTPURLResponse)?.statusCode ?? -1
          log.add(
            "\(path) \(Array(data ?? Data())) \(status) \(error == nil) "
              + "main=\(Thread.isMainThread)")
        }.resume()
      }
    }
    // The 404 ends at its first byte; the body's last chunk is a later event of the same
    // instant.
    #expect(
      log.lines == [
        "missing.png [] 404 true main=false @50", "a.png [1, 2, 3] 200 true main=false @50",
      ])
  }

  @Test("cancel completes once with NSURLErrorCancelled in NSURLErrorDomain")
  func cancel() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a.png": [1]]) {
      let running = URLSession.shared.dataTask(with: URL(string: "https://img.test/a.png")!) {
        data, _, error in
        // Apps test the text ("cancelled") as often as the code.
        if error?.localizedDescription == "cancelled" { log.add("described") }
        let error = error as NSError?
        let failing = error?.userInfo[NSURLErrorFailingURLStringErrorKey] as? String
        log.add(
          "running \(data == nil) \(error?.domain ?? "-") \(error?.code ?? 0) \(failing ?? "-")")
      }
      let unstarted = URLSession.shared.dataTask(
        with: URLRequest(url: URL(string: "https://img.test/a.png")!)
      ) { _, _, error in
        log.add("unstarted \((error as? URLError)?.code == .cancelled)")
      }
      running.resume()
      #expect(running.state == .running)
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) {
        running.cancel()
        running.cancel()
        unstarted.cancel()
      }
    }
    #expect(
      log.lines == [
        "described @10",
        "running true \(NSURLErrorDomain) \(NSURLErrorCancelled) https://img.test/a.png @10",
        "unstarted true @10",
      ])
  }

  @Test("httpMaximumConnectionsPerHost keeps the session's extra transfers waiting")
  func hostLimit() throws {
    let log = Log()
    var bodies: [String: [UInt8]] = [:]
    for index in 0..<4 { bodies["https://img.test/\(index)"] = [UInt8(index)] }
    try simulate(serving: bodies) {
      let configuration = URLSessionConfiguration.default
      configuration.httpMaximumConnectionsPerHost = 2
      let session = URLSession(configuration: configuration)
      for index in 0..<4 {
        let task = session.dataTask(with: URL(string: "https://img.test/\(index)")!) {
          data, _, _ in log.add("\(Array(data ?? Data()))")
        }
        task.priority = URLSessionTask.highPriority
        task.resume()
      }
    }
    #expect(log.lines == ["[0] @50", "[1] @50", "[2] @100", "[3] @100"])
  }

  @Test("completions run on OperationQueue.main when it is the delegate queue")
  func mainDelegateQueue() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a": [7]]) {
      let session = URLSession(
        configuration: .ephemeral, delegate: nil, delegateQueue: OperationQueue.main)
      session.dataTask(with: URL(string: "https://img.test/a")!) { _, _, _ in
        log.add("main=\(Thread.isMainThread)")
      }.resume()
    }
    #expect(log.lines == ["main=true @50"])
  }

  @Test("a failure becomes a URLError: offline is notConnectedToInternet")
  func offline() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a": [7]]) {
      let task = URLSession.shared.dataTask(with: URL(string: "https://img.test/a")!) {
        _, response, error in
        log.add("\((error as? URLError)?.code.rawValue ?? 0) \(response == nil)")
      }
      task.resume()
      #expect(task.taskIdentifier >= 1)
      #expect(task.originalRequest?.url?.absoluteString == "https://img.test/a")
    } network: { network in
      network.offline(for: .ms(500))
    }
    #expect(log.lines == ["\(URLError.notConnectedToInternet.rawValue) true @1"])
  }

  @Test("the same run gives the same trace twice")
  func determinism() throws {
    func run() throws -> String {
      try simulate(serving: ["https://img.test/a": [1], "https://img.test/b": [2]]) {
        for path in ["a", "b", "c"] {
          URLSession.shared.dataTask(with: URL(string: "https://img.test/\(path)")!) { _, _, _ in
          }.resume()
        }
      }.trace
    }
    let first = try run()
    #expect(first.contains("net.queue"))
    #expect(try run() == first)
  }

  @Test("cancel() leaves the task .canceling until its end is told, then .completed")
  func cancellingState() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a.png": [1]]) {
      let url = URL(string: "https://img.test/a.png")!
      let tasks = Box<[URLSessionTask]>([])
      let handled = URLSession.shared.dataTask(with: url) { _, _, error in
        let state = tasks.value.first?.state
        log.add("handler \(state == .completed) \((error as? URLError)?.code == .cancelled)")
      }
      let unstarted = URLSession.shared.dataTask(with: url) { _, _, _ in
        log.add("unstarted handler \(tasks.value.last?.state == .completed)")
      }
      tasks.value = [handled, unstarted]
      handled.resume()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        handled.cancel()
        unstarted.cancel()
        log.add("after cancel \(handled.state == .canceling) \(unstarted.state == .canceling)")
      }
    }
    // The handler runs on the delegate queue after cancel() returned.
    #expect(
      log.lines == [
        "after cancel true true @10", "handler true true @10", "unstarted handler true @10",
      ])
  }
}

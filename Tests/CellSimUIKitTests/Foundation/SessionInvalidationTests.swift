// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A loader that owns its session and invalidates it when it is done, as loaders' `deinit`s do.
final class SessionLoader: @unchecked Sendable {
  let session = URLSession(configuration: .default)
  let log: Log
  init(log: Log) { self.log = log }

  func load(_ text: String) {
    session.dataTask(with: URL(string: text)!) { data, _, error in
      let code = (error as? URLError)?.code == .cancelled ? "cancelled" : "\(data?.count ?? -1)"
      self.log.add("\(text.suffix(5)) \(code)")
    }.resume()
  }

  /// The cancel-by-URL idiom.
  func cancelLoad(_ text: String) {
    session.getAllTasks { tasks in
      // swift-format-ignore: ReplaceForEachWithForLoop
      tasks.filter { $0.originalRequest?.url?.absoluteString == text }.forEach { $0.cancel() }
    }
  }
}

@Suite("URLSession.getAllTasks, invalidateAndCancel and finishTasksAndInvalidate")
struct SessionInvalidationTests {
  static let bodies: [String: [UInt8]] = [
    "https://img.test/a.png": [1], "https://img.test/b.png": [2, 2],
  ]

  @Test("getAllTasks hands the tasks not completed; the cancel-by-URL idiom cancels one")
  func allTasksAndCancelByURL() throws {
    let log = Log()
    try simulate(serving: Self.bodies) {
      let loader = SessionLoader(log: log)
      _ = loader.session.dataTask(with: URL(string: "https://img.test/never.png")!)
      loader.load("https://img.test/a.png")
      loader.load("https://img.test/b.png")
      loader.session.getAllTasks { tasks in log.add("tasks \(tasks.count)") }
      loader.cancelLoad("https://img.test/a.png")
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
        loader.session.getAllTasks { tasks in log.add("left \(tasks.count)") }
      }
    }
    let lines = log.lines.map { $0.components(separatedBy: " @")[0] }
    #expect(lines == ["tasks 3", "a.png cancelled", "b.png 2", "left 1"])
  }

  @Test("invalidateAndCancel cancels the running tasks; the shared session ignores it")
  func invalidateAndCancel() throws {
    let log = Log()
    try simulate(serving: Self.bodies) {
      let loader = SessionLoader(log: log)
      loader.load("https://img.test/a.png")
      loader.session.invalidateAndCancel()
      loader.session.getAllTasks { tasks in log.add("left \(tasks.count)") }
      URLSession.shared.dataTask(with: URL(string: "https://img.test/b.png")!) { data, _, _ in
        log.add("shared \(data?.count ?? -1)")
      }.resume()
      URLSession.shared.invalidateAndCancel()
    }
    let lines = log.lines.map { $0.components(separatedBy: " @")[0] }
    // Listed at the call, the cancelled task is still `.canceling`: its handler has not run.
    #expect(lines == ["a.png cancelled", "left 1", "shared 2"])
  }

  @Test("finishTasksAndInvalidate lets the running tasks finish")
  func finishTasksAndInvalidate() throws {
    let log = Log()
    try simulate(serving: Self.bodies) {
      let loader = SessionLoader(log: log)
      loader.load("https://img.test/b.png")
      loader.session.finishTasksAndInvalidate()
    }
    #expect(log.lines.map { $0.components(separatedBy: " @")[0] } == ["b.png 2"])
  }
}

extension SessionInvalidationTests {
  @Test(
    "getTasksWithCompletionHandler sorts the tasks not completed by kind; the cache takes a task")
  func tasksByKindAndCacheByTask() throws {
    let log = Log()
    try simulate(serving: Self.bodies) {
      let loader = SessionLoader(log: log)
      loader.load("https://img.test/a.png")
      let download = loader.session.downloadTask(with: URL(string: "https://img.test/b.png")!)
      download.resume()
      loader.session.getTasksWithCompletionHandler { data, uploads, downloads in
        log.add("data \(data.count) uploads \(uploads.count) downloads \(downloads.count)")
      }
      let task = loader.session.dataTask(with: URL(string: "https://img.test/c.png")!)
      let cache = URLCache(memoryCapacity: 1_000, diskCapacity: 0, diskPath: nil)
      let response = CachedURLResponse(
        response: URLResponse(
          url: URL(string: "https://img.test/c.png")!, mimeType: "image/png",
          expectedContentLength: 3, textEncodingName: nil),
        data: Data([7, 7, 7]))
      cache.storeCachedResponse(response, for: task)
      cache.getCachedResponse(for: task) { log.add("cached \($0?.data.count ?? -1)") }
      cache.removeCachedResponse(for: task)
      cache.getCachedResponse(for: task) { log.add("cached \($0?.data.count ?? -1)") }
    }
    let lines = log.lines.map { $0.components(separatedBy: " @")[0] }
    #expect(lines.first == "cached 3" && lines.dropFirst().first == "cached -1")
    #expect(lines.contains("data 1 uploads 0 downloads 1"))
  }

  @Test("a background configuration carries its identifier into the session")
  func backgroundConfiguration() throws {
    var identifier: String?
    try simulate {
      let session = URLSession(
        configuration: .background(withIdentifier: "com.example.images"), delegate: nil,
        delegateQueue: nil)
      identifier = session.configuration.identifier
    }
    #expect(identifier == "com.example.images")
    #expect(URLSession.AuthChallengeDisposition.performDefaultHandling.rawValue == 1)
  }
}

extension SessionInvalidationTests {
  @Test("a cancelled task stays among the session's tasks, .canceling, until its end is told")
  func cancelledTaskListedUntilItsEnd() throws {
    let log = Log()
    try simulate(serving: Self.bodies) {
      let loader = SessionLoader(log: log)
      loader.load("https://img.test/a.png")
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) {
        loader.session.getAllTasks { tasks in
          let task = tasks[0]
          task.cancel()
          log.add("cancelled \(task.state == .canceling)")
          loader.session.getAllTasks { tasks in
            log.add("listed \(tasks.count) then \(task.state == .completed)")
            loader.session.getAllTasks { log.add("later \($0.count)") }
          }
        }
      }
    }
    let lines = log.lines.map { $0.components(separatedBy: " @")[0] }
    #expect(lines == ["cancelled true", "a.png cancelled", "listed 1 then true", "later 0"])
  }
}

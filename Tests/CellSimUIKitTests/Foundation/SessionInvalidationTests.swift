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
    #expect(lines == ["a.png cancelled", "left 0", "shared 2"])
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

// Written as iOS code, with only the layer imported: the test doubles unit tests of an image
// loader write, subclassing URLSession and URLSessionDataTask to stub the network.
import CellSimUIKit
import Testing

/// A task that runs its closure instead of loading, as mocks write it.
final class StubDataTask: URLSessionDataTask, @unchecked Sendable {
  let onResume: @Sendable () -> Void
  let onCancel: @Sendable () -> Void
  init(onResume: @escaping @Sendable () -> Void, onCancel: @escaping @Sendable () -> Void) {
    self.onResume = onResume
    self.onCancel = onCancel
    super.init()
  }
  override func resume() { onResume() }
  override func cancel() { onCancel() }
}

/// A session that answers every request with canned bytes, without the network.
final class StubSession: URLSession, @unchecked Sendable {
  let body: Data
  nonisolated(unsafe) var requested: [String] = []
  init(body: Data) {
    self.body = body
    super.init()
  }

  override func dataTask(
    with url: URL,
    completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDataTask {
    dataTask(with: URLRequest(url: url), completionHandler: completionHandler)
  }

  override func dataTask(
    with request: URLRequest,
    completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDataTask {
    requested.append(request.url?.absoluteString ?? "none")
    let body = body
    let url = request.url!
    return StubDataTask(
      onResume: {
        let response = HTTPURLResponse(
          url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
        completionHandler(body, response, nil)
      },
      onCancel: { completionHandler(nil, nil, URLError(.cancelled)) })
  }
}

/// The loader under test: it takes its session, as testable loaders do.
final class InjectedLoader: @unchecked Sendable {
  let session: URLSession
  init(session: URLSession) { self.session = session }
  func load(_ url: URL, _ done: @escaping @Sendable (Int) -> Void) -> URLSessionDataTask {
    let task = session.dataTask(with: url) { data, _, _ in done(data?.count ?? -1) }
    task.resume()
    return task
  }
}

@Suite("URLSession() and task initializers for test doubles")
struct TestDoubleSessionTests {
  @Test("a stub session's overridden dataTask and its stub task's resume() serve the loader")
  func stubSession() throws {
    let stub = StubSession(body: Data([1, 2, 3, 4]))
    let counts = Box<[Int]>([])
    let loader = InjectedLoader(session: stub)
    _ = loader.load(URL(string: "https://img.test/a.png")!) { counts.value.append($0) }
    let second = loader.load(URL(string: "https://img.test/b.png")!) { counts.value.append($0) }
    second.cancel()
    #expect(counts.value == [4, 4, -1])
    #expect(stub.requested == ["https://img.test/a.png", "https://img.test/b.png"])
    #expect(stub.configuration.httpMaximumConnectionsPerHost == 6)
  }

  @Test("URLSession() loads as a default-configuration session, on its own serial queue")
  func plainSession() throws {
    let log = Log()
    let url = URL(string: "https://img.test/plain.png")!
    try simulate(serving: [url.absoluteString: [7, 7]]) {
      let session = URLSession()
      log.add("cache is shared: \(session.configuration.urlCache === URLCache.shared)")
      log.add("serial: \(session.delegateQueue.maxConcurrentOperationCount == 1)")
      session.dataTask(with: url) { data, response, _ in
        log.add("\(data?.count ?? -1) \((response as? HTTPURLResponse)?.statusCode ?? 0)")
      }.resume()
    }
    #expect(log.lines == ["cache is shared: true @0", "serial: true @0", "2 200 @50"])
  }

  @Test("a task made with init() has no request, loads nothing, and cancels to .canceling")
  func plainTask() throws {
    let log = Log()
    try simulate {
      let task = URLSessionDataTask()
      task.resume()
      log.add("\(task.originalRequest == nil) \(task.taskIdentifier) \(task.state == .suspended)")
      task.cancel()
      log.add("\(task.state == .canceling)")
      let download = URLSessionDownloadTask()
      log.add("\(download.state == .suspended) \(download.currentRequest == nil)")
    }
    #expect(log.lines == ["true 0 true @0", "true @0", "true true @0"])
  }
}

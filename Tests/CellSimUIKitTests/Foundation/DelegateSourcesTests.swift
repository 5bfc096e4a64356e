// Written as iOS code: data delegates of tasks answered by the cache or by a URLProtocol.
import CellSimUIKit
import Testing

/// A data delegate that logs the response's length, each chunk and the end with the task's
/// counters.
final class SourceDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let log: Log
  init(log: Log) { self.log = log }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    log.add("response \((response as? HTTPURLResponse)?.statusCode ?? 0)")
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    log.add("data \(Array(data))")
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    log.add(
      "complete \((error as NSError?)?.code ?? 0) \(task.countOfBytesReceived) "
        + "\(task.progress.completedUnitCount)")
  }
}

/// Serves `fixed://` URLs with a 200 and the bytes [1, 2, 3]; the path names the cache
/// storage policy it gives the response.
final class FixedBodyProtocol: URLProtocol, @unchecked Sendable {
  override class func canInit(with request: URLRequest) -> Bool {
    request.url?.scheme == "fixed"
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let response = HTTPURLResponse(
      url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
      headerFields: ["Content-Length": "3"])!
    let policy: URLCache.StoragePolicy =
      request.url?.path == "/forbidden" ? .notAllowed : .allowed
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: policy)
    client?.urlProtocol(self, didLoad: Data([1, 2]))
    client?.urlProtocol(self, didLoad: Data([3]))
    client?.urlProtocolDidFinishLoading(self)
  }
}

@Suite("Data delegates hear the response and the body of cached and protocol-served tasks")
struct DelegateSourcesTests {
  @Test("a task answered from the cache tells its delegate the response and the body")
  func cachedTask() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a": [1, 2, 3]]) {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.requestCachePolicy = .returnCacheDataElseLoad
      let session = URLSession(
        configuration: configuration, delegate: SourceDelegate(log: log), delegateQueue: nil)
      let url = URL(string: "https://img.test/a")!
      session.dataTask(with: url).resume()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
        session.dataTask(with: url).resume()
      }
    }
    #expect(
      log.lines == [
        "response 200 @50", "data [1, 2, 3] @50", "complete 0 3 3 @50",
        "response 200 @100", "data [1, 2, 3] @100", "complete 0 3 3 @100",
      ])
  }

  @Test("a task served by a URLProtocol tells its delegate the response and each load")
  func protocolTask() throws {
    let log = Log()
    try simulate {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.protocolClasses = [FixedBodyProtocol.self]
      let session = URLSession(
        configuration: configuration, delegate: SourceDelegate(log: log), delegateQueue: nil)
      session.dataTask(with: URL(string: "fixed://img.test/allowed")!).resume()
    }
    #expect(
      log.lines == ["response 200 @0", "data [1, 2] @0", "data [3] @0", "complete 0 3 3 @0"])
  }

  @Test("a protocol's .notAllowed response is not cached; an .allowed one is")
  func storagePolicy() throws {
    let log = Log()
    try simulate {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.protocolClasses = [FixedBodyProtocol.self]
      let session = URLSession(configuration: configuration)
      for name in ["allowed", "forbidden"] {
        let request = URLRequest(url: URL(string: "fixed://img.test/\(name)")!)
        session.dataTask(with: request) { data, _, _ in
          let cached = session.configuration.urlCache?.cachedResponse(for: request)
          log.add("\(name) \(data?.count ?? -1) cached=\(cached != nil)")
        }.resume()
      }
    }
    #expect(log.lines == ["allowed 3 cached=true @0", "forbidden 3 cached=false @0"])
  }
}

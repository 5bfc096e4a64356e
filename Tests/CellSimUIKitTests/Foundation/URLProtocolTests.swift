// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// Serves `thumb://` URLs from memory, or by fetching the https image with URLSession.shared,
/// as image-cache samples do.
final class ThumbnailProtocol: URLProtocol, @unchecked Sendable {
  nonisolated(unsafe) static var memory: [String: Data] = ["thumb://img.test/hot": Data([5])]
  var inner: URLSessionDataTask?

  override class func canInit(with request: URLRequest) -> Bool {
    request.url?.scheme == "thumb"
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  func respond(_ data: Data) {
    let response = HTTPURLResponse(
      url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    client?.urlProtocol(self, didLoad: data)
    client?.urlProtocolDidFinishLoading(self)
  }

  override func startLoading() {
    let url = request.url!
    if let data = Self.memory[url.absoluteString] {
      respond(data)
      return
    }
    let remote = URL(
      string: url.absoluteString.replacingOccurrences(of: "thumb://", with: "https://"))!
    inner = URLSession.shared.dataTask(with: remote) { data, _, error in
      if let error {
        self.client?.urlProtocol(self, didFailWithError: error)
      } else {
        self.respond(data ?? Data())
      }
    }
    inner?.resume()
  }

  override func stopLoading() { inner?.cancel() }
}

@Suite("URLProtocol subclasses registered through protocolClasses")
struct URLProtocolTests {
  @Test("a protocol answers from memory at once, fetches the rest through URLSession.shared")
  func servesRequests() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/cold": [1, 2, 3], "https://img.test/slow": [4]]) {
      let configuration = URLSessionConfiguration.default
      configuration.protocolClasses = [ThumbnailProtocol.self]
      let session = URLSession(configuration: configuration)
      for name in ["hot", "cold"] {
        session.dataTask(with: URL(string: "thumb://img.test/\(name)")!) { data, response, _ in
          let status = (response as? HTTPURLResponse)?.statusCode ?? 0
          log.add("\(name) \(Array(data ?? Data())) \(status)")
        }.resume()
      }
      let slow = session.dataTask(with: URL(string: "thumb://img.test/slow")!) { _, _, error in
        log.add("slow \((error as? URLError)?.code == .cancelled)")
      }
      slow.resume()
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { slow.cancel() }
    }
    #expect(log.lines == ["hot [5] 200 @0", "slow true @20", "cold [1, 2, 3] 200 @50"])
  }
}

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

/// Marks the requests it forwards so that it does not serve them again, and counts its
/// instances in an overridden initializer, as logging and caching protocols do.
final class MarkingProtocol: URLProtocol, @unchecked Sendable {
  static let handledKey = "MarkingProtocolHandled"
  nonisolated(unsafe) static var made = 0
  nonisolated(unsafe) static var asked: [String] = []
  var inner: URLSessionDataTask?

  override init(
    request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?
  ) {
    Self.made += 1
    super.init(request: request, cachedResponse: cachedResponse, client: client)
  }

  override class func canInit(with request: URLRequest) -> Bool {
    // Registered for URLSession.shared, which other tests use at the same time: only its host.
    guard request.url?.host == "marking.test" else { return false }
    let handled = URLProtocol.property(forKey: handledKey, in: request) as? Bool ?? false
    asked.append("\(request.url?.lastPathComponent ?? "") handled \(handled)")
    return !handled
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let marked = (request as NSURLRequest).mutableCopy() as! NSMutableURLRequest
    URLProtocol.setProperty(true, forKey: Self.handledKey, in: marked)
    inner = URLSession.shared.dataTask(with: marked as URLRequest) { data, response, error in
      if let error {
        self.client?.urlProtocol(self, didFailWithError: error)
        return
      }
      if let response {
        self.client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      }
      self.client?.urlProtocol(self, didLoad: data ?? Data())
      self.client?.urlProtocolDidFinishLoading(self)
    }
    inner?.resume()
  }

  override func stopLoading() { inner?.cancel() }
}

@Suite("URLProtocol's request properties and overridden initializer")
struct URLProtocolPropertiesTests {
  @Test("a property set on a mutable copy survives bridging, copies and other changes")
  func properties() {
    var request = URLRequest(url: URL(string: "https://img.test/a.png")!)
    #expect(URLProtocol.property(forKey: "k", in: request) == nil)
    let mutable = (request as NSURLRequest).mutableCopy() as! NSMutableURLRequest
    URLProtocol.setProperty(42, forKey: "k", in: mutable)
    URLProtocol.setProperty("tag", forKey: "other", in: mutable)
    var marked = mutable as URLRequest
    #expect(URLProtocol.property(forKey: "k", in: marked) as? Int == 42)
    marked.url = URL(string: "https://img.test/b.png")
    marked.cachePolicy = .reloadIgnoringLocalCacheData
    #expect(URLProtocol.property(forKey: "other", in: marked) as? String == "tag")
    let copy = (marked as NSURLRequest).mutableCopy() as! NSMutableURLRequest
    URLProtocol.removeProperty(forKey: "k", in: copy)
    #expect(URLProtocol.property(forKey: "k", in: copy as URLRequest) == nil)
    #expect(URLProtocol.property(forKey: "k", in: marked) as? Int == 42)
    #expect(URLProtocol.property(forKey: "other", in: copy as URLRequest) as? String == "tag")
    request.url = URL(string: "https://img.test/c.png")
    #expect(URLProtocol.property(forKey: "k", in: request) == nil)
  }

  @Test("a protocol that marks what it forwards serves each request once, by its own init")
  func marksForwardedRequests() throws {
    let log = Log()
    MarkingProtocol.made = 0
    MarkingProtocol.asked = []
    URLProtocol.registerClass(MarkingProtocol.self)
    defer { URLProtocol.unregisterClass(MarkingProtocol.self) }
    try simulate(serving: ["https://marking.test/photo.png": [1, 2, 3]]) {
      URLSession.shared.dataTask(with: URL(string: "https://marking.test/photo.png")!) {
        data, _, error in
        log.add("\(data?.count ?? -1) \(error == nil)")
      }.resume()
    }
    #expect(log.lines == ["3 true @50"])
    #expect(MarkingProtocol.made == 1)
    #expect(MarkingProtocol.asked == ["photo.png handled false", "photo.png handled true"])
  }
}

// Swift 5 language mode: the network test doubles of an image loader's unit tests, a download
// resumed from its resume data, a protocol that marks the requests it forwards, a detail shown
// as a half-height sheet, a snapshot of a cell, HEIC export, light and dark images in an asset,
// a queue's quality of service and an operation queue's progress.
import CellSimUIKit
import Testing

class MockURLSessionDataTask: URLSessionDataTask {
  private let closure: () -> Void
  init(closure: @escaping () -> Void) {
    self.closure = closure
  }
  override func resume() {
    closure()
  }
}

class MockURLSession: URLSession {
  var data: Data?
  var error: Error?
  var lastURL: URL?

  // Written without `@Sendable`, as mocks from before the annotation are.
  override func dataTask(
    with url: URL, completionHandler: @escaping (Data?, URLResponse?, Error?) -> Void
  ) -> URLSessionDataTask {
    lastURL = url
    let data = self.data
    let error = self.error
    return MockURLSessionDataTask {
      completionHandler(data, nil, error)
    }
  }

  override func dataTask(
    with request: URLRequest,
    completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void
  ) -> URLSessionDataTask {
    dataTask(with: request.url!, completionHandler: completionHandler)
  }
}

class LoggingProtocol: URLProtocol {
  static var instances = 0
  var forwarded: URLSessionDataTask?

  override init(
    request: URLRequest, cachedResponse: CachedURLResponse?, client: URLProtocolClient?
  ) {
    LoggingProtocol.instances += 1
    super.init(request: request, cachedResponse: cachedResponse, client: client)
  }

  override class func canInit(with request: URLRequest) -> Bool {
    request.url?.host == "logging.test" && property(forKey: "logged", in: request) == nil
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let marked = (request as NSURLRequest).mutableCopy() as! NSMutableURLRequest
    URLProtocol.setProperty(true, forKey: "logged", in: marked)
    forwarded = URLSession.shared.dataTask(with: marked as URLRequest) { data, response, error in
      if let error = error {
        self.client?.urlProtocol(self, didFailWithError: error)
        return
      }
      self.client?.urlProtocol(self, didReceive: response!, cacheStoragePolicy: .notAllowed)
      self.client?.urlProtocol(self, didLoad: data!)
      self.client?.urlProtocolDidFinishLoading(self)
    }
    forwarded?.resume()
  }

  override func stopLoading() { forwarded?.cancel() }
}

@Suite("Test doubles, resume data, protocol properties, sheets and snapshots in Swift 5 mode")
struct TestDoublesAndSheetsSwift5Tests {
  @Test("a mock session and its mock task stub the network for a loader")
  func mockSession() {
    let session = MockURLSession()
    session.data = Data([1, 2, 3])
    var received: Data?
    session.dataTask(with: URL(string: "https://img.test/a.png")!) { data, _, _ in
      received = data
    }.resume()
    #expect(received == Data([1, 2, 3]))
    #expect(session.lastURL?.lastPathComponent == "a.png")
  }

  @Test("a suspended download's resume data restarts it; unreadable data fails with -3003")
  func resumeData() throws {
    var log: [String] = []
    let url = URL(string: "https://img.test/photo.png")!
    try simulate(serving: [url.absoluteString: Array(repeating: 5, count: 2_000)]) {
      DispatchQueue.main.async {
        let task = URLSession.shared.downloadTask(with: url) { _, _, error in
          log.append(
            "cancelled, carries data: \((error as? URLError)?.downloadTaskResumeData != nil)")
        }
        task.resume()
        task.suspend()
        task.cancel { resumeData in
          guard let resumeData = resumeData else { return log.append("no data") }
          URLSession.shared.downloadTask(withResumeData: resumeData) { location, _, _ in
            log.append("resumed: \(location.flatMap { try? Data(contentsOf: $0) }?.count ?? -1)")
          }.resume()
        }
        URLSession.shared.downloadTask(withResumeData: Data([1, 2])) { _, _, error in
          log.append("unreadable: \((error as NSError?)?.code ?? 0)")
        }.resume()
      }
    }
    #expect(
      log == ["cancelled, carries data: true", "unreadable: -3003", "resumed: 2000"])
  }

  @Test("a protocol that marks what it forwards serves the request once")
  func markingProtocol() throws {
    var status = 0
    LoggingProtocol.instances = 0
    URLProtocol.registerClass(LoggingProtocol.self)
    defer { URLProtocol.unregisterClass(LoggingProtocol.self) }
    try simulate(serving: ["https://logging.test/a.png": [9]]) {
      URLSession.shared.dataTask(with: URL(string: "https://logging.test/a.png")!) { _, r, _ in
        status = (r as? HTTPURLResponse)?.statusCode ?? -1
      }.resume()
    }
    #expect(status == 200)
    #expect(LoggingProtocol.instances == 1)
  }

  @Test("a detail's sheet keeps its detents, grabber and selected detent")
  func sheet() throws {
    var log: [String] = []
    try simulate {
      DispatchQueue.main.async {
        let detail = UIViewController()
        if let sheet = detail.sheetPresentationController {
          sheet.detents = [.medium(), .large()]
          sheet.prefersGrabberVisible = true
          sheet.selectedDetentIdentifier = .medium
        }
        let sheet = detail.sheetPresentationController
        log.append(
          "sheet: \(sheet?.detents.count ?? 0) \(sheet?.selectedDetentIdentifier == .medium)")
        log.append("grabber: \(sheet?.prefersGrabberVisible == true)")
        let third = UISheetPresentationController.Detent.custom { context in
          context.maximumDetentValue * 0.3
        }
        sheet?.detents = [third, .large()]
        log.append("custom: \(sheet?.detents.first?.identifier == third.identifier)")
      }
    }
    #expect(log == ["sheet: 2 true", "grabber: true", "custom: true"])
  }

  @Test("a cell's snapshot through drawHierarchy is drawn in a renderer")
  func snapshot() throws {
    var log: [String] = []
    try simulate {
      DispatchQueue.main.async {
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let imageView = UIImageView(frame: cell.bounds)
        imageView.image = UIImage(named: "photo")
        cell.addSubview(imageView)
        log.append(
          "outside a context: \(cell.drawHierarchy(in: cell.bounds, afterScreenUpdates: false))")
        let renderer = UIGraphicsImageRenderer(bounds: cell.bounds)
        var drew = false
        let snapshot = renderer.image { _ in
          drew = cell.drawHierarchy(in: cell.bounds, afterScreenUpdates: true)
        }
        log.append("snapshot: \(drew) \(snapshot.size == cell.bounds.size)")
      }
    }
    #expect(log == ["outside a context: false", "snapshot: true true"])
  }

  @Test("HEIC export falls back to JPEG; an asset gives the dark image for dark traits")
  func heicAndAsset() throws {
    let photo = UIImage(named: "photo")!
    #expect(photo.heicData() == nil)
    let asset = UIImageAsset()
    let light = UIImage(named: "light")!
    let dark = UIImage(named: "dark")!
    asset.register(light, with: UITraitCollection(userInterfaceStyle: .light))
    asset.register(dark, with: UITraitCollection(userInterfaceStyle: .dark))
    #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .dark)) === dark)
    #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .light)) === light)
    #expect(dark.imageAsset === asset)
  }

  @Test("a queue's qos is the one it was made with; a queue's progress counts operations")
  func qosAndProgress() throws {
    let queue = DispatchQueue(label: "decode", qos: .utility)
    #expect(queue.qos == .utility)
    #expect(DispatchQueue.main.qos == .unspecified)
    var completed: Int64 = -1
    try simulate {
      let operations = OperationQueue()
      operations.progress.totalUnitCount = 2
      operations.addOperation {}
      operations.addOperation {}
      operations.addBarrierBlock { completed = operations.progress.completedUnitCount }
    }
    #expect(completed == 2)
  }
}

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

}

// Written as iOS code, with only the layer imported (and SimNetwork, for a slower network):
// download tasks, resume data and the directory URLs.
import CellSimUIKit
import SimNetwork
import Testing

@Suite("Download tasks and the sandbox's directory URLs")
struct DownloadTaskTests {
  @Test("a download task hands its handler a file in the sandbox's tmp, removed after it returns")
  func downloadTask() throws {
    let log = Log()
    let url = URL(string: "https://img.test/a.png")!
    let saved = Box<URL?>(nil)
    try simulate(serving: [url.absoluteString: Array(repeating: 9, count: 4_000)]) {
      let task = URLSession.shared.downloadTask(with: url) { location, response, error in
        guard let location, error == nil else {
          log.add("failed: \(String(describing: error))")
          return
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? -1
        log.add("status \(status), in tmp: \(location.path.hasPrefix(NSTemporaryDirectory()))")
        log.add("bytes: \((try? Data(contentsOf: location))?.count ?? -1)")
        saved.value = location
        let keep = URL.cachesDirectory.appendingPathComponent("a.png")
        try? FileManager.default.moveItem(at: location, to: keep)
        log.add("moved: \(FileManager.default.fileExists(atPath: keep.path))")
        DispatchQueue.main.async {
          log.add(
            "later, tmp file exists: \(FileManager.default.fileExists(atPath: location.path))")
        }
      }
      log.add("task is a download task: \(type(of: task) == URLSessionDownloadTask.self)")
      task.resume()
    }
    #expect(log.lines.first == "task is a download task: true @0")
    #expect(
      log.lines.dropFirst().map { $0.split(separator: " @").first ?? "" } == [
        "status 200, in tmp: true", "bytes: 4000", "moved: true", "later, tmp file exists: false",
      ])
    #expect(saved.value?.lastPathComponent == "CFNetworkDownload_1.tmp")
  }

  @Test("a failed or cancelled download gets no location, only the error")
  func cancelledDownload() throws {
    let log = Log()
    let url = URL(string: "https://img.test/slow.png")!
    try simulate(serving: [url.absoluteString: Array(repeating: 1, count: 100)]) {
      let task = URLSession.shared.downloadTask(with: url) { location, _, error in
        log.add(
          "location: \(location == nil ? "none" : "some"), code \((error as? URLError)?.code.rawValue ?? 0)"
        )
      }
      task.resume()
      task.cancel()
    }
    #expect(log.lines == ["location: none, code -999 @0"])
  }

  @Test("resume data from a cancel restarts the download of that URL from the start")
  func resumeDataRoundTrip() throws {
    let log = Log()
    let url = URL(string: "https://img.test/big.png")!
    // 1 MB/s: the 400 kB body takes 400 ms after its first byte, so the cancel is mid-transfer.
    try simulate(
      for: 5_000, serving: [url.absoluteString: Array(repeating: 4, count: 400_000)],
      script: NetworkScript(bandwidth: 1_000_000)
    ) {
      let session = URLSession.shared
      let task = session.downloadTask(with: url) { location, _, error in
        let urlError = error as? URLError
        log.add(
          "first: no file \(location == nil), code \(urlError?.code.rawValue ?? 0), "
            + "carries data \(urlError?.downloadTaskResumeData != nil)")
      }
      log.add("before resume: \(task.state == .suspended)")
      task.resume()
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(80)) {
        let received = task.countOfBytesReceived
        task.cancel { data in
          guard let data else { return log.add("no resume data") }
          log.add("resume data, part received: \(received > 0 && received < 400_000)")
          let again = session.downloadTask(withResumeData: data) { location, response, error in
            let bytes = location.flatMap { try? Data(contentsOf: $0) }?.count ?? -1
            log.add("resumed: \(bytes) bytes, same URL \(response?.url == url), \(error == nil)")
          }
          log.add("resumed request: \(again.originalRequest?.url == url)")
          again.resume()
        }
      }
    }
    let lines = log.lines.map { $0.split(separator: " @").first.map(String.init) ?? "" }
    #expect(
      lines == [
        "before resume: true", "resume data, part received: true", "resumed request: true",
        "first: no file true, code -999, carries data true",
        "resumed: 400000 bytes, same URL true, true",
      ])
  }

  @Test("a download reset mid-transfer carries resume data; one that never connected does not")
  func failureResumeData() throws {
    let log = Log()
    let url = URL(string: "https://img.test/reset.png")!
    // The first attempt resets after 1 kB; the next one succeeds.
    let script = NetworkScript(rules: [
      NetworkRule(match: url.absoluteString, fail: .resetAfter(bytes: 1_000), times: 1)
    ])
    try simulate(
      for: 3_000, serving: [url.absoluteString: Array(repeating: 6, count: 5_000)], script: script
    ) {
      URLSession.shared.downloadTask(with: url) { _, _, error in
        let urlError = error as? URLError
        log.add("reset \(urlError?.code == .networkConnectionLost)")
        guard let data = urlError?.downloadTaskResumeData else { return log.add("no data") }
        URLSession.shared.downloadTask(withResumeData: data) { location, _, _ in
          log.add("again \(location.flatMap { try? Data(contentsOf: $0) }?.count ?? -1)")
        }.resume()
      }.resume()
    }
    #expect(log.lines == ["reset true @50", "again 5000 @100"])
    let offline = Log()
    try simulate {
      URLSession.shared.downloadTask(with: URL(string: "https://img.test/off.png")!) { _, _, e in
        let urlError = e as? URLError
        offline.add(
          "\(urlError?.code == .notConnectedToInternet) \(urlError?.downloadTaskResumeData == nil)")
      }.resume()
    } network: { network in
      network.offline(for: .ms(500))
    }
    #expect(offline.lines == ["true true @1"])
  }

  @Test("unreadable resume data fails when resumed, with NSURLErrorCannotWriteToFile, offline")
  func unreadableResumeData() throws {
    let log = Log()
    let unstarted = Box<Data?>(Data())
    try simulate {
      let session = URLSession(configuration: .default)
      let task = session.downloadTask(withResumeData: Data("not resume data".utf8)) {
        location, response, error in
        let code = (error as? URLError)?.code
        log.add(
          "no file \(location == nil), no response \(response == nil), \(code == .cannotWriteToFile)"
        )
      }
      log.add("request: \(task.originalRequest == nil)")
      task.resume()
      let never = session.downloadTask(with: URL(string: "https://img.test/x.png")!) { _, _, _ in }
      never.cancel { unstarted.value = $0 }
    }
    #expect(log.lines == ["request: true @0", "no file true, no response true, true @0"])
    #expect(unstarted.value == nil)
  }

  @Test("a delegate's download made from resume data hears didResumeAtOffset with offset 0")
  func delegateResume() throws {
    let delegate = ResumeListener()
    let url = URL(string: "https://img.test/delegate.png")!
    try simulate(
      for: 5_000, serving: [url.absoluteString: Array(repeating: 8, count: 300_000)],
      script: NetworkScript(bandwidth: 1_000_000)
    ) {
      let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
      let task = session.downloadTask(with: url)
      task.resume()
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(80)) {
        task.cancel { data in
          guard let data else { return delegate.events.append("no data") }
          session.downloadTask(withResumeData: data).resume()
        }
      }
    }
    #expect(
      delegate.events == [
        "complete -999 with data", "resumed at 0 of 300000", "finished 300000", "complete ok",
      ])
  }

  @Test("URL's directory properties are the sandbox's in a world, Foundation's outside")
  func directoryURLs() throws {
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let home = NSHomeDirectory()
        for (name, url) in [
          ("caches", URL.cachesDirectory), ("documents", URL.documentsDirectory),
          ("library", URL.libraryDirectory), ("support", URL.applicationSupportDirectory),
          ("tmp", URL.temporaryDirectory), ("home", URL.homeDirectory),
        ] {
          log.add("\(name): \(url.path.hasPrefix(home)) \(url.path.dropFirst(home.count))")
        }
      }
    }
    #expect(
      log.lines == [
        "caches: true /Library/Caches @0", "documents: true /Documents @0",
        "library: true /Library @0", "support: true /Library/Application Support @0",
        "tmp: true /tmp @0", "home: true  @0",
      ])
    #expect(!URL.cachesDirectory.path.hasPrefix("/var/mobile/Containers"))
  }
}

/// A download delegate that notes the resume and the end of each download.
final class ResumeListener: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
  var events: [String] = []

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask,
    didFinishDownloadingTo location: URL
  ) {
    events.append("finished \((try? Data(contentsOf: location))?.count ?? -1)")
  }

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask,
    didResumeAtOffset fileOffset: Int64, expectedTotalBytes: Int64
  ) {
    events.append("resumed at \(fileOffset) of \(expectedTotalBytes)")
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let error = error as? URLError else { return events.append("complete ok") }
    let data = error.downloadTaskResumeData != nil ? " with data" : ""
    events.append("complete \(error.code.rawValue)\(data)")
  }
}

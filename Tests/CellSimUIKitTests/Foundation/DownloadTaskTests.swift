// Written as iOS code, with only the layer imported: download tasks and the directory URLs.
import CellSimUIKit
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

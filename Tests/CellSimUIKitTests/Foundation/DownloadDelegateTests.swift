// Written as iOS code, with only the layer imported: a download with a progress delegate, as a
// cell with a progress bar loads its image.
import CellSimUIKit
import Testing

/// A delegate that records its calls and reads the file while it exists.
final class RecordingDownloadDelegate: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
  let log: Log
  var location: URL?
  init(log: Log) { self.log = log }

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
  ) {
    log.add("wrote \(bytesWritten) \(totalBytesWritten)/\(totalBytesExpectedToWrite)")
  }

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask,
    didFinishDownloadingTo location: URL
  ) {
    self.location = location
    DispatchQueue.main.async { [log] in
      log.add("later exists \(FileManager.default.fileExists(atPath: location.path))")
    }
    log.add(
      "finished \((try? Data(contentsOf: location))?.count ?? -1) main=\(Thread.isMainThread)")
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    log.add("completed \((error as? URLError)?.code.rawValue ?? 0)")
  }
}

@Suite("URLSessionDownloadDelegate")
struct DownloadDelegateTests {
  @Test("progress per chunk, the file while didFinishDownloadingTo runs, then the completion")
  func delegateDownload() throws {
    let log = Log()
    let delegate = RecordingDownloadDelegate(log: log)
    let url = URL(string: "https://img.test/big.png")!
    try simulate(serving: [url.absoluteString: Array(repeating: 7, count: 200_000)]) {
      let session = URLSession(
        configuration: .default, delegate: delegate, delegateQueue: OperationQueue.main)
      session.downloadTask(with: url).resume()
    }
    let lines = log.lines.map { String($0.split(separator: " @")[0]) }
    let writes = lines.filter { $0.hasPrefix("wrote ") }
    #expect(writes.count > 1, "\(lines)")
    #expect(writes.last?.hasSuffix(" 200000/200000") == true)
    #expect(
      Array(lines.suffix(3)) == [
        "finished 200000 main=true", "completed 0", "later exists false",
      ])
    #expect(delegate.location?.lastPathComponent == "CFNetworkDownload_1.tmp")
  }

  @Test("a cancelled download reports only the error; a task's own delegate comes first")
  func cancelledAndTaskDelegate() throws {
    let sessionLog = Log()
    let taskLog = Log()
    let url = URL(string: "https://img.test/a.png")!
    try simulate(serving: [url.absoluteString: Array(repeating: 1, count: 10)]) {
      let session = URLSession(
        configuration: .default, delegate: RecordingDownloadDelegate(log: sessionLog),
        delegateQueue: nil)
      let cancelled = session.downloadTask(with: url)
      cancelled.resume()
      cancelled.cancel()
      let own = session.downloadTask(with: URLRequest(url: url))
      own.delegate = RecordingDownloadDelegate(log: taskLog)
      own.resume()
    }
    #expect(sessionLog.lines.map { String($0.split(separator: " @")[0]) } == ["completed -999"])
    #expect(
      taskLog.lines.map { String($0.split(separator: " @")[0]) }.filter { !$0.hasPrefix("later") }
        == ["wrote 10 10/10", "finished 10 main=false", "completed 0"])
  }
}

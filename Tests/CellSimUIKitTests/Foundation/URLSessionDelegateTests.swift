// Written as iOS code: a downloader that reports progress through URLSessionDataDelegate.
import CellSimUIKit
import Testing

/// A delegate that logs what it hears.
final class ProgressDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let log: Log
  var received = 0
  init(log: Log) { self.log = log }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    log.add("response \(response.mimeType ?? "-") \(response.expectedContentLength)")
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    received += data.count
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    log.add("complete \(received) \(error == nil) \(task.progress.totalUnitCount)")
  }
}

/// A delegate that computes the fraction as progress-bar loaders do.
final class FractionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let log: Log
  init(log: Log) { self.log = log }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let fraction =
      Float(dataTask.countOfBytesReceived) / Float(dataTask.countOfBytesExpectedToReceive)
    log.add("fraction \(fraction > 0 && fraction <= 1)")
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    log.add("end \(task.countOfBytesReceived) of \(task.countOfBytesExpectedToReceive)")
  }
}

/// A task delegate that is no data delegate: it hears only the completion.
final class CompletionOnlyDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
  let log: Log
  init(log: Log) { self.log = log }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    log.add("task delegate complete \(error == nil)")
  }
}

@Suite("URLSessionDataDelegate hears the response, the chunks and the end")
struct URLSessionDelegateTests {
  @Test("a task without a completion handler reports to its delegate, in order")
  func delegateCallbacks() throws {
    let log = Log()
    let body = [UInt8](repeating: 7, count: 100_000)
    try simulate(serving: ["https://img.test/big.png": body]) {
      let delegate = ProgressDelegate(log: log)
      let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
      session.dataTask(with: URL(string: "https://img.test/big.png")!).resume()
      let taskDelegate = ProgressDelegate(log: log)
      let task = URLSession.shared.dataTask(with: URL(string: "https://img.test/none.png")!)
      task.delegate = taskDelegate
      task.resume()
      // A completion handler takes the task's events: the delegate hears nothing.
      session.dataTask(with: URL(string: "https://img.test/big.png")!) { _, response, _ in
        log.add("handler \(response?.mimeType ?? "-")")
      }.resume()
    }
    let lines = log.lines.map { $0.components(separatedBy: " @")[0] }
    #expect(lines.contains("response image/png 100000"))
    #expect(lines.contains("complete 100000 true 100000"))
    #expect(lines.contains("response text/html 0"))
    #expect(lines.contains("complete 0 true 0"))
    #expect(lines.contains("handler image/png"))
    #expect(lines.count == 5)
    let order = lines.filter { $0.contains("100000") }
    #expect(order == ["response image/png 100000", "complete 100000 true 100000"])
  }

  @Test("countOfBytesExpectedToReceive is unknown until the response, then its Content-Length")
  func expectedBytes() throws {
    let log = Log()
    let body = [UInt8](repeating: 7, count: 100_000)
    try simulate(serving: ["https://img.test/big.png": body]) {
      let delegate = FractionDelegate(log: log)
      let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
      let task = session.dataTask(with: URL(string: "https://img.test/big.png")!)
      log.add("before \(task.countOfBytesExpectedToReceive == NSURLSessionTransferSizeUnknown)")
      log.add("sent \(task.countOfBytesSent) \(task.countOfBytesExpectedToSend)")
      task.resume()
    }
    let lines = log.lines.map { $0.components(separatedBy: " @")[0] }
    #expect(lines.first == "before true")
    #expect(lines.contains("sent 0 0"))
    #expect(lines.contains("fraction true") && !lines.contains("fraction false"))
    #expect(lines.last == "end 100000 of 100000")
  }

  @Test("a task delegate that only hears completions leaves the body to the session's delegate")
  func taskDelegateOfAnotherKind() throws {
    let log = Log()
    let body = [UInt8](repeating: 7, count: 1_000)
    try simulate(serving: ["https://img.test/a.png": body, "https://img.test/b.png": body]) {
      let dataSession = URLSession(
        configuration: .default, delegate: ProgressDelegate(log: log), delegateQueue: nil)
      let dataTask = dataSession.dataTask(with: URL(string: "https://img.test/a.png")!)
      dataTask.delegate = CompletionOnlyDelegate(log: log)
      dataTask.resume()
      let downloads = URLSession(
        configuration: .default, delegate: RecordingDownloadDelegate(log: log),
        delegateQueue: nil)
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
        let download = downloads.downloadTask(with: URL(string: "https://img.test/b.png")!)
        download.delegate = CompletionOnlyDelegate(log: log)
        download.resume()
      }
    }
    // The download delegate's check of its file on the main queue is not part of the order.
    let lines = log.lines.map { $0.components(separatedBy: " @")[0] }.filter {
      !$0.hasPrefix("later exists")
    }
    #expect(
      lines == [
        "response image/png 1000", "task delegate complete true",
        "wrote 1000 1000/1000", "finished 1000 main=false", "task delegate complete true",
      ])
  }
}

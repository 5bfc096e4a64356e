import Foundation

/// Foundation's `URLSessionDownloadDelegate`: what a download task made without a completion
/// handler reports to (its own `delegate` if it is a download delegate, else the session's;
/// the completion goes to the task's own delegate of any kind first), on the session's delegate
/// queue, in wire order: `urlSession(_:downloadTask:didWriteData:totalBytesWritten:
/// totalBytesExpectedToWrite:)` once per network chunk (the expected total is the response's
/// Content-Length), then, when the body has arrived, `urlSession(_:downloadTask:
/// didFinishDownloadingTo:)` with a file in the sandbox's `tmp` (removed when the method
/// returns, as Foundation documents), then `urlSession(_:task:didCompleteWithError:)`. A
/// failure or a cancel skips the file and reports the error. The last two calls run in one
/// turn of the delegate queue. A task made from resume data (`downloadTask(withResumeData:)`)
/// first hears `didResumeAtOffset` with offset 0 when the response arrives: the download starts
/// over (`URLSession+Download.swift`).
public protocol URLSessionDownloadDelegate: URLSessionTaskDelegate {
  /// The download finished; the file at `location` is removed when this returns.
  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask,
    didFinishDownloadingTo location: URL)
  /// A chunk of `bytesWritten` bytes arrived.
  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64)
  /// A download made from resume data got its response (the offset is 0: it starts over).
  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask,
    didResumeAtOffset fileOffset: Int64, expectedTotalBytes: Int64)
}

extension URLSessionDownloadDelegate {
  /// Does nothing.
  public func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
  ) {}
  /// Does nothing.
  public func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask,
    didResumeAtOffset fileOffset: Int64, expectedTotalBytes: Int64
  ) {}
}

/// A download task made without a completion handler: it reports to a download delegate. Its
/// internal handler (run on the delegate queue at the end) writes the file and makes the last
/// two delegate calls.
final class DelegateDownloadTask: URLSessionDownloadTask, @unchecked Sendable {
  /// The delegate to report to, read when a report is due (a task's `delegate` may be set after
  /// it is made).
  var downloadDelegate: (any URLSessionDownloadDelegate)? {
    (delegate as? any URLSessionDownloadDelegate)
      ?? (session.delegate as? any URLSessionDownloadDelegate)
  }

  /// Whether the task restarts a download from resume data: its delegate hears
  /// `didResumeAtOffset` (offset 0) when the response arrives.
  var reportsResume = false

  /// Reports the restart of a download made from resume data (called from `notifyResponse`).
  func notifyResumed() {
    guard reportsResume, let delegate = downloadDelegate, let world else { return }
    let box = Unchecked((delegate, self, countOfBytesExpectedToReceive))
    session.delegateQueue.enqueue(in: world, label: "URLSession didResumeAtOffset") {
      let (delegate, task, expected) = box.value
      delegate.urlSession(
        task.session, downloadTask: task, didResumeAtOffset: 0, expectedTotalBytes: expected)
    }
  }

  /// Reports a chunk (called from `notifyData`).
  func notifyWritten(_ count: Int) {
    guard let delegate = downloadDelegate, let world else { return }
    let box = Unchecked(
      (delegate, self, Int64(count), countOfBytesReceived, countOfBytesExpectedToReceive))
    session.delegateQueue.enqueue(in: world, label: "URLSession didWriteData") {
      let (delegate, task, written, total, expected) = box.value
      delegate.urlSession(
        task.session, downloadTask: task, didWriteData: written, totalBytesWritten: total,
        totalBytesExpectedToWrite: expected)
    }
  }

  /// The end of the transfer, on the delegate queue.
  func finish(data: Data?, error: (any Error)?) {
    if let download = downloadDelegate, let data, error == nil, let world {
      let sandbox = Sandbox.of(world)
      let location = sandbox.storeDownload(data, now: world.now)
      download.urlSession(session, downloadTask: self, didFinishDownloadingTo: location)
      try? sandbox.remove(location.path)
    }
    (delegate ?? (session.delegate as? any URLSessionTaskDelegate))?.urlSession(
      session, task: self, didCompleteWithError: error)
  }
}

/// Holds the task an internal handler reports for, set once the task is made. It holds the
/// task strongly (the session lets go of a task when it completes, before the delegate queue
/// runs the end), and lets go at the end: a task completes once.
final class DelegateDownloadTaskBox: @unchecked Sendable {
  var task: DelegateDownloadTask?
}

extension URLSession {
  /// A download task reporting to a `URLSessionDownloadDelegate` (see the protocol).
  func makeDelegateDownloadTask(_ request: URLRequest) -> URLSessionDownloadTask {
    let box = DelegateDownloadTaskBox()
    let task = makeTask(
      request,
      { data, _, error in
        box.task?.finish(data: data, error: error)
        box.task = nil
      },
      as: DelegateDownloadTask.init)
    box.task = task
    return task
  }
}

import Foundation
import SimAsync
import SimPlatform

/// Download tasks: the transfer of a data task, whose body is then written to a file in the
/// app's sandbox (`tmp/CFNetworkDownload_N.tmp`), as `URLSession` writes downloads to a
/// temporary file. The network, the cache, the protocols and the host limits are the data
/// task's. Writing the file costs no thread time (the system writes it). A task made without a
/// handler reports to a `URLSessionDownloadDelegate`.
///
/// Resume data: `cancel(byProducingResumeData:)` on a download that was resumed and has not
/// completed gives a property list naming its URL and the bytes received so far (opaque to the
/// app, as Foundation's is); so does the error of a download that failed on the network (a
/// timeout, a reset, an outage) after its response arrived, under
/// `NSURLSessionDownloadTaskResumeData`. `downloadTask(withResumeData:)` makes a download of that URL,
/// which fetches the whole body again from the start: the simulated server serves no byte
/// ranges, so a resumed download costs a full transfer, and its delegate hears
/// `didResumeAtOffset` with offset 0 (Apple's value when nothing on disk can be reused). Data
/// that is not such a property list gives a task that, when resumed, fails without touching the
/// network: its handler (or delegate) gets `URLError(.cannotWriteToFile)` (`NSURLErrorDomain`
/// code -3003, `NSURLErrorCannotWriteToFile`), the error Foundation logs for invalid resume data
/// (Foundation declares no code of its own for it), and no location. Not modelled: background
/// sessions.
extension URLSession {
  /// A task downloading `url`; `completionHandler` runs once on the delegate queue with the
  /// file's location, which is removed when the handler returns (move or read it there, as
  /// Foundation documents).
  public func downloadTask(
    with url: URL,
    completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDownloadTask {
    downloadTask(with: URLRequest(url: url), completionHandler: completionHandler)
  }

  /// A task downloading `request`'s URL; see `downloadTask(with:completionHandler:)`.
  public func downloadTask(
    with request: URLRequest,
    completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDownloadTask {
    makeTask(
      request,
      { data, response, error in
        guard let data, error == nil, let world = SimulationContext.world else {
          completionHandler(nil, response, error)
          return
        }
        let sandbox = Sandbox.of(world)
        let location = sandbox.storeDownload(data, now: world.now)
        completionHandler(location, response, nil)
        try? sandbox.remove(location.path)
      }, as: URLSessionDownloadTask.init)
  }

  /// A download task without a handler: it reports to its `URLSessionDownloadDelegate` (see
  /// `URLSessionDownloadDelegate.swift`).
  public func downloadTask(with url: URL) -> URLSessionDownloadTask {
    makeDelegateDownloadTask(URLRequest(url: url))
  }

  /// A download task without a handler, reporting to its delegate.
  public func downloadTask(with request: URLRequest) -> URLSessionDownloadTask {
    makeDelegateDownloadTask(request)
  }

  /// A download restarting the one `resumeData` describes (see the extension's notes);
  /// `completionHandler` runs once on the delegate queue, as for `downloadTask(with:)`.
  public func downloadTask(
    withResumeData resumeData: Data,
    completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDownloadTask {
    guard let url = ResumeData.url(in: resumeData) else {
      let task = downloadTask(
        with: ResumeData.unreadableRequest, completionHandler: completionHandler)
      task.markUnresumable()
      return task
    }
    return downloadTask(with: URLRequest(url: url), completionHandler: completionHandler)
  }

  /// A download restarting the one `resumeData` describes, reporting to its
  /// `URLSessionDownloadDelegate` (which hears `didResumeAtOffset` with offset 0).
  public func downloadTask(withResumeData resumeData: Data) -> URLSessionDownloadTask {
    guard let url = ResumeData.url(in: resumeData) else {
      let task = makeDelegateDownloadTask(ResumeData.unreadableRequest)
      task.markUnresumable()
      return task
    }
    let task = makeDelegateDownloadTask(URLRequest(url: url))
    (task as? DelegateDownloadTask)?.reportsResume = true
    return task
  }

  /// Downloads `url` from a task of an async simulation (see `data(from:delegate:)`) and
  /// returns the file's location in the sandbox's `tmp`, which stays until the run ends.
  public func download(
    from url: URL, delegate: (any URLSessionTaskDelegate)? = nil
  ) async throws -> (URL, URLResponse) {
    try await asyncDownload(URLRequest(url: url), "URLSession.download(from:)")
  }

  /// Downloads `request`'s URL; see `download(from:delegate:)`.
  public func download(
    for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil
  ) async throws -> (URL, URLResponse) {
    try await asyncDownload(request, "URLSession.download(for:)")
  }

  func asyncDownload(_ request: URLRequest, _ api: StaticString) async throws -> (URL, URLResponse)
  {
    let (data, response) = try await asyncData(request, api)
    guard let world = SimulationContext.world else {
      preconditionFailure("CellSimUIKit: \(api) resumed outside its world")
    }
    return (Sandbox.of(world).storeDownload(data, now: world.now), response)
  }
}

/// Foundation's `URLSessionDownloadTask`: a transfer whose body is written to a file (see
/// `URLSession.downloadTask(with:completionHandler:)`, and `URLSession+Download.swift` for
/// resume data).
open class URLSessionDownloadTask: URLSessionTask, @unchecked Sendable {
  /// Cancels the task and calls `completionHandler` (at once, on the calling thread) with
  /// resume data when the download can be resumed: it was resumed and has not completed. The
  /// cancel error the task's handler or delegate gets carries the same data under
  /// `NSURLSessionDownloadTaskResumeData`. A task never resumed, or already completed or
  /// cancelled, gives nil.
  open func cancel(byProducingResumeData completionHandler: @escaping @Sendable (Data?) -> Void) {
    var data: Data?
    if state == .running || (state == .suspended && network != nil) {
      data = ResumeData.encode(url: url, bytesReceived: countOfBytesReceived)
    }
    producedResumeData = data
    cancel()
    completionHandler(data)
  }
}

extension URLSessionTask {
  /// The user info of a network failure (a timeout, a reset, an outage): a download whose
  /// response had arrived carries resume data, as Foundation's error does "if the transfer is
  /// resumable"; one that never reached the server does not.
  var failureInfo: [String: Any] {
    var info = errorInfo
    if self is URLSessionDownloadTask, response != nil,
      info[NSURLSessionDownloadTaskResumeData] == nil,
      let data = ResumeData.encode(url: url, bytesReceived: countOfBytesReceived)
    {
      info[NSURLSessionDownloadTaskResumeData] = data
    }
    return info
  }

  /// Makes the task one that fails with `URLError(.cannotWriteToFile)` when resumed, with no
  /// request (it was made from resume data that names no download).
  func markUnresumable() {
    originalRequest = nil
    resumeFailure = URLError(
      .cannotWriteToFile,
      userInfo: [NSLocalizedDescriptionKey: "The resume data could not be read."])
  }
}

/// The resume data the layer produces: a property list with the download's URL and the bytes
/// received when it was cancelled.
enum ResumeData {
  static let urlKey = "NSURLSessionDownloadURL"
  static let bytesKey = "NSURLSessionResumeBytesReceived"

  /// The request a task made from unreadable resume data holds internally (never loaded).
  static let unreadableRequest = URLRequest(url: URL(fileURLWithPath: "/"))

  static func encode(url: URL, bytesReceived: Int64) -> Data? {
    let plist: [String: Any] = [urlKey: url.absoluteString, bytesKey: bytesReceived]
    return try? PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
  }

  /// The download URL `data` names, or nil if it is not the layer's resume data.
  static func url(in data: Data) -> URL? {
    guard
      let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
      let dictionary = plist as? [String: Any], let string = dictionary[urlKey] as? String,
      let url = URL(string: string), url.scheme != nil
    else { return nil }
    return url
  }
}

import Foundation
import SimAsync
import SimPlatform

/// Download tasks: the transfer of a data task, whose body is then written to a file in the
/// app's sandbox (`tmp/CFNetworkDownload_N.tmp`), as `URLSession` writes downloads to a
/// temporary file. The network, the cache, the protocols and the host limits are the data
/// task's. Writing the file costs no thread time (the system writes it). A task made without a
/// handler reports to a `URLSessionDownloadDelegate`. Not modelled: resume data, background
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

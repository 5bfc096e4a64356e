import Foundation
import SimAsync

extension URLSession {
  /// Fetches `url` from a task of an async simulation (SimAsync): the task waits in virtual
  /// time for the transfer and resumes at its end (the delegate queue is not involved, as in
  /// URLSession). Cancelling the task cancels the transfer and throws `URLError(.cancelled)`.
  /// An HTTP error status returns normally, with the status in the `HTTPURLResponse`.
  /// `delegate` is accepted and never called. Stops the process outside an async simulation.
  public func data(
    from url: URL, delegate: (any URLSessionTaskDelegate)? = nil
  ) async throws -> (Data, URLResponse) {
    try await asyncData(URLRequest(url: url), "URLSession.data(from:)")
  }

  /// Fetches `request`'s URL; see `data(from:delegate:)`.
  public func data(
    for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil
  ) async throws -> (Data, URLResponse) {
    try await asyncData(request, "URLSession.data(for:)")
  }

  /// `bytes(from:delegate:)`: the body as an async sequence of bytes, with the response.
  ///
  /// Buffered, unlike Foundation's: the task resumes at the end of the transfer (as
  /// `data(from:)` does), not when the response arrives, and the sequence then yields the whole
  /// body, so progress computed while iterating goes from nothing to everything at once and an
  /// HTTP error status is known only at the end. Cancelling the task during the transfer cancels
  /// it and throws `URLError(.cancelled)`, as does iterating after the task was cancelled.
  /// `delegate` is accepted and never called. Stops the process outside an async simulation.
  public func bytes(
    from url: URL, delegate: (any URLSessionTaskDelegate)? = nil
  ) async throws -> (AsyncBytes, URLResponse) {
    try await asyncBytes(URLRequest(url: url), "URLSession.bytes(from:)")
  }

  /// `bytes(for:delegate:)`; see `bytes(from:delegate:)`.
  public func bytes(
    for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil
  ) async throws -> (AsyncBytes, URLResponse) {
    try await asyncBytes(request, "URLSession.bytes(for:)")
  }

  /// Foundation's `URLSession.AsyncBytes`: the body's bytes (here, once the transfer ended; see
  /// `bytes(from:delegate:)`).
  public struct AsyncBytes: AsyncSequence, @unchecked Sendable {
    /// A byte.
    public typealias Element = UInt8
    /// The data task that fetched the bytes.
    public let task: URLSessionDataTask
    let body: Data

    /// The iterator: the bytes in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
      let body: Data
      var index: Data.Index
      /// The next byte; throws `URLError(.cancelled)` once the calling task is cancelled.
      public mutating func next() async throws -> UInt8? {
        if Task.isCancelled {
          throw URLError(
            .cancelled,
            userInfo: [NSLocalizedDescriptionKey: URLSessionTask.appleDescription(.cancelled)])
        }
        guard index < body.endIndex else { return nil }
        defer { index = body.index(after: index) }
        return body[index]
      }
    }

    /// An iterator over the bytes.
    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(body: body, index: body.startIndex)
    }
  }

  func asyncBytes(_ request: URLRequest, _ api: StaticString) async throws -> (
    AsyncBytes, URLResponse
  ) {
    let made = Unchecked(TaskBox())
    let (data, response) = try await asyncData(request, api) { made.value.task = $0 }
    guard let task = made.value.task else {
      preconditionFailure("CellSimUIKit: \(api): no data task was made")
    }
    return (AsyncBytes(task: task, body: data), response)
  }

  final class TaskBox { var task: URLSessionDataTask? }

  func asyncData(
    _ request: URLRequest, _ api: StaticString,
    made: (URLSessionDataTask) -> Void = { _ in }
  ) async throws -> (Data, URLResponse) {
    guard let simulation = AsyncSimulation.running else {
      preconditionFailure(
        "CellSimUIKit: \(api) was called outside an async simulation's tasks (SimAsync); "
          + "async URL loading is modelled only there")
    }
    let result: Unchecked<(Data, URLResponse)> = try await simulation.awaitCallback(
      "GET \(request.url?.absoluteString ?? "?")"
    ) { complete in
      let task = makeTask(request, nil)
      made(task)
      task.directCompletion = { data, response, error in
        if let error {
          complete(.failure(error))
        } else {
          let response =
            response
            ?? URLResponse(
              url: task.url, mimeType: nil, expectedContentLength: -1, textEncodingName: nil)
          complete(.success(Unchecked((data ?? Data(), response))))
        }
      }
      task.resume()
      return { task.cancel() }
    }
    return result.value
  }
}

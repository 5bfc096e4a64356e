import SimAsync
public import SimNetwork
public import SimPlatform

extension AsyncLoaderEnvironment {
  /// `URLSession.data(for:)`: the whole body of `url`, fetched by a data task of the shared
  /// session at `priority`.
  ///
  /// Cancelling the calling task cancels the transfer at the instant of the cancel, as
  /// URLSession's async API does, and the call then throws `NetworkError.cancelled` (Foundation
  /// throws `URLError(.cancelled)`); a task cancelled before the call throws it without any
  /// transfer. Other failures throw their `NetworkError` (an HTTP error status is an error
  /// here). The caller resumes after the session's completion callback has run on a worker.
  public func data(
    for url: String, priority: Float = SimulatedDataTask.defaultPriority,
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> [UInt8] {
    simulation.nameCurrentTask()
    if Task.isCancelled { throw NetworkError.cancelled }
    let session = self.session
    return try await simulation.awaitCallback("GET \(url)", isolation: isolation) { complete in
      let task = session.dataTask(with: url) { _, result in
        complete(result.map(\.body).mapError { $0 })
      }
      task.priority = priority
      task.resume()
      return { task.cancel() }
    }
  }

  /// `data(for:priority:)` at `transfer`'s priority, which its owner may raise while the
  /// transfer waits (`ImagePipeline`).
  func data(
    for url: String, transfer: TransferPriority, isolation: isolated (any Actor)? = #isolation
  ) async throws -> [UInt8] {
    simulation.nameCurrentTask()
    if Task.isCancelled { throw NetworkError.cancelled }
    let session = self.session
    return try await simulation.awaitCallback("GET \(url)", isolation: isolation) { complete in
      let task = session.dataTask(with: url) { _, result in
        complete(result.map(\.body).mapError { $0 })
      }
      task.priority = transfer.priority
      transfer.task = task
      task.resume()
      return { task.cancel() }
    }
  }

  /// `URLSession.bytes(for:)`: the body of `url` as it arrives, one chunk per element, for
  /// progress and progressive decoding. The transfer starts at once.
  ///
  /// The stream ends after the last chunk, or throws the transfer's `NetworkError`.
  /// Cancelling the task that iterates it (or dropping the stream) cancels the transfer at
  /// that instant; the iteration then ends with `NetworkError.cancelled`.
  public func bytes(
    for url: String, priority: Float = SimulatedDataTask.defaultPriority
  ) -> AsyncThrowingStream<[UInt8], any Error> {
    transferStream(for: url, priority: priority) { StreamDelegate($0) }
  }

  /// Starts a data task for `url` whose delegate, made by `delegate`, feeds a new stream;
  /// cancelling the iterating task (or dropping the stream) cancels the transfer at that
  /// instant. Names the calling task for the simulation's diagnostics.
  func transferStream<Element>(
    for url: String, priority: Float,
    _ delegate: (AsyncThrowingStream<Element, any Error>.Continuation) ->
      any SimulatedDataTaskDelegate
  ) -> AsyncThrowingStream<Element, any Error> {
    simulation.nameCurrentTask()
    let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
    let task = session.dataTask(with: url, delegate: delegate(continuation))
    task.priority = priority
    let handle = SimulationBound(task)
    continuation.onTermination = { termination in
      if case .cancelled = termination { handle.value.cancel() }
    }
    task.resume()
    return stream
  }
}

extension AsyncLoaderEnvironment {
  /// `URLSession.bytes(for:)` with its task's progress: each element is a chunk and the task's
  /// progress once that chunk has arrived (`URLSession.AsyncBytes.task.progress`, an
  /// `URLSessionTask.progress`). Show the progress in a cell's progress view with
  /// `ProgressView.setProgress(_:animated:)`: it names its request, so the oracle's
  /// `progress_isolation` can judge it. Otherwise as `bytes(for:priority:)`: the transfer starts
  /// at once, the stream ends after the last chunk or throws the transfer's `NetworkError`, and
  /// cancelling the iterating task cancels the transfer.
  public func bytesWithProgress(
    for url: String, priority: Float = SimulatedDataTask.defaultPriority
  ) -> AsyncThrowingStream<(chunk: [UInt8], progress: RequestProgress), any Error> {
    transferStream(for: url, priority: priority) { ProgressStreamDelegate($0) }
  }
}

/// Feeds a data task's chunks, each with the task's progress after it, into an
/// `AsyncThrowingStream`.
final class ProgressStreamDelegate: SimulatedDataTaskDelegate {
  let continuation:
    AsyncThrowingStream<(chunk: [UInt8], progress: RequestProgress), any Error>.Continuation

  init(
    _ continuation: AsyncThrowingStream<(chunk: [UInt8], progress: RequestProgress), any Error>
      .Continuation
  ) {
    self.continuation = continuation
  }

  func dataTask(_ task: SimulatedDataTask, didReceive data: [UInt8], execution: Execution) {
    continuation.yield((data, task.progress))
  }

  func dataTask(
    _ task: SimulatedDataTask, didCompleteWithError error: NetworkError?, execution: Execution
  ) {
    if let error {
      continuation.finish(throwing: error)
    } else {
      continuation.finish()
    }
  }
}

/// Feeds a data task's delegate calls into an `AsyncThrowingStream`.
final class StreamDelegate: SimulatedDataTaskDelegate {
  let continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation

  init(_ continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation) {
    self.continuation = continuation
  }

  func dataTask(_ task: SimulatedDataTask, didReceive data: [UInt8], execution: Execution) {
    continuation.yield(data)
  }

  func dataTask(
    _ task: SimulatedDataTask, didCompleteWithError error: NetworkError?, execution: Execution
  ) {
    if let error {
      continuation.finish(throwing: error)
    } else {
      continuation.finish()
    }
  }
}

/// A value that only the simulation's thread touches, carried through a `@Sendable` closure
/// that the simulation calls on that thread (a stream's termination handler).
struct SimulationBound<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

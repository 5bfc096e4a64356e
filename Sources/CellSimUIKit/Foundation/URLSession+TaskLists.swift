import SimPlatform

/// The session's task lists in their older and async forms, and the types their signatures and
/// delegates name.
extension URLSession {
  /// `getTasksWithCompletionHandler(_:)`: the tasks not completed, by kind, on the delegate
  /// queue, as `getAllTasks` gives them (older loaders find a URL's task here to cancel it).
  /// Upload tasks are not modelled, so that list is empty.
  public func getTasksWithCompletionHandler(
    _ completionHandler:
      @escaping @Sendable (
        [URLSessionDataTask], [URLSessionUploadTask], [URLSessionDownloadTask]
      ) -> Void
  ) {
    getAllTasks { tasks in
      completionHandler(
        tasks.compactMap { $0 as? URLSessionDataTask }, [],
        tasks.compactMap { $0 as? URLSessionDownloadTask })
    }
  }

  /// `allTasks`: the tasks not completed, read on the delegate queue as `getAllTasks` reads them.
  public var allTasks: [URLSessionTask] {
    get async {
      await withCheckedContinuation { continuation in
        getAllTasks { continuation.resume(returning: $0) }
      }
    }
  }

  /// Foundation's `URLSession.AuthChallengeDisposition`, with its raw values: what a delegate's
  /// `urlSession(_:didReceive:completionHandler:)` answers. The simulated network asks no
  /// challenge, so such a method compiles and is never called.
  public enum AuthChallengeDisposition: Int, Sendable {
    case useCredential = 0
    case performDefaultHandling = 1
    case cancelAuthenticationChallenge = 2
    case rejectProtectionSpace = 3
  }

  /// Foundation's `URLSession.DelayedRequestDisposition` (iOS 11), with its raw values: what a
  /// task delegate's `urlSession(_:task:willBeginDelayedRequest:completionHandler:)` answers.
  /// No request is delayed in a run (a task's `earliestBeginDate` is never waited for), so that
  /// method is never called.
  public enum DelayedRequestDisposition: Int, Sendable {
    case continueLoading = 0
    case useNewRequest = 1
    case cancel = 2
  }
}

/// Foundation's `URLSessionUploadTask`, named by `getTasksWithCompletionHandler(_:)`. Uploads
/// are not modelled: the layer never makes one.
open class URLSessionUploadTask: URLSessionDataTask, @unchecked Sendable {}

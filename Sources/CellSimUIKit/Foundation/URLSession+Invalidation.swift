import SimPlatform

/// A session's tasks and its invalidation, per world (a session shared by worlds, such as
/// `URLSession.shared` or one in a `static`, keeps each world's tasks apart).
///
/// - `getAllTasks(completionHandler:)` hands the session's tasks that have not completed (made
///   and not resumed, or running), in the order they were made and as they are when it is
///   called, to `completionHandler` on the delegate queue. A cancelled task stays among them,
///   its `state` reading `.canceling`, until its end is told (its completion handler or its
///   delegate's `didCompleteWithError` is called), as a task not completed.
/// - `invalidateAndCancel()` cancels them (each completes with `NSURLErrorCancelled`, as after
///   `cancel()`); `finishTasksAndInvalidate()` lets them finish. Either way the session makes no
///   more tasks in that world: `dataTask` then stops the process, as Foundation raises an
///   exception. `URLSession.shared` ignores both, as Apple documents.
/// - Called outside any world (a loader's `deinit` after its run), they do nothing.
///
/// Not modelled: `urlSession(_:didBecomeInvalidWithError:)` (the delegate is not told).
extension URLSession {
  /// Hands the tasks not completed to `completionHandler`, on the delegate queue.
  public func getAllTasks(completionHandler: @escaping @Sendable ([URLSessionTask]) -> Void) {
    let world = SimulationContext.world(for: "URLSession.getAllTasks")
    let tasks = Unchecked(value: live.value(in: world) { LiveTasks() }.tasks)
    delegateQueue.enqueue(in: world, label: "URLSession.getAllTasks") {
      completionHandler(tasks.value)
    }
  }

  /// Cancels the tasks not completed and invalidates the session (see the extension's notes).
  public func invalidateAndCancel() {
    guard let tasks = invalidate() else { return }
    for task in tasks { task.cancel() }
  }

  /// Invalidates the session once its tasks finish (see the extension's notes).
  public func finishTasksAndInvalidate() { _ = invalidate() }

  /// Marks the session invalid in the calling world and returns its tasks not completed; nil
  /// for the shared session or outside any world.
  func invalidate() -> [URLSessionTask]? {
    guard self !== URLSession.shared, let world = SimulationContext.world else { return nil }
    let tasks = live.value(in: world) { LiveTasks() }
    tasks.isInvalidated = true
    return tasks.tasks
  }

  /// Drops `task` from the tasks not completed.
  func forget(_ task: URLSessionTask, in world: World) {
    live.value(in: world) { LiveTasks() }.tasks.removeAll { $0 === task }
  }
}

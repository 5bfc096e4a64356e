import Foundation
import SimNetwork
import SimPlatform

/// Foundation's `URLSessionTaskDelegate`: hears that a task completed. Every method is optional.
public protocol URLSessionTaskDelegate: URLSessionDelegate {
  /// The task completed, with `error` nil on success (an HTTP error status is a success).
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
  /// A delayed task is about to start (iOS 11). Never called: no request is delayed in a run.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willBeginDelayedRequest request: URLRequest,
    completionHandler:
      @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) ->
      Void)
}

extension URLSessionTaskDelegate {
  /// Does nothing.
  public func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {}

  /// Lets the request load unchanged (Foundation's answer without this method).
  public func urlSession(
    _ session: URLSession, task: URLSessionTask, willBeginDelayedRequest request: URLRequest,
    completionHandler:
      @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) ->
      Void
  ) {
    completionHandler(.continueLoading, nil)
  }
}

/// Foundation's `URLSessionDataDelegate`: the response, then the body chunk by chunk as the
/// network delivers it (the scenario's chunk size and timing), then the completion. Every method
/// is optional.
public protocol URLSessionDataDelegate: URLSessionTaskDelegate {
  /// The response arrived; call `completionHandler(.allow)` to go on (`.cancel` cancels the
  /// task, which then completes with `URLError(.cancelled)`). Until the handler is called, the
  /// task hears nothing more and does not complete (Apple: the handler is what "your code calls
  /// to continue a transfer"); a delegate that never calls it leaves the task running until it
  /// is cancelled.
  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void)
  /// A chunk of the body arrived.
  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data)
}

extension URLSessionDataDelegate {
  /// Allows the response (Apple: without this method the response is allowed).
  public func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) { completionHandler(.allow) }
  /// Does nothing.
  public func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data
  ) {}
}

extension URLSession {
  /// `URLSession.ResponseDisposition`.
  public enum ResponseDisposition: Int, Sendable {
    /// `.cancel`: cancels the task.
    case cancel = 0
    /// `.allow`: goes on.
    case allow = 1
    /// `.becomeDownload` (not modelled: goes on as `.allow`, the body reaching the data
    /// delegate).
    case becomeDownload = 2
    /// `.becomeStream` (not modelled: goes on as `.allow`, the body reaching the data
    /// delegate).
    case becomeStream = 3
  }
}

/// The delegate calls of a task made without a completion handler, in the order the wire
/// events happen, each enqueued on the session's delegate queue as Foundation does: the task's
/// own `delegate` first, else the session's, for each kind of delegate apart (a task delegate
/// that is no data delegate leaves the response and the body to the session's data delegate,
/// as Apple's task delegate intercepts only what it handles). A task made with a completion
/// handler (or by the async `data(from:)`) calls no delegate method, as Apple documents for
/// completion-handler tasks.
///
/// From the response until a data delegate answers it, the task's later chunks and its end
/// wait (`DispositionWait`): `.allow` (or `.becomeDownload`, `.becomeStream`) delivers them in
/// order, `.cancel` drops them and cancels the task. The task keeps its connection of the
/// session's per-host limit while it waits. A delegate without the response method answers
/// `.allow` as soon as it is called (the protocol's default), so its task goes on as if nothing
/// waited once its response callback has run.
extension URLSessionTask {
  /// The data delegate to call, if the task reports to one.
  var dataDelegate: (any URLSessionDataDelegate)? {
    guard handler == nil, directCompletion == nil else { return nil }
    return (delegate as? any URLSessionDataDelegate)
      ?? (session.delegate as? any URLSessionDataDelegate)
  }

  /// The task delegate to call at the end, if the task reports to one.
  var taskDelegate: (any URLSessionTaskDelegate)? {
    guard directCompletion == nil else { return nil }
    return delegate ?? (session.delegate as? any URLSessionTaskDelegate)
  }

  func notifyResponse() {
    if let download = self as? DelegateDownloadTask {
      download.notifyResumed()
      return
    }
    guard let delegate = dataDelegate, let response, let world,
      let dataTask = self as? URLSessionDataTask
    else { return }
    let wait = DispositionWait()
    dispositionWait = wait
    let box = Unchecked((delegate, response, dataTask, wait))
    session.delegateQueue.enqueue(in: world, label: "URLSession didReceive response") {
      let (delegate, response, task, wait) = box.value
      let answer = Unchecked((task, wait))
      delegate.urlSession(task.session, dataTask: task, didReceive: response) { disposition in
        let (task, wait) = answer.value
        task.receiveDisposition(disposition, for: wait)
      }
    }
  }

  /// Runs `event` (a chunk of the body, or the end) on the task now, or keeps it for the data
  /// delegate's answer to the response. The event is given the task rather than holding it, so
  /// that a wait never keeps its task alive.
  func deliverOrHold(_ event: @escaping (URLSessionTask) -> Void) {
    if let dispositionWait {
      dispositionWait.held.append(event)
    } else {
      event(self)
    }
  }

  /// The data delegate answered the response `wait` was made for. An answer for a wait that
  /// ended (a second call, or a task cancelled or suspended meanwhile) does nothing.
  func receiveDisposition(_ disposition: URLSession.ResponseDisposition, for wait: DispositionWait)
  {
    guard dispositionWait === wait else { return }
    dispositionWait = nil
    if disposition == .cancel {
      cancel()
      return
    }
    var held = wait.held[...]
    wait.held = []
    while let event = held.popFirst() {
      event(self)
      // A held event may be a second response (a protocol's), which waits for its own answer:
      // the rest waits with it.
      if let next = dispositionWait {
        next.held = Array(held) + next.held
        return
      }
    }
  }

  /// Tells the delegate of `count` bytes received; `chunk` gives them, asked only when a data
  /// delegate will hear them.
  func notifyData(_ count: Int, _ chunk: () -> Data) {
    if let download = self as? DelegateDownloadTask {
      download.notifyWritten(count)
      return
    }
    guard let delegate = dataDelegate, let world, let dataTask = self as? URLSessionDataTask
    else { return }
    let box = Unchecked((delegate, chunk(), dataTask))
    session.delegateQueue.enqueue(in: world, label: "URLSession didReceive data") {
      let (delegate, data, task) = box.value
      delegate.urlSession(task.session, dataTask: task, didReceive: data)
    }
  }

  func notifyCompletion(error: (any Error)?, transferID: Int?) {
    guard let world else { return }
    guard let delegate = taskDelegate else {
      if let transferID { network?.callbackRan(transferID: transferID) }
      endCancelling()
      return
    }
    let box = Unchecked((delegate, error, self, network))
    session.delegateQueue.enqueue(in: world, label: "URLSession didCompleteWithError") {
      let (delegate, error, task, network) = box.value
      if let transferID { network?.callbackRan(transferID: transferID) }
      task.endCancelling()
      delegate.urlSession(task.session, task: task, didCompleteWithError: error)
    }
  }
}

/// A data task's wait for its delegate's answer to the response: the wire's later events, in
/// order, held until the answer.
final class DispositionWait {
  var held: [(URLSessionTask) -> Void] = []
}

package import SimPlatform

/// One blocking body running on a simulated thread: its execution, the carrier that holds its
/// stack, and what it waits for while parked.
///
/// A fiber lives from `BlockingThreads.start` until its body returns. Between segments it is
/// parked: its carrier waits, its execution waits on the step the blocking call issued, and
/// `waitingOn` names what it waits for.
package final class Fiber {
  enum Phase: Equatable {
    /// Its carrier holds the baton (or a nested fiber it started does).
    case running
    /// Waiting for the step its blocking call issued.
    case parked
    /// The body returned.
    case finished
    /// Its carrier did not hand the baton back within the watchdog's time; it is never used
    /// again.
    case abandoned
  }

  package unowned let scheduler: BlockingThreads
  /// The execution the body runs in: it holds the simulated thread.
  package let execution: Execution
  /// A label for traces (the queue item's or main-queue block's label).
  package let label: String
  var carrier: Carrier!
  /// Who waits for the segment now running: the caller's parker.
  var returnTo: Parker?
  var phase = Phase.running
  /// What the fiber waits for while parked: the trace's reason (`sleep`, `semaphore`, …).
  package internal(set) var parkReason = ""
  /// The detail of its last blocking call (the duration, the URL, the lock's name).
  package internal(set) var parkDetail = ""
  /// The last layer call the body made since it last blocked (`noteLayerCall`).
  var layerCall: StaticString?
  /// The resource it waits for while parked, if the wait has one (for deadlock reports).
  package internal(set) var waitingOn: (any BlockingResource)?
  /// The waiter of the wait, if it waits on one: tear-down abandons it, so that the execution
  /// waiting on it (which holds the world) is not kept alive by a waiter nobody completes.
  var parkedWaiter: Waiter?
  /// Whether the wait has a timeout (a timed wait ends by itself, so it cannot deadlock).
  var waitIsTimed = false
  /// The serial queues the fiber's code runs on now, innermost last (its own queue, then any
  /// queue it entered with `sync`), for detecting a `sync` onto one of them.
  package internal(set) var queues: [ObjectIdentifier] = []
  /// Blocking calls made after the world began tearing down, each answered at once.
  var tearDownCalls = 0

  init(
    scheduler: BlockingThreads, execution: Execution, label: String, queue: ObjectIdentifier?
  ) {
    self.scheduler = scheduler
    self.execution = execution
    self.label = label
    if let queue { queues.append(queue) }
  }

  /// What the watchdog names as the body's last call into the simulation.
  var lastCall: String {
    if let layerCall { return "\(layerCall)" }
    if parkReason.isEmpty { return "none since it started" }
    return "\(parkReason)" + (parkDetail.isEmpty ? "" : " \(parkDetail)") + ", which returned"
  }

  /// The simulated thread's name as traces print it (`main`, `w3`).
  package var threadName: String { execution.thread.name }
  /// The simulated thread.
  package var thread: SimThread { execution.thread }
}

/// Something a simulated thread can wait for: a lock, a semaphore, a queue, a group.
///
/// Deadlock detection follows `holders`: a fiber that waits for a resource held by a thread
/// whose fiber waits, through any chain, for a resource the first fiber's thread holds, can
/// never go on.
package protocol BlockingResource: AnyObject {
  /// How reports name it: `lock "cache"`, `queue "com.app.cache"`, `semaphore "downloads"`.
  var resourceDescription: String { get }
  /// The simulated threads that must act before a waiter can go on: a lock's owner, the thread
  /// running on a serial queue. Empty when any thread may release it (a semaphore, a group).
  var holders: [SimThread] { get }
}

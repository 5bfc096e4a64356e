import SimKernel

/// URLSession's two timers, folded into one event per transfer.
///
/// `URLSessionConfiguration.timeoutIntervalForRequest` "controls how long (in seconds) a task
/// should wait for additional data to arrive before giving up. The timer associated with this
/// value is reset whenever new data arrives." `timeoutIntervalForResource` "controls how long
/// (in seconds) to wait for an entire resource to transfer before giving up. The resource
/// timer starts when the request is initiated and counts until either the request completes
/// or this timeout interval is reached, whichever comes first" (default: 7 days). Either one
/// fails the task with `NSURLErrorTimedOut`, here `TransferOutcome.timedOut`.
///
/// CellSim starts the request timer when the transfer gets a connection slot (a transfer
/// waiting for a slot has sent nothing yet), as it always has; only the resource timer runs
/// while it waits.
extension FakeNetwork {
  /// When `transfer` times out if nothing else happens: its creation plus the resource
  /// timeout, or, once it holds a slot, its last progress plus the request timeout if that
  /// comes first.
  func timeoutDeadline(of transfer: Transfer) -> SimTime {
    let resource = records[transfer.id - 1].queuedAt + transfer.plan.resourceTimeout
    guard let last = transfer.lastActivity else { return resource }
    return min(resource, last + transfer.plan.timeoutAfter)
  }

  /// Makes sure the timeout event fires no later than the current deadline. A deadline that
  /// moved later (a byte arrived) keeps the scheduled event, which re-checks when it fires,
  /// so a steady trickle costs no event per chunk.
  func armTimeout(_ transfer: Transfer) {
    let deadline = timeoutDeadline(of: transfer)
    if let handle = transfer.timeout, let scheduled = transfer.timeoutAt {
      if scheduled <= deadline { return }
      world.loop.cancel(handle)
    }
    transfer.timeoutAt = deadline
    transfer.timeout = world.loop.schedule(at: deadline) { [self] in
      transfer.timeout = nil
      transfer.timeoutAt = nil
      timeoutFired(transfer)
    }
  }

  /// The timeout event ran: the transfer times out if its deadline has come, else the event
  /// moves to the new deadline.
  func timeoutFired(_ transfer: Transfer) {
    guard !transfer.hasEnded else { return }
    if timeoutDeadline(of: transfer) <= world.now {
      end(transfer, .timedOut)
    } else {
      armTimeout(transfer)
    }
  }
}

package import SimPlatform

extension FakeNetwork {
  /// `NSData(contentsOfURL:)` / `dataWithContentsOfURL`: fetches `url` while holding the
  /// calling thread, then runs `completion` on that thread with the body or the error.
  ///
  /// The execution waits on a `Waiter` for the whole transfer (slot wait included), so it
  /// holds its thread but no CPU slot, and a global queue may start more threads meanwhile
  /// (seed 002's thread explosion). Nothing can cancel it: cancelling the enclosing operation
  /// only sets its flag, and the fetch runs to the end, as on iOS. Issue it like any step: the
  /// completion runs after the steps issued before it, and before those issued after it.
  package func fetchSynchronously(
    _ url: String, on execution: Execution, priority: Float = 0.5,
    completion: @escaping (Result<[UInt8], NetworkError>) -> Void
  ) {
    let fetch = BlockingFetch()
    execution.then { [self] in
      let transfer = submit(url: url, priority: priority, client: fetch)
      execution.wait(for: fetch.waiter) { [self] in
        callbackRan(transferID: transfer.id)
        completion(fetch.result ?? .failure(.cancelled))
      }
    }
  }
}

/// The client of a blocking fetch: collects the body and completes its waiter at the end.
final class BlockingFetch: TransferClient {
  let waiter = Waiter()
  /// The result, set at the end just before the waiter completes.
  @exclusivity(unchecked) var result: Result<[UInt8], NetworkError>?

  /// Ignored: `dataWithContentsOfURL` exposes no response.
  func transferDidReceiveResponse(_ transfer: Transfer, status: Int) {}

  /// Ignored: the body is taken whole at the end.
  func transfer(_ transfer: Transfer, didReceive chunk: ArraySlice<UInt8>) {}

  /// Sets the result and resumes the waiting execution.
  func transfer(_ transfer: Transfer, didEndWith outcome: TransferOutcome) {
    if let error = NetworkError(outcome) {
      result = .failure(error)
    } else {
      result = .success(transfer.deliveredBody)
    }
    waiter.complete()
  }
}

extension FakeNetwork {
  /// Starts a fetch for blocking code (`Data(contentsOf:)` on a remote URL, from a thread that
  /// parks): the transfer is submitted now; wait on the ticket's `waiter`, then take the
  /// result with `finishBlockingFetch`.
  package func startBlockingFetch(_ url: String, priority: Float = 0.5) -> BlockingFetchTicket {
    let fetch = BlockingFetch()
    let transfer = submit(url: url, priority: priority, client: fetch)
    return BlockingFetchTicket(fetch: fetch, transfer: transfer)
  }

  /// The result of a fetch whose waiter completed. Counts as the transfer's callback for
  /// `no_delivery_stall`.
  ///
  /// A fetch the world's end interrupted (its waiter never completed) gets what the transfer
  /// would have brought: nothing cancels such a fetch on a device, so the code after it must
  /// not meet an error the device never gives it (a `try!` would stop the process). That is
  /// the bytes the URL serves, or the error its plan fails with (a missing URL, an error
  /// status or a failure: `cancelled`, as the run cut it short); a planned corruption is not
  /// applied. Nothing the code does with it reaches the run any more.
  package func finishBlockingFetch(_ ticket: BlockingFetchTicket) -> Result<[UInt8], NetworkError> {
    guard ticket.waiter.isComplete else {
      guard ticket.transfer.plan.fail == nil, let bytes = resolver(ticket.transfer.url) else {
        return .failure(.cancelled)
      }
      return .success(bytes)
    }
    callbackRan(transferID: ticket.transferID)
    return ticket.fetch.result ?? .failure(.cancelled)
  }
}

/// A blocking fetch in flight: what its caller waits on.
package struct BlockingFetchTicket {
  let fetch: BlockingFetch
  let transfer: Transfer
  /// The transfer's id.
  package var transferID: Int { transfer.id }
  /// Completes when the transfer ends.
  package var waiter: Waiter { fetch.waiter }
}

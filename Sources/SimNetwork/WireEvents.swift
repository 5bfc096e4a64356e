import SimKernel

/// The target of transfers' first-byte and chunk events, scheduled through
/// `EventLoop.schedule(at:target:tag:)` instead of a fresh closure per event: chunk deliveries
/// are the network's most frequent events, and each closure was an allocation, a retain and a
/// free. The events run at the same `(time, seq)` as the closures they replace,
/// so traces and digests are unchanged.
///
/// A tag is `id << 1 | kind` (the transfer's id, then 0 for a first byte or 1 for a chunk).
/// The transfer is found by id among those with a scheduled wire event; ending a transfer
/// cancels its wire event and forgets it, so a fired tag always names a live transfer.
final class WireEvents: EventTarget {
  /// What a wire event delivers.
  enum Kind: Int {
    case firstByte = 0
    case chunk = 1
  }

  /// The network, which owns this object; the world keeps both alive while its loop runs.
  unowned let network: FakeNetwork
  /// Transfers with a scheduled wire event, at `id - 1`; nil for the others.
  @exclusivity(unchecked) private var transfers: [Transfer?] = []

  /// Creates the wire events of `network`.
  init(_ network: FakeNetwork) { self.network = network }

  /// The tag for `kind` of `transfer`, which is remembered until `forget(_:)`.
  func tag(_ kind: Kind, of transfer: Transfer) -> Int {
    let index = transfer.id - 1
    transfers.extend(toInclude: index, with: nil)
    transfers[index] = transfer
    return transfer.id << 1 | kind.rawValue
  }

  /// Forgets `transfer` (it ended, or the network was torn down).
  func forget(_ transfer: Transfer) {
    let index = transfer.id - 1
    if index < transfers.count { transfers[index] = nil }
  }

  /// Forgets every transfer.
  func forgetAll() { transfers.removeAll() }

  /// Runs the wire event `tag`.
  func fire(tag: Int) {
    guard let transfer = transfers[(tag >> 1) - 1] else {
      preconditionFailure("WireEvents: a wire event fired for a forgotten transfer (tag \(tag))")
    }
    transfer.pending = nil
    if tag & 1 == Kind.firstByte.rawValue {
      network.firstByte(transfer)
    } else {
      network.receiveChunk(transfer)
    }
  }
}

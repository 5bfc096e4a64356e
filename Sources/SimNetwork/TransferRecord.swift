package import SimKernel

/// How a transfer ended on the wire.
package enum TransferOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The whole body arrived (possibly corrupted by a rule; see `TransferRecord.corruption`).
  case success
  /// The server answered with an HTTP error status and no body (a rule, or 404 for a URL that
  /// serves no bytes).
  case http(status: Int)
  /// No byte arrived before the timeout.
  case timedOut
  /// The connection reset part way through the body.
  case connectionReset
  /// The network was down: an outage began during the transfer, or refused it.
  case offline
  /// The client cancelled it.
  case cancelled

  /// The token traces print: `success`, `http404`, `timeout`, `reset`, `offline`, `cancelled`.
  package var description: String {
    switch self {
    case .success: return "success"
    case .http(let status): return "http\(status)"
    case .timedOut: return "timeout"
    case .connectionReset: return "reset"
    case .offline: return "offline"
    case .cancelled: return "cancelled"
    }
  }
}

/// What the network did with one transfer. `FakeNetwork.records` lists them in creation
/// order; a record is complete once `outcome` is set.
package struct TransferRecord: Hashable, Sendable {
  /// The transfer's id: 1, 2, 3… in creation order within the network.
  package let id: Int
  /// The requested URL.
  package let url: String
  /// The host whose connection slots it uses.
  package let host: String
  /// 1 for the URL's first transfer, 2 for its second, and so on.
  package let attempt: Int
  /// The index of the rule that matched, if any.
  package let rule: Int?
  /// The drawn time to first byte, counted from the start (after any rule's override).
  package let latency: SimDuration
  /// Its slot priority when it was created.
  package let priority: Float
  /// When it was created (queued for a connection slot, or refused while offline).
  package let queuedAt: SimTime
  /// When it got a connection slot; nil if it never did.
  package internal(set) var startedAt: SimTime?
  /// When the response (status) arrived; nil if it never did.
  package internal(set) var firstByteAt: SimTime?
  /// When it ended; nil while outstanding.
  package internal(set) var endedAt: SimTime?
  /// Body bytes delivered to the client.
  package internal(set) var bytes: Int64 = 0
  /// How it ended; nil while outstanding.
  package internal(set) var outcome: TransferOutcome?
  /// The HTTP status delivered at the first byte (200, or a rule's or 404).
  package internal(set) var status: Int?
  /// The rule's corruption applied to the body, if any.
  package internal(set) var corruption: Corruption?
  /// FNV-1a 64 (`StableHasher`) of the bytes delivered, in order. For a complete, successful,
  /// uncorrupted transfer it equals `sourceDigest`.
  package internal(set) var digest: UInt64 = StableHasher().value
  /// FNV-1a 64 of the bytes the URL serves, uncorrupted; nil if it serves none.
  package internal(set) var sourceDigest: UInt64?

  /// Whether the client cancelled it.
  package var cancelled: Bool { outcome == .cancelled }
  /// Whether it is waiting for a slot or active.
  package var isOutstanding: Bool { outcome == nil }
  /// Whether it ended with the URL's exact bytes, complete and successful.
  package var deliveredExactBytes: Bool { outcome == .success && digest == sourceDigest }
}

/// One thing that happened to a transfer, as subscribers of `FakeNetwork` hear it.
package struct TransferEvent: Hashable, Sendable {
  /// What happened.
  package enum Kind: Hashable, Sendable {
    /// Created and waiting for a connection slot (or about to be refused while offline).
    case queued
    /// Got a connection slot.
    case started
    /// The rule held it: no byte arrives until a release.
    case held
    /// A release let it proceed.
    case released
    /// The response arrived with this HTTP status.
    case firstByte(status: Int)
    /// A chunk of this many body bytes arrived.
    case chunk(bytes: Int64)
    /// It ended.
    case ended(TransferOutcome)
    /// The API's final callback for it began running on its queue: a task's completion or
    /// `didCompleteWithError`, a connection's finish or failure, or a blocking fetch's
    /// continuation. The `no_delivery_stall` invariant measures from `ended` to this. A
    /// cancelled connection has none.
    case callbackRan
  }

  /// When it happened.
  package let at: SimTime
  /// What happened.
  package let kind: Kind
  /// The transfer's record just after the event.
  package let record: TransferRecord
}

/// A priority set on, or a start decided by, one of the platform's priority-ordered schedulers:
/// a `RequestQueue`, an `OperationQueue`, or a host's connection slots (the transfers of
/// `URLSessionTask`s). The `latest_priority_wins` invariant reads these.
///
/// Priorities share URLSession's scale, 0…1 (`URLSessionTask.lowPriority` 0.25, default 0.5,
/// high 0.75); `Operation.QueuePriority` maps onto it (`SimulatedOperation.QueuePriority.level`).
/// Entries are joined across layers by their key: a request queue entry's key, an operation's
/// `name`, a transfer's URL.
package struct PriorityReport: Sendable {
  /// The layer a scheduler belongs to, innermost (the wire) first. A loader expresses a
  /// request's priority on an outer layer and the inner layers should follow it.
  package enum Layer: Int, Sendable, Comparable {
    /// A host's connection slots, ordered by `URLSessionTask.priority`.
    case transfer = 0
    /// An `OperationQueue`, ordered by `queuePriority`.
    case operation = 1
    /// A `RequestQueue`, ordered by entry priority.
    case requestQueue = 2

    package static func < (a: Layer, b: Layer) -> Bool { a.rawValue < b.rawValue }

    /// How messages name the layer.
    package var noun: String {
      switch self {
      case .transfer: return "task"
      case .operation: return "operation"
      case .requestQueue: return "request queue entry"
      }
    }
  }

  /// A waiting entry, as a scheduler saw it when it chose.
  package struct Entry: Sendable, Equatable {
    /// The entry's key.
    package let key: String
    /// Its priority in the scheduler now.
    package let priority: Float

    /// An entry with `key` at `priority`.
    package init(key: String, priority: Float) {
      self.key = key
      self.priority = priority
    }
  }

  /// What happened.
  package enum Kind: Sendable {
    /// An entry was enqueued with this priority, or code changed its priority later.
    case set(Float)
    /// The request the entry stood for is gone from this layer (an operation finished, a
    /// request queue entry was removed or truncated): what was set for it no longer applies.
    case ended
    /// The scheduler started `started` while `waiting` stayed behind (every entry it could
    /// have started instead).
    case started(Entry, waiting: [Entry])
  }

  /// The layer of the scheduler.
  package let layer: Layer
  /// The scheduler's identifier (a queue's object id, or the host for transfers).
  package let scheduler: String
  /// The key of the entry set (for `.set`) or started (for `.started`).
  package let key: String
  /// What happened.
  package let kind: Kind

  /// A report.
  package init(layer: Layer, scheduler: String, key: String, kind: Kind) {
    self.layer = layer
    self.scheduler = scheduler
    self.key = key
    self.kind = kind
  }
}

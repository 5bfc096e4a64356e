import SimKernel

/// Hears a transfer's wire events at the instants they happen, synchronously, in order:
/// at most one response, then chunks, then exactly one end.
///
/// The URL-loading APIs (`SimulatedDataTask`, `SimulatedURLConnection`, the blocking fetch)
/// implement it and forward each event to their own callback queue or waiter. A client is
/// released when the transfer ends.
package protocol TransferClient: AnyObject {
  /// The response arrived with `status` (200, or an HTTP error status before an end).
  func transferDidReceiveResponse(_ transfer: Transfer, status: Int)
  /// A chunk of the body arrived (a view into the body, not a copy).
  func transfer(_ transfer: Transfer, didReceive chunk: ArraySlice<UInt8>)
  /// The transfer ended; nothing follows.
  func transfer(_ transfer: Transfer, didEndWith outcome: TransferOutcome)
  /// The network was torn down with this transfer outstanding: release what the client holds
  /// (its delegate or completion handler) without calling it.
  func networkDidTearDown()
}

extension TransferClient {
  /// Nothing to release.
  package func networkDidTearDown() {}
}

/// What the matching rule (or the script's defaults) decided for one attempt.
struct TransferPlan {
  /// The matching rule's index.
  var rule: Int?
  /// Time to first byte from the start.
  var latency: SimDuration
  /// Bytes per second; nil for unlimited.
  var bandwidth: Int64?
  /// How it fails, if it does.
  var fail: NetworkFailure?
  /// The request timeout: how long the transfer may go without receiving a byte, counted
  /// from its start and from each byte that arrives (the rule's `after` for `fail: timeout`,
  /// else the device's `requestTimeout`).
  var timeoutAfter: SimDuration
  /// The resource timeout: how long the whole transfer may take, counted from its creation
  /// (the device's `resourceTimeout`).
  var resourceTimeout: SimDuration
  /// How its body is damaged, if it is.
  var corruption: Corruption?
  /// Whether a hold rule applies.
  var hold: Bool
}

/// One attempt to fetch a URL: waits for a connection slot, then receives its response and
/// body on the wire, then ends exactly once.
///
/// Phases move forward only: `waiting` (or `refusing` while offline) → `connecting` (holding
/// a slot, before the first byte; `held` while a hold rule keeps it) → `receiving` → `ended`.
/// At most one wire event (`pending`) and one timeout are scheduled at a time; ending the
/// transfer cancels both, so no wire event of an ended transfer ever runs. The timeout event
/// stands for both of URLSession's timers (`FakeNetwork.timeoutDeadline(of:)`).
package final class Transfer {
  /// Where the transfer is in its life (the raw value is what `net.cancel` prints).
  enum Phase: String {
    case waiting, refusing, connecting, held, receiving, ended

    /// Whether the transfer holds a connection slot.
    var holdsSlot: Bool { self == .connecting || self == .held || self == .receiving }
  }

  /// The transfer's id, as its record and traces show it.
  package let id: Int
  /// The requested URL.
  package let url: String
  /// The host whose slots it uses.
  package let host: String
  /// Slot order among waiting transfers: higher first, then lower id.
  @exclusivity(unchecked) package var priority: Float
  /// What the rules decided for this attempt.
  let plan: TransferPlan
  /// The current phase.
  @exclusivity(unchecked) var phase: Phase
  /// Hears the wire events; released at the end.
  @exclusivity(unchecked) var client: TransferClient?
  /// The next wire event (refusal, first byte or chunk), if scheduled.
  @exclusivity(unchecked) var pending: EventHandle?
  /// The timeout event, scheduled from creation to the end.
  @exclusivity(unchecked) var timeout: EventHandle?
  /// When the scheduled timeout event fires. A byte that arrives moves the deadline later
  /// without rescheduling: the event, when it fires early, reschedules itself.
  @exclusivity(unchecked) var timeoutAt: SimTime?
  /// When the transfer last made progress: its start, then each byte that arrived; nil while
  /// it waits for a slot (only the resource timeout applies then).
  @exclusivity(unchecked) var lastActivity: SimTime?
  /// The body being delivered (after corruption or a reset cut).
  @exclusivity(unchecked) var body: [UInt8] = []
  /// The response's Content-Length, set when the response arrives: the length of the bytes
  /// the URL serves (a reset or a truncation later delivers fewer), 0 for an HTTP error.
  @exclusivity(unchecked) package internal(set) var expectedContentLength: Int64 = -1
  /// Cumulative byte counts at which chunks end.
  @exclusivity(unchecked) var chunkEnds: [Int64] = []
  /// The index of the next chunk to deliver.
  @exclusivity(unchecked) var nextChunk = 0
  /// Whether the transfer resets after its last chunk instead of succeeding.
  @exclusivity(unchecked) var resetAtEnd = false
  /// The bytes delivered, kept from the end of the transfer until its client has them: the
  /// whole body on success (the served array itself when nothing damaged it, so no byte is
  /// copied), or what arrived before a failure or cancel.
  @exclusivity(unchecked) var deliveredBody: [UInt8] = []

  /// A transfer waiting for a slot.
  init(
    id: Int, url: String, host: String, priority: Float, plan: TransferPlan,
    client: TransferClient?
  ) {
    self.id = id
    self.url = url
    self.host = host
    self.priority = priority
    self.plan = plan
    self.phase = .waiting
    self.client = client
  }

  /// Whether the transfer has ended (successfully or not).
  package var hasEnded: Bool { phase == .ended }
}

/// The connection slots of one host and the transfers waiting for them.
final class HostSlots {
  /// Transfers holding a slot.
  @exclusivity(unchecked) var active = 0
  /// Transfers waiting for a slot, in creation order.
  @exclusivity(unchecked) var waiting: [Transfer] = []

  /// Removes and returns the waiting transfer that starts next: the highest priority, then
  /// the earliest created.
  func takeNext() -> Transfer? {
    guard var best = waiting.indices.first else { return nil }
    for index in waiting.indices.dropFirst() {
      let candidate = waiting[index]
      let current = waiting[best]
      if candidate.priority > current.priority
        || (candidate.priority == current.priority && candidate.id < current.id)
      {
        best = index
      }
    }
    return waiting.remove(at: best)
  }
}

import SimKernel

/// What a request queue reports to the world.
package struct RequestQueueReport: Sendable {
  /// What happened.
  package enum Kind: String, Sendable {
    /// An entry was pushed.
    case push
    /// An entry was taken to be started.
    case pop
    /// An entry was dropped from the head because a push overflowed the capacity.
    case truncate
    /// An entry was removed by its owner (for example, its cell left the screen).
    case remove
  }

  /// The queue's identifier.
  package let queueID: Int
  /// What happened.
  package let kind: Kind
  /// The entry's key (usually a URL).
  package let key: String
  /// The number of entries waiting after the change.
  package let depth: Int
}

/// Seed 000's pending-request queue: FIFO or FILO, with a capacity, truncated at its head.
///
/// From seed 000 ("The efficient way to load and render images in the UITableViewCell", points
/// 3 and 4): "Download request goes to FILO queue … The queue size should be limited by a
/// maximum number of visible cells. The most recently requested images go to the end of the
/// queue, while the head of the queue is truncated each time new request is added."
///
/// Entries are pushed at the tail. `pop()` takes the tail (FILO: newest first) or the head
/// (FIFO). A push that makes the queue longer than `capacity` drops entries from the head (the
/// oldest) and reports each as a truncation. The oracle's `bounded_queue` counts the entries
/// waiting here, and the world receives every change as a `RequestQueueReport`.
public final class RequestQueue<Element> {
  /// The order entries are taken in.
  public enum Order: String, Sendable {
    /// First in, first out: `pop()` takes the head.
    case fifo
    /// First in, last out: `pop()` takes the tail, the newest entry.
    case filo
  }

  unowned let world: World
  /// The same world, weakly, for `deinit` (a queue may outlive its world in user code).
  weak var weakWorld: World?
  /// The queue's identifier in traces and reports.
  package let id: Int
  /// The order `pop()` follows.
  public let order: Order
  /// The most entries kept; nil means unbounded.
  public let capacity: Int?
  var entries: [(key: String, value: Element)] = []
  /// Entries dropped from the head so far.
  public private(set) var truncations = 0
  /// The most entries ever waiting at once.
  public private(set) var peakDepth = 0

  /// Creates an empty queue registered with `world`.
  package init(world: World, order: Order, capacity: Int?) {
    precondition(capacity.map { $0 >= 1 } ?? true, "RequestQueue: capacity must be at least 1")
    self.world = world
    self.weakWorld = world
    self.id = world.makeObjectID()
    self.order = order
    self.capacity = capacity
    world.requestQueueDepths[id] = 0
  }

  /// Entries waiting now.
  public var count: Int { entries.count }
  /// Whether nothing waits.
  public var isEmpty: Bool { entries.isEmpty }
  /// The keys waiting, head first.
  public var keys: [String] { entries.map(\.key) }

  /// Pushes an entry at the tail and returns the entries truncated from the head, oldest
  /// first, so their owner can clean up.
  @discardableResult
  public func push(key: String, _ value: Element) -> [(key: String, value: Element)] {
    entries.append((key, value))
    report(.push, key)
    var dropped: [(key: String, value: Element)] = []
    if let capacity {
      while entries.count > capacity {
        let head = entries.removeFirst()
        truncations += 1
        dropped.append(head)
        report(.truncate, head.key)
      }
    }
    return dropped
  }

  /// Takes the next entry in the queue's order.
  public func pop() -> (key: String, value: Element)? {
    guard !entries.isEmpty else { return nil }
    let entry = order == .filo ? entries.removeLast() : entries.removeFirst()
    report(.pop, entry.key)
    return entry
  }

  /// Removes every entry with `key`; returns how many were removed.
  @discardableResult
  public func remove(key: String) -> Int {
    let before = entries.count
    entries.removeAll { $0.key == key }
    let removed = before - entries.count
    if removed > 0 { report(.remove, key) }
    return removed
  }

  func report(_ kind: RequestQueueReport.Kind, _ key: String) {
    peakDepth = max(peakDepth, entries.count)
    world.requestQueueDepths[id] = entries.count
    world.trace.record(at: world.now, "rq.\(kind.rawValue)") {
      $0.field("q", id)
      $0.field("key", key)
      $0.field("depth", entries.count)
    }
    world.reports.send(
      .requestQueue(RequestQueueReport(queueID: id, kind: kind, key: key, depth: entries.count)))
  }

  deinit {
    weakWorld?.requestQueueDepths[id] = nil
  }
}

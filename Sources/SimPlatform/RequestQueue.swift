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
///
/// Entries also have a priority on URLSession's 0…1 scale (default 0.5, as
/// `URLSessionTask.defaultPriority`): `pop()` takes the highest priority first and follows the
/// queue's order only among equal priorities, and `setPriority(_:forKey:)` re-orders entries
/// already waiting. With every entry at the default, the order is exactly FIFO or FILO.
/// Truncation ignores priority: it always drops the oldest. Priorities set and entries popped
/// are reported for `latest_priority_wins` (`PriorityReport`, layer `requestQueue`).
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
  @exclusivity(unchecked) weak var weakWorld: World?
  /// The queue's identifier in traces and reports.
  package let id: Int
  /// The order `pop()` follows.
  public let order: Order
  /// The most entries kept; nil means unbounded.
  public let capacity: Int?
  /// A waiting entry.
  struct Entry {
    var key: String
    var value: Element
    var priority: Float
  }

  /// The priority of an entry pushed without one.
  public static var defaultPriority: Float { 0.5 }

  @exclusivity(unchecked) var entries: [Entry] = []
  /// Entries dropped from the head so far.
  @exclusivity(unchecked) public private(set) var truncations = 0
  /// The most entries ever waiting at once.
  @exclusivity(unchecked) public private(set) var peakDepth = 0

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
  /// first, so their owner can clean up. `priority` (0…1) orders it among waiting entries;
  /// nil means the default, 0.5.
  @discardableResult
  public func push(key: String, priority: Float? = nil, _ value: Element) -> [(
    key: String, value: Element
  )] {
    precondition(
      priority.map { (0...1).contains($0) } ?? true, "RequestQueue.push: priority must be in 0...1")
    entries.append(Entry(key: key, value: value, priority: priority ?? Self.defaultPriority))
    report(.push, key)
    reportPriority(key, .set(priority ?? Self.defaultPriority))
    var dropped: [(key: String, value: Element)] = []
    if let capacity {
      while entries.count > capacity {
        let head = entries.removeFirst()
        truncations += 1
        dropped.append((head.key, head.value))
        report(.truncate, head.key)
        reportPriority(head.key, .ended)
      }
    }
    return dropped
  }

  /// Takes the next entry: the highest priority, then the queue's order (the newest for FILO,
  /// the oldest for FIFO).
  public func pop() -> (key: String, value: Element)? {
    guard var best = entries.indices.first else { return nil }
    for index in entries.indices.dropFirst() {
      let candidate = entries[index].priority
      let current = entries[best].priority
      if candidate > current || (candidate == current && order == .filo) { best = index }
    }
    let entry = entries.remove(at: best)
    report(.pop, entry.key)
    reportPriority(
      entry.key,
      .started(
        PriorityReport.Entry(key: entry.key, priority: entry.priority),
        waiting: entries.map { PriorityReport.Entry(key: $0.key, priority: $0.priority) }))
    return (entry.key, entry.value)
  }

  /// Sets the priority (0…1) of every waiting entry with `key`; the next `pop()` uses it.
  /// Returns how many entries changed.
  @discardableResult
  public func setPriority(_ priority: Float, forKey key: String) -> Int {
    precondition((0...1).contains(priority), "RequestQueue.setPriority: priority must be in 0...1")
    var changed = 0
    for index in entries.indices where entries[index].key == key {
      entries[index].priority = priority
      changed += 1
    }
    if changed > 0 { reportPriority(key, .set(priority)) }
    return changed
  }

  /// The priority of the first waiting entry with `key`, if any.
  public func priority(forKey key: String) -> Float? {
    entries.first { $0.key == key }?.priority
  }

  /// Removes every entry with `key`; returns how many were removed.
  @discardableResult
  public func remove(key: String) -> Int {
    let before = entries.count
    entries.removeAll { $0.key == key }
    let removed = before - entries.count
    if removed > 0 {
      report(.remove, key)
      reportPriority(key, .ended)
    }
    return removed
  }

  func reportPriority(_ key: String, _ kind: PriorityReport.Kind) {
    world.reports.send(
      .priority(PriorityReport(layer: .requestQueue, scheduler: "rq\(id)", key: key, kind: kind)))
  }

  func report(_ kind: RequestQueueReport.Kind, _ key: String) {
    peakDepth = max(peakDepth, entries.count)
    world.requestQueueDepths[id] = entries.count
    world.trace.record(at: world.now, named: "rq.\(kind.rawValue)") {
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

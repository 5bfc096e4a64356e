import SimKernel

/// What a cache reports to the world.
package struct CacheReport: Sendable {
  /// What happened.
  package enum Kind: String, Sendable {
    case hit, miss, store, evict, purge, remove

    /// The trace kind of a memory cache's line, `cache.<kind>`.
    var traceKind: StaticString {
      switch self {
      case .hit: "cache.hit"
      case .miss: "cache.miss"
      case .store: "cache.store"
      case .evict: "cache.evict"
      case .purge: "cache.purge"
      case .remove: "cache.remove"
      }
    }
  }

  /// The cache's identifier.
  package let cacheID: Int
  /// The cache's name.
  package let cacheName: String
  /// What happened.
  package let kind: Kind
  /// The key involved (empty for a purge).
  package let key: String
}

/// A type-erased view of a memory cache, for the oracle: what it holds, without touching
/// recency.
package protocol InspectableCache: AnyObject {
  /// The cache's identifier.
  var cacheID: Int { get }
  /// The value stored for `key`, without counting a hit or refreshing it.
  func peekValue(forKey key: String) -> Any?
  /// Every key, oldest first.
  var storedKeys: [String] { get }
  /// The cache's name, as the loader gave it.
  var name: String { get }
  /// Stores `image` under `key` with `cost` before the run begins (a scenario's warm start),
  /// untraced and unreported; false, storing nothing, if the cache does not hold `Image`s.
  func prefill(_ key: String, image: Image, cost: Int64) -> Bool
}

/// An `NSCache`-shaped memory cache with deterministic eviction.
///
/// - `countLimit` and `totalCostLimit` (0 means no limit, as in NSCache).
/// - A `set` that takes the cache over a limit evicts synchronously, inside that `set`, oldest
///   inserted first, which is what people observe on iOS (swift-corelibs-foundation evicts by
///   lowest cost instead; CellSim does not copy that). Reads do not refresh an entry unless
///   the policy is `.lru`. Setting an existing key replaces it and makes it the newest.
/// - With `evictsOnMemoryWarning` (the default, like NSCache on iOS) a memory warning empties
///   it.
/// - Hits, misses, stores and evictions are traced and reported to the world.
public final class MemoryCache<Value>: InspectableCache, MemoryWarningHandling {
  /// Which entry goes first when a limit is exceeded.
  public enum Policy: String, Sendable {
    /// Oldest inserted first; reads do not refresh (iOS NSCache as observed).
    case insertionOrder
    /// Least recently used first; reads refresh.
    case lru
  }

  struct Node {
    var key: String
    var value: Value?
    var cost: Int64
    var prev: Int
    var next: Int
  }

  unowned let world: World
  /// The identifier in traces and reports.
  package let cacheID: Int
  /// The name in traces.
  public let name: String
  /// The most entries kept; 0 means no limit.
  public var countLimit: Int { didSet { evictIfNeeded() } }
  /// The most total cost kept; 0 means no limit.
  public var totalCostLimit: Int64 { didSet { evictIfNeeded() } }
  /// The eviction policy.
  public let policy: Policy
  /// Whether a memory warning empties the cache.
  @exclusivity(unchecked) public var evictsOnMemoryWarning: Bool
  @exclusivity(unchecked) var nodes: [Node] = []
  @exclusivity(unchecked) var free: [Int] = []
  @exclusivity(unchecked) var index: [String: Int] = [:]
  @exclusivity(unchecked) var head = -1  // oldest (or least recently used)
  @exclusivity(unchecked) var tail = -1  // newest
  /// The sum of the costs of the entries held.
  @exclusivity(unchecked) public private(set) var totalCost: Int64 = 0
  /// Counters since creation.
  @exclusivity(unchecked) public private(set) var hits = 0, misses = 0, evictions = 0
  /// Set while a warm start fills the cache: nothing is traced or reported.
  @exclusivity(unchecked) var quiet = false

  /// Creates an empty cache registered with `world`.
  package init(
    world: World, name: String = "cache", countLimit: Int = 0, totalCostLimit: Int64 = 0,
    policy: Policy = .insertionOrder, evictsOnMemoryWarning: Bool = true
  ) {
    precondition(countLimit >= 0 && totalCostLimit >= 0, "MemoryCache: limits must be >= 0")
    self.world = world
    self.cacheID = world.makeObjectID()
    self.name = name
    self.countLimit = countLimit
    self.totalCostLimit = totalCostLimit
    self.policy = policy
    self.evictsOnMemoryWarning = evictsOnMemoryWarning
    world.register(cache: self)
  }

  /// The number of entries.
  public var count: Int { index.count }

  /// The value for `key`, counting a hit or a miss (and refreshing it under `.lru`).
  public func value(forKey key: String) -> Value? {
    guard let i = index[key] else {
      misses += 1
      report(.miss, key)
      return nil
    }
    hits += 1
    report(.hit, key)
    if policy == .lru {
      unlink(i)
      linkAtTail(i)
    }
    return nodes[i].value
  }

  /// Stores `value` under `key` with `cost`, evicting what the limits require.
  public func setValue(_ value: Value, forKey key: String, cost: Int64 = 0) {
    precondition(cost >= 0, "MemoryCache.setValue: negative cost")
    if let existing = index[key] { removeNode(existing) }
    let node = Node(key: key, value: value, cost: cost, prev: -1, next: -1)
    let i: Int
    if let reused = free.popLast() {
      nodes[reused] = node
      i = reused
    } else {
      nodes.append(node)
      i = nodes.count - 1
    }
    index[key] = i
    linkAtTail(i)
    totalCost += cost
    report(.store, key)
    evictIfNeeded()
  }

  /// Removes the entry for `key`, if any.
  public func removeValue(forKey key: String) {
    guard let i = index[key] else { return }
    removeNode(i)
    report(.remove, key)
  }

  /// Removes every entry.
  public func removeAllValues() {
    while head != -1 { removeNode(head) }
    report(.purge, "")
  }

  /// Delivers a memory warning: empties the cache if `evictsOnMemoryWarning`.
  package func didReceiveMemoryWarning() {
    if evictsOnMemoryWarning { removeAllValues() }
  }

  package func prefill(_ key: String, image: Image, cost: Int64) -> Bool {
    guard let value = image as? Value else { return false }
    quiet = true
    defer { quiet = false }
    setValue(value, forKey: key, cost: cost)
    return true
  }

  package func peekValue(forKey key: String) -> Any? {
    index[key].flatMap { nodes[$0].value }
  }

  package var storedKeys: [String] {
    var keys: [String] = []
    var i = head
    while i != -1 {
      keys.append(nodes[i].key)
      i = nodes[i].next
    }
    return keys
  }

  // MARK: Internals

  func evictIfNeeded() {
    while head != -1,
      (countLimit > 0 && count > countLimit) || (totalCostLimit > 0 && totalCost > totalCostLimit)
    {
      let key = nodes[head].key
      removeNode(head)
      evictions += 1
      report(.evict, key)
    }
  }

  func removeNode(_ i: Int) {
    unlink(i)
    totalCost -= nodes[i].cost
    index[nodes[i].key] = nil
    nodes[i].value = nil
    free.append(i)
  }

  func unlink(_ i: Int) {
    let (p, n) = (nodes[i].prev, nodes[i].next)
    if p != -1 { nodes[p].next = n } else { head = n }
    if n != -1 { nodes[n].prev = p } else { tail = p }
    nodes[i].prev = -1
    nodes[i].next = -1
  }

  func linkAtTail(_ i: Int) {
    nodes[i].prev = tail
    nodes[i].next = -1
    if tail != -1 { nodes[tail].next = i } else { head = i }
    tail = i
  }

  func report(_ kind: CacheReport.Kind, _ key: String) {
    if quiet { return }
    world.trace.record(at: world.now, kind.traceKind) {
      $0.field("cache", cacheID)
      if !key.isEmpty { $0.field("key", key) }
    }
    world.reports.send(.cache(CacheReport(cacheID: cacheID, cacheName: name, kind: kind, key: key)))
  }

  /// Checks the list and index agree; stops with a message if not.
  package func _checkInvariants() {
    var seen = 0
    var cost: Int64 = 0
    var i = head
    var previous = -1
    while i != -1 {
      precondition(nodes[i].prev == previous, "MemoryCache: broken back link")
      precondition(index[nodes[i].key] == i, "MemoryCache: index disagrees with the list")
      cost += nodes[i].cost
      seen += 1
      previous = i
      i = nodes[i].next
    }
    precondition(previous == tail, "MemoryCache: tail is wrong")
    precondition(seen == index.count, "MemoryCache: list and index sizes differ")
    precondition(cost == totalCost, "MemoryCache: total cost is off")
    precondition(countLimit == 0 || seen <= countLimit, "MemoryCache: over its count limit")
    precondition(
      totalCostLimit == 0 || totalCost <= totalCostLimit, "MemoryCache: over its cost limit")
  }
}

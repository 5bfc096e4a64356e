import SimKernel

/// A simulated disk cache of bytes with modelled read and write latency.
///
/// Reads and writes are blocking I/O on the calling thread: the execution holds its thread but
/// no CPU for the device's disk cost (`DeviceProfile.diskReadCost` / `diskWriteCost`), and the
/// result is delivered at the step's end. A write is visible to reads once it completes. With
/// `byteLimit`, a write that goes over it evicts the oldest written entries first. Hits, misses
/// and evictions are traced and reported like a memory cache's.
public final class DiskCache {
  unowned let world: World
  /// The identifier in traces and reports.
  package let cacheID: Int
  /// The name in traces.
  public let name: String
  /// The most bytes kept; nil means unbounded.
  public let byteLimit: Int64?
  @exclusivity(unchecked) var entries: [(key: String, bytes: [UInt8])] = []
  /// Bytes stored now.
  @exclusivity(unchecked) public private(set) var storedBytes: Int64 = 0
  /// Counters since creation.
  @exclusivity(unchecked) public private(set) var hits = 0, misses = 0, evictions = 0

  /// Creates an empty disk cache.
  package init(world: World, name: String = "disk", byteLimit: Int64? = nil) {
    self.world = world
    self.cacheID = world.makeObjectID()
    self.name = name
    self.byteLimit = byteLimit
    world.register(diskCache: self)
  }

  /// Stores `bytes` under `key` at no cost, untraced and unreported: a scenario's warm start
  /// fills the cache so before the run begins, as a previous session of the app would have.
  /// The byte limit applies as to a write (oldest entries go first).
  package func prefill(_ key: String, bytes: [UInt8]) {
    entries.removeAll { $0.key == key }
    entries.append((key, bytes))
    storedBytes = entries.reduce(0) { $0 + Int64($1.bytes.count) }
    if let byteLimit {
      while storedBytes > byteLimit, !entries.isEmpty {
        storedBytes -= Int64(entries.removeFirst().bytes.count)
      }
    }
  }

  /// Every key stored, oldest first (for tests and the warm start's checks).
  package var storedKeys: [String] { entries.map(\.key) }

  /// Whether `key` is stored, without I/O (a directory lookup).
  public func contains(_ key: String) -> Bool { entries.contains { $0.key == key } }

  /// Reads `key` as a blocking step on `execution`; `completion` gets the bytes or nil at the
  /// end of the read. A miss costs the fixed read cost only.
  public func read(
    _ key: String, on execution: Execution, completion: @escaping ([UInt8]?) -> Void
  ) {
    // The cost depends on what is stored when the read starts, after any earlier steps.
    execution.then { [self] in
      let stored = entries.first { $0.key == key }?.bytes
      let size = stored?.count ?? 0
      world.reports.send(
        .work(
          WorkReport(
            kind: .diskRead, sourceKey: key, source: nil, readBytes: stored, bytes: Int64(size),
            thread: execution.thread.name)))
      execution.block(for: world.device.diskReadCost(bytes: size)) { [self] in
        let bytes = entries.first { $0.key == key }?.bytes
        if bytes != nil { hits += 1 } else { misses += 1 }
        report(bytes != nil ? .hit : .miss, key)
        execution.noteSource(key: key, bytes: bytes)
        completion(bytes)
      }
    }
  }

  /// Writes `bytes` under `key` as a blocking step on `execution`; `completion` runs when the
  /// write is done.
  public func write(
    _ key: String, bytes: [UInt8], on execution: Execution, completion: @escaping () -> Void = {}
  ) {
    execution.block(for: world.device.diskWriteCost(bytes: bytes.count)) { [self] in
      entries.removeAll { $0.key == key }
      entries.append((key, bytes))
      storedBytes = entries.reduce(0) { $0 + Int64($1.bytes.count) }
      report(.store, key)
      if let byteLimit {
        while storedBytes > byteLimit, !entries.isEmpty {
          let evicted = entries.removeFirst()
          storedBytes -= Int64(evicted.bytes.count)
          evictions += 1
          report(.evict, evicted.key)
        }
      }
      completion()
    }
  }

  func report(_ kind: CacheReport.Kind, _ key: String) {
    world.trace.record(at: world.now, named: "disk.\(kind.rawValue)") {
      $0.field("cache", cacheID)
      $0.field("key", key)
    }
    world.reports.send(.cache(CacheReport(cacheID: cacheID, cacheName: name, kind: kind, key: key)))
  }
}

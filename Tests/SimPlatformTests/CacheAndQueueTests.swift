import SimKernel
import Testing

@testable import SimPlatform

@Suite("Caches and request queues")
struct CacheAndQueueTests {
  @Test("a set over the count limit evicts the oldest inserted entry, inside that set")
  func insertionOrderEviction() {
    let w = World()
    let cache = MemoryCache<Int>(world: w, countLimit: 3)
    var evicted: [String] = []
    w.reports.subscribe {
      if case .cache(let r) = $0, r.kind == .evict { evicted.append(r.key) }
    }
    for (i, key) in ["a", "b", "c"].enumerated() { cache.setValue(i, forKey: key) }
    _ = cache.value(forKey: "a")  // reads do not refresh under NSCache's observed order
    cache.setValue(3, forKey: "d")
    #expect(evicted == ["a"])
    #expect(cache.storedKeys == ["b", "c", "d"])
    cache.setValue(9, forKey: "b")  // re-setting makes it the newest
    cache.setValue(4, forKey: "e")
    #expect(evicted == ["a", "c"])
    #expect(cache.storedKeys == ["d", "b", "e"])
    cache._checkInvariants()
  }

  @Test("the LRU option refreshes on read")
  func lruEviction() {
    let w = World()
    let cache = MemoryCache<Int>(world: w, countLimit: 2, policy: .lru)
    cache.setValue(1, forKey: "a")
    cache.setValue(2, forKey: "b")
    _ = cache.value(forKey: "a")
    cache.setValue(3, forKey: "c")
    #expect(cache.storedKeys == ["a", "c"])
    cache._checkInvariants()
  }

  @Test("the total cost limit evicts oldest first until the cache fits")
  func costEviction() {
    let w = World()
    let cache = MemoryCache<String>(world: w, totalCostLimit: 100)
    cache.setValue("x", forKey: "a", cost: 40)
    cache.setValue("y", forKey: "b", cost: 40)
    cache.setValue("z", forKey: "c", cost: 70)
    #expect(cache.storedKeys == ["c"])
    #expect(cache.totalCost == 70)
    #expect(cache.evictions == 2)
    cache._checkInvariants()
  }

  @Test("hits, misses and memory-warning purges are counted and reported")
  func countersAndPurge() {
    let w = World()
    let cache = MemoryCache<Int>(world: w)
    let keeper = MemoryCache<Int>(world: w, evictsOnMemoryWarning: false)
    cache.setValue(1, forKey: "a")
    keeper.setValue(1, forKey: "a")
    _ = cache.value(forKey: "a")
    _ = cache.value(forKey: "zz")
    #expect(cache.hits == 1 && cache.misses == 1)
    var warned = false
    w.reports.subscribe { if case .memoryWarning = $0 { warned = true } }
    w.deliverMemoryWarning()
    #expect(cache.count == 0)
    #expect(keeper.count == 1)
    #expect(warned)
    #expect(w.liveMemoryCaches.count == 2)
    #expect(cache.peekValue(forKey: "a") == nil)
  }

  @Test("a FILO request queue takes the newest first and truncates its head on overflow")
  func filoQueue() {
    let w = World()
    let queue = RequestQueue<Int>(world: w, order: .filo, capacity: 3)
    for i in 0..<3 { queue.push(key: "u\(i)", i) }
    let dropped = queue.push(key: "u3", 3)
    #expect(dropped.map(\.key) == ["u0"])
    #expect(queue.keys == ["u1", "u2", "u3"])
    #expect(queue.truncations == 1)
    #expect(w.requestQueueEntries == 3)
    #expect(queue.pop()?.key == "u3")
    #expect(queue.pop()?.key == "u2")
    #expect(w.requestQueueEntries == 1)
  }

  @Test("a FIFO request queue takes the oldest first; unbounded never truncates")
  func fifoQueue() {
    let w = World()
    let queue = RequestQueue<Int>(world: w, order: .fifo, capacity: nil)
    for i in 0..<100 { queue.push(key: "u\(i)", i) }
    #expect(queue.truncations == 0)
    #expect(queue.pop()?.key == "u0")
    #expect(queue.remove(key: "u5") == 1)
    #expect(queue.count == 98)
    #expect(queue.peakDepth == 100)
  }

  @Test("a released request queue no longer counts toward the world's entries")
  func releasedQueue() {
    let w = World()
    do {
      let queue = RequestQueue<Int>(world: w, order: .fifo, capacity: nil)
      queue.push(key: "a", 1)
      #expect(w.requestQueueEntries == 1)
    }
    #expect(w.requestQueueEntries == 0)
  }

  @Test("disk reads and writes block the calling thread for the device's disk cost")
  func diskCache() throws {
    var device = DeviceProfile.iPhoneSE
    device.refreshHz = 1
    let w = World(device: device)
    let disk = DiskCache(world: w)
    let bytes = [UInt8](repeating: 7, count: 100_000)
    var log: [String] = []
    w.globalQueue().async { execution in
      disk.read("k", on: execution) { log.append("miss=\($0 == nil)@\(w.now.nanoseconds)") }
      disk.write("k", bytes: bytes, on: execution) { log.append("written@\(w.now.nanoseconds)") }
      disk.read("k", on: execution) { log.append("hit=\($0?.count ?? 0)@\(w.now.nanoseconds)") }
    }
    try w.run(for: .ms(10))
    // A miss costs the fixed 0.1 ms; a 100 KB write 0.1 + 0.8 ms; a 100 KB read 0.1 + 0.4 ms.
    #expect(log == ["miss=true@100000", "written@1000000", "hit=100000@1500000"])
    #expect(disk.hits == 1 && disk.misses == 1)
    #expect(w.cpu.peakInUse == 0, "disk I/O holds no CPU")
  }

  @Test("a disk cache with a byte limit evicts the oldest writes")
  func diskEviction() throws {
    let w = World()
    let disk = DiskCache(world: w, byteLimit: 250)
    w.globalQueue().async { execution in
      for key in ["a", "b", "c"] {
        disk.write(key, bytes: [UInt8](repeating: 1, count: 100), on: execution)
      }
    }
    try w.run(for: .ms(10))
    #expect(!disk.contains("a"))
    #expect(disk.contains("b") && disk.contains("c"))
    #expect(disk.evictions == 1)
  }
}

@Suite("Device profiles")
struct DeviceProfileTests {
  @Test("built-in profiles carry DESIGN's defaults")
  func defaults() throws {
    let se = try #require(DeviceProfile.named("iphone-se"))
    #expect(se.screenWidth == 375 && se.screenHeight == 667 && se.scale == 2)
    #expect(se.refreshHz == 60 && se.cores == 2)
    #expect(se.decodeCost(width: 1000, height: 1000) == .us(150) + .ms(25))
    #expect(se.diskReadCost(bytes: 100_000) == .us(500))
    let pro = try #require(DeviceProfile.named("iphone-15-pro"))
    #expect(pro.refreshHz == 120 && pro.cores == 3 && pro.scale == 3)
    #expect(pro.diskReadCost(bytes: 100_000) == .us(250))
    #expect(DeviceProfile.named("iphone-3g") == nil)
  }

  @Test("overrides are validated and typos get a suggestion")
  func overrides() throws {
    var p = DeviceProfile.iPhoneSE
    try p.override("cores", with: .number(4))
    try p.override("decode_ns_per_pixel", with: .number(20))
    try p.override("decode_fixed", with: .text("200us"))
    try p.override("will_display", with: .number(0.05))
    try p.override("memory_budget", with: .text("100MB"))
    #expect(p.cores == 4 && p.decodeNsPerPixel == 20)
    #expect(p.decodeFixed == .us(200) && p.willDisplay == .us(50))
    #expect(p.memoryBudget == 100_000_000)
    #expect(throws: DeviceParameterError.unknownParameter("coers", suggestion: "cores")) {
      try p.override("coers", with: .number(1))
    }
    #expect(throws: DeviceParameterError.self) { try p.override("cores", with: .number(1.5)) }
    #expect(throws: DeviceParameterError.self) { try p.override("cores", with: .number(0)) }
    #expect(throws: DeviceParameterError.self) {
      try p.override("decode_fixed", with: .text("fast"))
    }
    #expect(throws: DeviceParameterError.self) {
      try p.override("memory_budget", with: .text("-5MB"))
    }
    #expect(DeviceProfile.parameters.count == 21)
    try p.override("resource_timeout", with: .text("30s"))
    #expect(p.resourceTimeout == .s(30))
  }
}

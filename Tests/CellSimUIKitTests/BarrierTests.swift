// Written as iOS code, with only the layer imported: `.barrier` on concurrent queues.
import CellSimUIKit
import Testing

/// A reader-writer image cache, as tutorials and small libraries write one: reads with `sync`
/// on a concurrent queue, writes with a `.barrier` block.
final class BarrierImageCache: @unchecked Sendable {
  private let queue = DispatchQueue(label: "com.app.image-cache", attributes: .concurrent)
  private var images: [URL: Data] = [:]

  func image(for url: URL) -> Data? {
    queue.sync { images[url] }
  }

  func insert(_ data: Data, for url: URL) {
    queue.async(flags: .barrier) {
      Thread.sleep(forTimeInterval: 0.005)
      self.images[url] = data
    }
  }

  func removeAll() {
    queue.sync(flags: .barrier) { images.removeAll() }
  }
}

@Suite("Barrier blocks on concurrent queues run alone")
struct BarrierTests {
  @Test("a barrier waits for the blocks before it, and the blocks after it wait for it")
  func barrierOrder() throws {
    let log = Log()
    try simulate {
      let queue = DispatchQueue(label: "com.app.rw", attributes: .concurrent)
      for (name, ms) in [("r1", 0.02), ("r2", 0.01)] {
        queue.async {
          log.add("\(name) start")
          Thread.sleep(forTimeInterval: ms)
          log.add("\(name) end")
        }
      }
      queue.async(flags: .barrier) {
        log.add("w start")
        Thread.sleep(forTimeInterval: 0.005)
        log.add("w end")
      }
      for name in ["r3", "r4"] {
        queue.async { log.add("\(name) start") }
      }
    }
    #expect(
      log.lines == [
        "r1 start @0", "r2 start @0", "r2 end @10", "r1 end @20", "w start @20", "w end @25",
        "r3 start @25", "r4 start @25",
      ])
  }

  @Test("a barrier work item and a barrier sync run alone too; sync returns its value")
  func workItemAndSync() throws {
    let log = Log()
    try simulate {
      let queue = DispatchQueue(label: "com.app.rw", attributes: .concurrent)
      queue.async {
        Thread.sleep(forTimeInterval: 0.01)
        log.add("reader end")
      }
      queue.async(execute: DispatchWorkItem(flags: .barrier) { log.add("item") })
      DispatchQueue.global().async {
        let value = queue.sync(flags: .barrier) { () -> Int in
          log.add("sync body")
          return 7
        }
        log.add("sync returned \(value)")
      }
    }
    #expect(
      log.lines == ["reader end @10", "item @10", "sync body @10", "sync returned 7 @10"])
  }

  @Test("a barrier sync from a block of the same concurrent queue is a deadlock naming it")
  func barrierSyncOntoOwnQueue() throws {
    let outcome = try simulate {
      let queue = DispatchQueue(label: "com.app.rw", attributes: .concurrent)
      queue.async { queue.sync(flags: .barrier) {} }
    }
    let deadlock = try #require(outcome.deadlock)
    #expect(deadlock.contains("queue \"com.app.rw\""), "\(deadlock)")
  }

  @Test("a plain sync onto the concurrent queue the block runs on is no deadlock")
  func plainSyncOntoOwnConcurrentQueue() throws {
    let log = Log()
    let outcome = try simulate {
      let queue = DispatchQueue(label: "com.app.rw", attributes: .concurrent)
      queue.async { log.add("inner \(queue.sync { 1 })") }
    }
    #expect(outcome.deadlock == nil && log.lines == ["inner 1 @0"])
  }

  @Test("on a global or a serial queue a barrier is an ordinary block, as in GCD")
  func globalAndSerial() throws {
    let log = Log()
    try simulate {
      let global = DispatchQueue.global()
      global.async {
        Thread.sleep(forTimeInterval: 0.01)
        log.add("global reader")
      }
      global.async(flags: .barrier) { log.add("global barrier") }
    }
    #expect(log.lines == ["global barrier @0", "global reader @10"])
  }

  @Test("a reader-writer cache reads what its barrier writes, after the write")
  func readerWriterCache() throws {
    let log = Log()
    let url = URL(string: "https://img.test/1.png")!
    try simulate {
      let cache = BarrierImageCache()
      DispatchQueue.global().async {
        cache.insert(Data([1, 2, 3]), for: url)
        log.add("read at once: \(cache.image(for: url)?.count ?? 0)")
        Thread.sleep(forTimeInterval: 0.01)
        log.add("read later: \(cache.image(for: url)?.count ?? 0)")
        cache.removeAll()
        log.add("after removeAll: \(cache.image(for: url)?.count ?? 0)")
      }
    }
    // The first read queues behind the barrier write (5 ms), as GCD orders it.
    #expect(
      log.lines == ["read at once: 3 @5", "read later: 3 @15", "after removeAll: 0 @15"])
  }
}

// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A cell's image view, as Swift 6 code has it.
@MainActor final class CellImageView {
  var data: Data?
}

@Suite("Dispatch on simulated threads, in virtual time")
struct DispatchTests {
  @Test("a semaphore-limited downloader written as iOS code runs in virtual time")
  @MainActor func semaphoreLimitedDownloader() throws {
    let views = (0..<4).map { _ in CellImageView() }
    let log = Log()
    var bodies: [String: [UInt8]] = [:]
    for index in 0..<4 { bodies["https://img.test/\(index).png"] = [UInt8(index)] }
    let outcome = try simulate(serving: bodies) {
      let limit = DispatchSemaphore(value: 2)
      for (index, view) in views.enumerated() {
        let url = URL(string: "https://img.test/\(index).png")!
        DispatchQueue.global().async {
          limit.wait()
          defer { limit.signal() }
          guard let data = try? Data(contentsOf: url) else { return }
          DispatchQueue.main.async {
            view.data = data
            log.add("cell \(index)")
          }
        }
      }
    }
    #expect(views.map(\.data) == (0..<4).map { Data([UInt8($0)]) })
    // Two transfers at a time, 50 ms each.
    #expect(log.lines == ["cell 0 @50", "cell 1 @50", "cell 2 @100", "cell 3 @100"])
    #expect(outcome.trace.contains("reason=semaphore"))
    #expect(outcome.trace.contains("reason=fetch on=https://img.test/3.png"))
  }

  @Test("a serial queue runs blocks one at a time, first in first out")
  func serialQueue() throws {
    let log = Log()
    let outcome = try simulate {
      let queue = DispatchQueue(label: "com.app.serial")
      for name in ["a", "b"] {
        queue.async {
          Thread.sleep(forTimeInterval: 0.01)
          log.add(name)
        }
      }
    }
    #expect(log.lines == ["a @10", "b @20"])
    // Each block is blocking code on the queue's worker, parked in virtual time.
    #expect(outcome.trace.contains("thread.start thread=w1 label=com.app.serial"))
    #expect(outcome.trace.contains("thread.park thread=w1 reason=sleep on=10ms"))
  }

  @Test("a concurrent queue runs blocks side by side")
  func concurrentQueue() throws {
    let log = Log()
    try simulate {
      let queue = DispatchQueue(label: "com.app.concurrent", attributes: .concurrent)
      for name in ["a", "b"] {
        queue.async {
          Thread.sleep(forTimeInterval: 0.01)
          log.add(name)
        }
      }
    }
    #expect(log.lines == ["a @10", "b @10"])
  }

  @Test("sync waits for the serial queue's turn, returns the value and rethrows errors")
  func syncReturnsAndRethrows() throws {
    struct Failure: Error {}
    let log = Log()
    try simulate {
      let queue = DispatchQueue(label: "com.app.cache")
      queue.async { Thread.sleep(forTimeInterval: 0.02) }
      DispatchQueue.global().async {
        let value = queue.sync { () -> Int in
          dispatchPrecondition(condition: .onQueue(queue))
          return 42
        }
        log.add("value \(value)")
        do {
          try queue.sync { throw Failure() }
        } catch {
          log.add("caught \(error is Failure)")
        }
        dispatchPrecondition(condition: .notOnQueue(queue))
      }
    }
    #expect(log.lines == ["value 42 @20", "caught true @20"])
  }

  @Test("a sync onto the serial queue the code runs on is a deadlock naming the queue")
  func syncOntoOwnQueue() throws {
    let outcome = try simulate {
      let queue = DispatchQueue(label: "com.app.reentrant")
      queue.async { queue.sync {} }
    }
    let deadlock = try #require(outcome.deadlock)
    #expect(deadlock.contains("queue \"com.app.reentrant\""))
  }

  @Test("DispatchQueue.main.sync from the main thread is a deadlock")
  func mainSyncFromMain() throws {
    let outcome = try simulate {
      DispatchQueue.main.async { DispatchQueue.main.sync {} }
    }
    #expect(outcome.deadlock?.contains("the main queue") == true)
  }

  @Test("main.sync from a worker runs the block on the main thread")
  func mainSyncFromWorker() throws {
    let ranOn = Box("")
    try simulate {
      DispatchQueue.global().async {
        ranOn.value = DispatchQueue.main.sync { simulatedThreadName() }
      }
    }
    #expect(ranOn.value == "main")
  }

  @Test("asyncAfter enqueues at the deadline; distantFuture never")
  func asyncAfter() throws {
    let log = Log()
    try simulate {
      let queue = DispatchQueue(label: "com.app.timer")
      queue.asyncAfter(deadline: .now() + .milliseconds(30)) { log.add("queue") }
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.015) { log.add("main") }
      queue.asyncAfter(deadline: .distantFuture) { log.add("never") }
      DispatchQueue.main.asyncAfter(wallDeadline: .now() + .seconds(1)) { log.add("wall") }
    }
    #expect(log.lines == ["main @15", "queue @30", "wall @1000"])
  }

  @Test("a group's wait and notify follow the last leave; wait(timeout:) times out")
  func group() throws {
    let log = Log()
    try simulate {
      let group = DispatchGroup()
      for delay in [0.005, 0.009] {
        DispatchQueue.global().async(group: group) { Thread.sleep(forTimeInterval: delay) }
      }
      group.notify(queue: .main) { log.add("notified") }
      DispatchQueue.global().async {
        log.add("short wait \(group.wait(timeout: .now() + 0.002) == .timedOut)")
        group.wait()
        log.add("waited")
      }
    }
    #expect(log.lines == ["short wait true @2", "waited @9", "notified @9"])
  }

  @Test("a semaphore wait with a timeout times out in virtual time")
  func semaphoreTimeout() throws {
    let log = Log()
    try simulate {
      let semaphore = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        let result = semaphore.wait(timeout: .now() + .milliseconds(30))
        log.add("\(result == .timedOut)")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) {
          log.add("woke \(semaphore.signal())")
        }
        semaphore.wait()
        log.add("got it")
      }
    }
    #expect(log.lines == ["true @30", "woke 1 @40", "got it @40"])
  }

  @Test("a cancelled work item returns at once; wait and notify still follow it")
  func workItems() throws {
    let log = Log()
    try simulate {
      let cancelled = DispatchWorkItem { log.add("cancelled ran") }
      let item = DispatchWorkItem {
        Thread.sleep(forTimeInterval: 0.004)
        log.add("item ran")
      }
      item.notify(queue: .main) { log.add("notified") }
      cancelled.cancel()
      DispatchQueue.global().async(execute: cancelled)
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.001, execute: item)
      DispatchQueue.global().async {
        item.wait()
        log.add("waited \(cancelled.isCancelled)")
      }
    }
    #expect(log.lines == ["item ran @5", "waited true @5", "notified @5"])
  }

  @Test("an initially inactive queue runs nothing until activate()")
  func initiallyInactive() throws {
    let log = Log()
    try simulate {
      let queue = DispatchQueue(label: "com.app.inactive", attributes: .initiallyInactive)
      queue.async { log.add("ran") }
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.02) { queue.activate() }
    }
    #expect(log.lines == ["ran @20"])
  }

  @Test("dispatchPrecondition knows the main queue and the queue of the running block")
  func preconditions() throws {
    let log = Log()
    try simulate {
      let queue = DispatchQueue(label: "com.app.checked")
      queue.async {
        dispatchPrecondition(condition: .onQueue(queue))
        dispatchPrecondition(condition: .onQueueAsBarrier(queue))
        dispatchPrecondition(condition: .notOnQueue(.main))
        log.add("queue ok")
      }
      DispatchQueue.main.async {
        dispatchPrecondition(condition: .onQueue(.main))
        dispatchPrecondition(condition: .notOnQueue(queue))
        log.add("main ok")
      }
    }
    #expect(log.lines == ["queue ok @0", "main ok @0"])
  }
}

@Suite("Runs of code written against the layer are deterministic")
struct DeterminismTests {
  @Test("two runs of a blocking downloader give the same trace, byte for byte")
  func sameTraceTwice() throws {
    func run() throws -> String {
      var bodies: [String: [UInt8]] = [:]
      for index in 0..<6 { bodies["https://img.test/\(index).png"] = [UInt8(index)] }
      return try simulate(serving: bodies) {
        let limit = DispatchSemaphore(value: 3)
        let lock = NSLock()
        let group = DispatchGroup()
        let results = Box<[Int]>([])
        for index in 0..<6 {
          DispatchQueue.global().async(group: group) {
            limit.wait()
            defer { limit.signal() }
            let data = try? Data(contentsOf: URL(string: "https://img.test/\(index).png")!)
            lock.lock()
            results.value.append(Int(data?.first ?? 255))
            lock.unlock()
          }
        }
        group.notify(queue: .main) { _ = results.value.count }
      }.trace
    }
    let first = try run()
    #expect(first == (try run()))
    #expect(first.contains("thread.end"))
  }
}

/// Objects an app keeps for its whole life, made before any world exists.
enum AppWide {
  static let downloads = DispatchSemaphore(value: 1)
  static let cacheQueue = DispatchQueue(label: "com.app.shared-cache")
}

@Suite("Objects made outside a world bind to each world at their first use there")
struct PerWorldBindingTests {
  @Test("a static semaphore and queue start afresh in every world")
  func staticObjectsStartAfresh() throws {
    for run in 0..<3 {
      let log = Log()
      let outcome = try simulate {
        AppWide.cacheQueue.async {
          // Taken and never given back: the next world must not inherit it.
          let result = AppWide.downloads.wait(timeout: .now() + 0.01)
          log.add("run \(run) \(result == .success)")
        }
      }
      #expect(log.lines == ["run \(run) true @0"])
      #expect(outcome.trace.contains("label=com.app.shared-cache"))
    }
  }
}

@Suite("Queue-specific values")
struct QueueSpecificTests {
  @Test("getSpecific answers for the queue the code runs on, sync included")
  func specifics() throws {
    let log = Log()
    try simulate {
      let key = DispatchSpecificKey<String>()
      let cache = DispatchQueue(label: "com.app.cache")
      let io = DispatchQueue(label: "com.app.io")
      cache.setSpecific(key: key, value: "cache")
      DispatchQueue.main.setSpecific(key: key, value: "main")
      io.async {
        log.add("io \(DispatchQueue.getSpecific(key: key) ?? "none")")
        cache.sync { log.add("sync \(DispatchQueue.getSpecific(key: key) ?? "none")") }
      }
      DispatchQueue.main.async { log.add("main \(DispatchQueue.getSpecific(key: key) ?? "none")") }
    }
    #expect(log.lines == ["io none @0", "sync cache @0", "main main @0"])
  }

  @Test("qos is the quality of service a queue was made with, a global queue's, or unspecified")
  func queueQoS() {
    let made = DispatchQueue(label: "thumbnails", qos: .userInitiated, attributes: .concurrent)
    #expect(made.qos == .userInitiated)
    #expect(DispatchQueue(label: "plain").qos == .unspecified)
    #expect(DispatchQueue.global(qos: .utility).qos.qosClass == .utility)
    #expect(DispatchQueue.global().qos.qosClass == .default)
    #expect(DispatchQueue.main.qos == .unspecified)
    let relative = DispatchQoS(qosClass: .background, relativePriority: -4)
    #expect(DispatchQueue(label: "low", qos: relative).qos.relativePriority == -4)
  }
}

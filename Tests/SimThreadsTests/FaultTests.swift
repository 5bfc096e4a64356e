import Dispatch
import SimKernel
import SimPlatform
import Testing

@testable import SimThreads

@Suite("Faults in blocking code are findings, never hangs")
struct FaultTests {
  @Test("a sync onto the serial queue the code runs on is a deadlock naming the queue")
  func syncOntoOwnQueue() throws {
    var after = false
    let (world, threads) = try simulate(for: .s(1)) { world in
      let queue = world.serialQueue(label: "com.app.cache")
      queue.async(
        label: "reentrant",
        blocking: {
          queue.sync { after = true }
        })
    }
    let deadlock = try #require(threads.deadlock)
    #expect(deadlock.kind == "cycle")
    #expect(deadlock.waits.map(\.thread) == ["w1"])
    #expect(deadlock.waits[0].waitsFor.contains("queue \"com.app.cache\""))
    #expect(deadlock.waits[0].waitsFor.contains("which this thread holds"))
    #expect(deadlock.time == .zero)
    // The run ended there; tearing down released the thread, whose sync body then ran.
    #expect(after)
    #expect(world.trace.fullText.contains("thread.deadlock"))
  }

  @Test("two locks taken in opposite orders by two workers deadlock, both threads named")
  func lockOrderInversion() throws {
    let (_, threads) = try simulate(for: .s(1)) { world in
      let a = SimLock(name: "a")
      let b = SimLock(name: "b")
      world.globalQueue().async(
        label: "first",
        blocking: {
          a.lock()
          Blocking.sleep(for: .ms(1))
          b.lock()
          b.unlock()
          a.unlock()
        })
      world.globalQueue().async(
        label: "second",
        blocking: {
          b.lock()
          Blocking.sleep(for: .ms(1))
          a.lock()
          a.unlock()
          b.unlock()
        })
    }
    let deadlock = try #require(threads.deadlock)
    #expect(deadlock.kind == "cycle")
    #expect(Set(deadlock.waits.map(\.thread)) == ["w1", "w2"])
    let waits = deadlock.waits.map(\.waitsFor).joined(separator: " | ")
    #expect(waits.contains("lock \"a\" held by w1"))
    #expect(waits.contains("lock \"b\" held by w2"))
    #expect(deadlock.time == SimTime.zero + .ms(1))
  }

  @Test("an NSLock taken twice by its owner deadlocks at once")
  func plainLockTwice() throws {
    let (_, threads) = try simulate { world in
      let lock = SimLock(name: "plain")
      world.globalQueue().async(blocking: {
        lock.lock()
        lock.lock()
      })
    }
    #expect(threads.deadlock?.waits.first?.waitsFor == "lock \"plain\" (which this thread holds)")
  }

  @Test("main waiting on a semaphore nobody signals is a deadlock once nothing is scheduled")
  func everythingBlocked() throws {
    let (_, threads) = try simulate(for: .s(2)) { world in
      let semaphore = SimSemaphore(value: 0, name: "never")
      world.main.async(label: "waits", blocking: { semaphore.wait() })
    }
    let deadlock = try #require(threads.deadlock)
    #expect(deadlock.kind == "all_blocked")
    #expect(deadlock.waits.map(\.thread) == ["main"])
    #expect(deadlock.waits[0].waitsFor == "semaphore \"never\"")
    #expect(deadlock.summary.contains("main (waits) waits for semaphore \"never\""))
  }

  @Test("a thread waiting on I/O is not a deadlock, however long the wait")
  func ioWaitIsNotDeadlock() throws {
    let (_, threads) = try simulate(for: .s(3)) { world in
      let never = Waiter()
      world.globalQueue().async(blocking: { _ = Blocking.wait(for: never, reason: "fetch") })
    }
    #expect(threads.deadlock == nil)
  }

  @Test("a main.sync from the main thread is a deadlock")
  func mainSyncFromMain() throws {
    let (_, threads) = try simulate { world in
      world.main.async(label: "self-sync", blocking: { _ = world.main.sync { 1 } })
    }
    #expect(threads.deadlock?.waits.first?.waitsFor == "the main queue (which this thread holds)")
  }

  @Test("a real block holding the baton trips the watchdog, naming the thread and last call")
  func realBlockAborts() throws {
    let real = DispatchSemaphore(value: 0)
    let options = BlockingThreadsOptions(watchdog: .milliseconds(200))
    let (world, threads) = try simulate(for: .s(1), options: options) { world in
      world.globalQueue().async(
        label: "real-wait",
        blocking: {
          Blocking.sleep(for: .ms(3))
          real.wait()
        })
    }
    guard case .realBlock(let thread, let label, let lastCall, _) = threads.failure else {
      Issue.record("expected a real-block failure, got \(String(describing: threads.failure))")
      return
    }
    #expect(thread == "w1")
    #expect(label == "real-wait")
    #expect(lastCall == "sleep 3ms, which returned")
    #expect(world.trace.fullText.contains("thread.abandoned"))
    #expect(threads.failureDescription?.contains("simulated thread w1 (real-wait)") == true)
    // Let the abandoned thread go: it parks for good when its body returns, before its last
    // line could touch the finished world.
    real.signal()
  }
}

import SimKernel
import SimPlatform
import Testing

@testable import SimThreads

/// Runs `setup` in a fresh world with full tracing, runs the world for `duration`, tears it
/// down, and returns the world (for its trace and meters) and its scheduler.
func simulate(
  for duration: SimDuration = .ms(200), options: BlockingThreadsOptions = BlockingThreadsOptions(),
  _ setup: (World) -> Void
) throws -> (world: World, threads: BlockingThreads) {
  let world = World(seed: 1, trace: .full)
  let threads = BlockingThreads.of(world, options: options)
  setup(world)
  try world.run(for: duration)
  world.tearDown()
  return (world, threads)
}

@Suite("Blocking calls park simulated threads in virtual time")
struct BlockingCallTests {
  @Test("a sleep in the middle of a call resumes on the same line, later in virtual time")
  func sleepResumesMidCall() throws {
    var times: [SimTime] = []
    let (world, _) = try simulate { world in
      world.globalQueue().async(
        label: "sleeper",
        blocking: {
          times.append(world.now)
          Blocking.sleep(for: .ms(5))
          times.append(world.now)
          Blocking.spend(.ms(2))
          times.append(world.now)
        })
    }
    #expect(times == [.zero, .ms(5), .ms(7)].map { SimTime.zero + $0 })
    let text = world.trace.fullText
    #expect(text.contains("thread.park"))
    #expect(text.contains("reason=sleep"))
    #expect(text.contains("thread.resume"))
  }

  @Test("a semaphore of 2 lets two sleepers through at a time, in arrival order")
  func semaphoreLimits() throws {
    var ends: [(Int, SimTime)] = []
    _ = try simulate { world in
      let semaphore = SimSemaphore(value: 2, name: "downloads")
      for index in 0..<5 {
        world.globalQueue().async(
          label: "d\(index)",
          blocking: {
            semaphore.wait()
            Blocking.sleep(for: .ms(10))
            ends.append((index, world.now))
            semaphore.signal()
          })
      }
    }
    #expect(ends.map(\.0) == [0, 1, 2, 3, 4])
    #expect(ends.map { $0.1.nanoseconds / 1_000_000 } == [10, 10, 20, 20, 30])
  }

  @Test("a semaphore wait with a timeout times out in virtual time")
  func semaphoreTimeout() throws {
    var outcome: (Bool, SimTime)?
    _ = try simulate { world in
      let semaphore = SimSemaphore(value: 0)
      world.globalQueue().async(blocking: {
        let got = semaphore.wait(timeout: .ms(30))
        outcome = (got, world.now)
      })
    }
    #expect(outcome?.0 == false)
    #expect(outcome?.1 == SimTime.zero + .ms(30))
  }

  @Test("a lock held across a sleep makes the second thread wait for it")
  func lockContention() throws {
    var log: [String] = []
    _ = try simulate { world in
      let lock = SimLock(name: "cache")
      for name in ["a", "b"] {
        world.globalQueue().async(
          label: name,
          blocking: {
            lock.lock()
            log.append("\(name) in at \(world.now.nanoseconds / 1_000_000)")
            Blocking.sleep(for: .ms(8))
            lock.unlock()
          })
      }
    }
    #expect(log == ["a in at 0", "b in at 8"])
  }

  @Test("an unlock from another thread is refused and traced; the owner keeps the lock")
  func foreignUnlock() throws {
    var log: [String] = []
    let (world, _) = try simulate { world in
      let lock = SimLock(name: "cache")
      world.globalQueue().async(
        label: "owner",
        blocking: {
          lock.lock()
          Blocking.sleep(for: .ms(10))
          log.append("owner unlocks at \(world.now.nanoseconds / 1_000_000)")
          lock.unlock()
        })
      world.globalQueue().async(
        label: "intruder",
        blocking: {
          Blocking.sleep(for: .ms(2))
          lock.unlock()
          log.append("still locked: \(lock.isLocked)")
        })
      world.globalQueue().async(
        label: "waiter",
        blocking: {
          Blocking.sleep(for: .ms(4))
          lock.lock()
          log.append("waiter in at \(world.now.nanoseconds / 1_000_000)")
          lock.unlock()
        })
    }
    #expect(log == ["still locked: true", "owner unlocks at 10", "waiter in at 10"])
    let refused = world.trace.fullText.split(separator: "\n").filter {
      $0.contains("lock.unlock_refused")
    }
    #expect(refused.count == 1)
    #expect(refused.first?.contains("lock=cache") == true, "\(refused)")
    #expect(refused.first?.contains("owner=") == true && refused.first?.contains("caller=") == true)
  }

  @Test("a recursive lock may be taken again by its owner")
  func recursiveLock() throws {
    var depth = 0
    let (_, threads) = try simulate { world in
      let lock = SimLock(name: "r", recursive: true)
      world.globalQueue().async(blocking: {
        lock.lock()
        lock.lock()
        depth = lock.depth
        lock.unlock()
        lock.unlock()
      })
    }
    #expect(depth == 2)
    #expect(threads.deadlock == nil)
  }

  @Test("sync onto a serial queue waits for its turn and runs on the calling thread")
  func serialSync() throws {
    var log: [String] = []
    _ = try simulate { world in
      let queue = world.serialQueue(label: "cache")
      queue.async(
        label: "slow",
        blocking: {
          Blocking.sleep(for: .ms(10))
          log.append("slow done at \(world.now.nanoseconds / 1_000_000)")
        })
      world.globalQueue().async(
        label: "reader",
        blocking: {
          let value = queue.sync { () -> Int in
            log.append("sync body at \(world.now.nanoseconds / 1_000_000)")
            return 42
          }
          log.append("got \(value)")
        })
    }
    #expect(log == ["slow done at 10", "sync body at 10", "got 42"])
  }

  @Test("main.sync from a worker runs the block on the main thread")
  func mainSync() throws {
    var ranOn = ""
    _ = try simulate { world in
      world.globalQueue().async(blocking: {
        ranOn = world.main.sync { world.currentThread?.name ?? "?" }
      })
    }
    #expect(ranOn == "main")
  }

  @Test("a group's wait returns when the last member leaves, and notify runs then")
  func groupWaitAndNotify() throws {
    var log: [String] = []
    _ = try simulate { world in
      let group = SimGroup(name: "batch")
      for delay in [5, 9] {
        group.enter()
        world.globalQueue().async(blocking: {
          Blocking.sleep(for: .ms(Int64(delay)))
          group.leave()
        })
      }
      group.notify { log.append("notify at \(world.now.nanoseconds / 1_000_000)") }
      world.globalQueue().async(blocking: {
        group.wait()
        log.append("waited until \(world.now.nanoseconds / 1_000_000)")
      })
    }
    #expect(log == ["notify at 9", "waited until 9"])
  }

  @Test("a condition's wait releases its lock and takes it back after a signal")
  func conditionWaitSignal() throws {
    var log: [String] = []
    _ = try simulate { world in
      let condition = SimCondition(name: "ready")
      var ready = false
      world.globalQueue().async(
        label: "consumer",
        blocking: {
          condition.lock()
          while !ready { condition.wait() }
          log.append("consumed at \(world.now.nanoseconds / 1_000_000)")
          condition.unlock()
        })
      world.globalQueue().async(
        label: "producer",
        blocking: {
          Blocking.sleep(for: .ms(4))
          condition.lock()
          ready = true
          condition.signal()
          condition.unlock()
        })
    }
    #expect(log == ["consumed at 4"])
  }

  @Test("100 blocked workers on a global queue stop at GCD's 64-thread limit")
  func threadExplosion() throws {
    var finished = 0
    let (world, threads) = try simulate(for: .s(2)) { world in
      for _ in 0..<100 {
        world.globalQueue().async(blocking: {
          Blocking.sleep(for: .ms(100))
          finished += 1
        })
      }
    }
    #expect(finished == 100)
    #expect(world.workers.peakBusyThreads == 64)
    #expect(threads.peakCarriers == 64)
  }
}

// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

@Suite("Foundation's locks, threads and Data(contentsOf:) on simulated threads")
struct FoundationTests {
  @Test("an NSLock held across a sleep makes the second thread wait for it")
  func lockContention() throws {
    let log = Log()
    try simulate {
      let lock = NSLock()
      lock.name = "cache"
      for name in ["a", "b"] {
        DispatchQueue.global().async {
          lock.lock()
          log.add("\(name) in")
          Thread.sleep(forTimeInterval: 0.008)
          lock.unlock()
        }
      }
      DispatchQueue.global().async {
        log.add("try \(lock.try())")
        log.add("before \(lock.lock(before: Date() + 0.003))")
      }
    }
    #expect(log.lines == ["a in @0", "try false @0", "before false @3", "b in @8"])
  }

  @Test("an NSRecursiveLock may be taken again by its owner; an NSLock twice deadlocks")
  func recursion() throws {
    let log = Log()
    let fine = try simulate {
      let lock = NSRecursiveLock()
      DispatchQueue.global().async {
        lock.lock()
        lock.lock()
        lock.unlock()
        lock.unlock()
        log.add("done")
      }
    }
    #expect(fine.deadlock == nil)
    #expect(log.lines == ["done @0"])
    let stuck = try simulate {
      let lock = NSLock()
      lock.name = "plain"
      DispatchQueue.global().async {
        lock.lock()
        lock.lock()
      }
    }
    #expect(stuck.deadlock?.contains("lock \"plain\"") == true)
  }

  @Test("an NSCondition's wait releases the lock and returns after a signal")
  func condition() throws {
    let log = Log()
    try simulate {
      let condition = NSCondition()
      let ready = Box(false)
      DispatchQueue.global().async {
        condition.lock()
        while !ready.value { condition.wait() }
        log.add("consumed")
        log.add("timed \(condition.wait(until: Date() + 0.005))")
        condition.unlock()
      }
      DispatchQueue.global().async {
        Thread.sleep(forTimeInterval: 0.004)
        condition.lock()
        ready.value = true
        condition.signal()
        condition.unlock()
      }
    }
    #expect(log.lines == ["consumed @4", "timed false @9"])
  }

  @Test("Thread.current and Thread.sleep(until:) follow the simulated thread")
  func threads() throws {
    let log = Log()
    try simulate {
      DispatchQueue.main.async {
        log.add("\(Thread.current.name ?? "?") \(Thread.current.isMainThread)")
        DispatchQueue.global().async {
          Thread.sleep(until: Date() + 0.012)
          log.add("\(Thread.current.name ?? "?") \(Thread.current.isMainThread)")
        }
      }
    }
    #expect(log.lines == ["main true @0", "w1 false @12"])
  }

  @Test("Data(contentsOf:) throws for a URL the network does not serve, and reads files")
  func dataErrorsAndFiles() throws {
    let log = Log()
    let path = "/tmp/cellsimuikit-\(ProcessInfo.processInfo.processIdentifier).bin"
    #expect(FileManager.default.createFile(atPath: path, contents: Data([7, 8])))
    defer { try? FileManager.default.removeItem(atPath: path) }
    try simulate {
      DispatchQueue.global().async {
        do {
          _ = try Data(contentsOf: URL(string: "https://img.test/missing.png")!)
        } catch let error as CocoaError {
          log.add("\(error.code == .fileReadUnknown)")
        } catch {
          log.add("other \(error)")
        }
        let file = try? Data(contentsOf: URL(fileURLWithPath: path))
        log.add("file \(Array(file ?? Data()))")
      }
    }
    #expect(log.lines == ["true @50", "file [7, 8] @50"])
  }

  @Test("a layer call outside any world stops the process, naming the call")
  func escapeOutsideWorld() async {
    await #expect(processExitsWith: .failure) {
      _ = Date()
    }
  }
}

@Suite("Code that reaches the real Foundation is reported, not silently run")
struct EscapeTests {
  @Test("a real Foundation.Thread.sleep in a block trips the watchdog, naming the thread")
  func realSleepIsReported() throws {
    let outcome = try simulate(watchdogMilliseconds: 200) {
      DispatchQueue.global().async {
        Thread.sleep(forTimeInterval: 0.001)
        // What a library compiled against Foundation would do: the layer cannot see it.
        Foundation.Thread.sleep(forTimeInterval: 0.5)
      }
    }
    let failure = try #require(outcome.failure)
    #expect(failure.contains("simulated thread w1"))
    #expect(failure.contains("blocked on something real"))
    #expect(outcome.trace.contains("thread.abandoned thread=w1"))
  }
}

// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

@Suite("Target queues run their blocks where GCD runs them")
struct DispatchTargetTests {
  @Test("two serial queues that target one serial queue never run at once")
  func serialTarget() throws {
    let log = Log()
    try simulate {
      let disk = DispatchQueue(label: "com.app.disk")
      let reads = DispatchQueue(label: "com.app.reads", target: disk)
      let writes = DispatchQueue(label: "com.app.writes", target: disk)
      reads.async {
        Thread.sleep(forTimeInterval: 0.01)
        log.add("read")
      }
      writes.async {
        Thread.sleep(forTimeInterval: 0.01)
        log.add("write")
      }
      disk.async { log.add("disk") }
    }
    // Without the target, the read and the write would both end at 10 ms.
    #expect(log.lines == ["read @10", "write @20", "disk @20"])
  }

  @Test("a serial queue that targets a global queue still runs one block at a time")
  func globalTarget() throws {
    let log = Log()
    try simulate {
      let queue = DispatchQueue(label: "com.app.decode", target: .global(qos: .utility))
      for name in ["a", "b"] {
        queue.async {
          Thread.sleep(forTimeInterval: 0.01)
          log.add(name)
        }
      }
    }
    #expect(log.lines == ["a @10", "b @20"])
  }

  @Test("a queue that targets the main queue runs on the main thread, as itself")
  func mainTarget() throws {
    let log = Log()
    try simulate {
      let queue = DispatchQueue(label: "com.app.ui", target: .main)
      queue.async {
        dispatchPrecondition(condition: .onQueue(.main))
        dispatchPrecondition(condition: .onQueue(queue))
        log.add("main \(Thread.isMainThread) \(simulatedThreadName())")
      }
    }
    #expect(log.lines == ["main true main @0"])
  }

  @Test("setTarget(queue:) before the first use: an inactive queue runs on its new target")
  func setTargetBeforeUse() throws {
    let log = Log()
    try simulate {
      let disk = DispatchQueue(label: "com.app.disk")
      let reads = DispatchQueue(label: "com.app.reads", attributes: .initiallyInactive)
      reads.setTarget(queue: disk)
      reads.activate()
      let ui = DispatchQueue(label: "com.app.ui")
      ui.setTarget(queue: .main)
      DispatchQueue.global().setTarget(queue: ui)  // ignored, as GCD ignores it
      reads.async {
        Thread.sleep(forTimeInterval: 0.01)
        log.add("read")
      }
      disk.async {
        Thread.sleep(forTimeInterval: 0.01)
        log.add("disk")
      }
      ui.async { log.add("ui on main \(Thread.isMainThread)") }
      DispatchQueue.global().async { log.add("global on main \(Thread.isMainThread)") }
    }
    // The read and the disk's own block share the disk queue: one after the other.
    #expect(
      log.lines.sorted() == [
        "disk @20", "global on main false @0", "read @10", "ui on main true @0",
      ])
  }

  @Test("getSpecific falls back on the target's value; a queue's own value wins")
  func specifics() throws {
    let log = Log()
    let key = DispatchSpecificKey<String>()
    let owner = DispatchSpecificKey<String>()
    try simulate {
      let cache = DispatchQueue(label: "com.app.cache")
      cache.setSpecific(key: key, value: "cache")
      cache.setSpecific(key: owner, value: "cache")
      let child = DispatchQueue(label: "com.app.child", target: cache)
      child.setSpecific(key: owner, value: "child")
      child.async {
        log.add(
          "\(DispatchQueue.getSpecific(key: key) ?? "-") \(DispatchQueue.getSpecific(key: owner) ?? "-")"
        )
      }
    }
    #expect(log.lines == ["cache child @0"])
  }

  @Test("suspending a queue holds its own blocks, not its target's; resume releases them in order")
  func suspension() throws {
    let log = Log()
    try simulate {
      let target = DispatchQueue(label: "com.app.target")
      let queue = DispatchQueue(label: "com.app.held", target: target)
      let inactive = DispatchQueue(
        label: "com.app.inactive", attributes: .initiallyInactive, target: target)
      queue.suspend()
      queue.async { log.add("held 1") }
      queue.async { log.add("held 2") }
      inactive.async { log.add("inactive") }
      target.async { log.add("target") }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) {
        queue.resume()
        inactive.activate()
      }
    }
    #expect(log.lines == ["target @0", "held 1 @30", "held 2 @30", "inactive @30"])
  }

  @Test("a sync onto a queue from a block on its target is a deadlock")
  func syncFromTarget() throws {
    let outcome = try simulate {
      let target = DispatchQueue(label: "com.app.io")
      let queue = DispatchQueue(label: "com.app.child", target: target)
      target.async { queue.sync {} }
    }
    #expect(outcome.deadlock?.contains("com.app.io") == true, "\(outcome.deadlock ?? "none")")
  }
}

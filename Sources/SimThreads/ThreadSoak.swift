import CSimThreads
import SimKernel
import SimPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Many short worlds in one process, each leaving blocking threads parked when it ends, to
/// prove that tear-down gives back every OS thread and the memory the bodies held.
///
/// Each run starts a dozen blocking bodies that end the run parked in every kind of wait (a
/// sleep past the end, a semaphore nobody signals, a contended lock, a group that never
/// empties, a condition, a serial-queue `sync` behind a parked item, an I/O wait), lets a few
/// finish, and tears the world down.
package enum ThreadSoak {
  /// What the soak measured.
  package struct Sample: Sendable, Equatable {
    /// Runs done when the sample was taken.
    package var runs: Int
    /// OS threads of the process (-1 where the system cannot say).
    package var threads: Int
    /// Resident memory in bytes (0 where the system cannot say).
    package var residentBytes: Int
  }

  /// Runs `runs` worlds and samples the process before the first, after `warmUp`, and at the
  /// end.
  package static func run(runs: Int, warmUp: Int) -> [Sample] {
    var samples = [sample(runs: 0)]
    for index in 0..<runs {
      runOnce(seed: UInt64(index))
      if index + 1 == warmUp { samples.append(sample(runs: index + 1)) }
    }
    samples.append(sample(runs: runs))
    return samples
  }

  /// One world, torn down with threads parked in every kind of wait.
  package static func runOnce(seed: UInt64) {
    let world = World(seed: seed)
    let threads = BlockingThreads.of(world)
    let semaphore = SimSemaphore(value: 0, name: "never")
    let lock = SimLock(name: "held")
    let group = SimGroup(name: "open")
    let condition = SimCondition(name: "quiet")
    let queue = world.serialQueue(label: "soak.serial")
    let io = Waiter()
    // A buffer per body, so that a body whose frames were never released shows as memory.
    let payload = { [UInt8](repeating: UInt8(truncatingIfNeeded: seed), count: 4_096) }
    group.enter()
    let global = world.globalQueue()
    global.async(
      label: "sleeps",
      blocking: {
        let held = payload()
        Blocking.sleep(for: .s(10))
        _ = held.count
      })
    global.async(
      label: "semaphore",
      blocking: {
        let held = payload()
        semaphore.wait()
        _ = held.count
      })
    global.async(
      label: "owner",
      blocking: {
        lock.lock()
        Blocking.sleep(for: .s(10))
        lock.unlock()
      })
    global.async(
      label: "contender",
      blocking: {
        let held = payload()
        Blocking.sleep(for: .ms(1))
        lock.lock()
        lock.unlock()
        _ = held.count
      })
    global.async(
      label: "group",
      blocking: {
        let held = payload()
        group.wait()
        _ = held.count
      })
    global.async(
      label: "condition",
      blocking: {
        let held = payload()
        condition.lock()
        condition.wait()
        condition.unlock()
        _ = held.count
      })
    queue.async(label: "serial.item", blocking: { Blocking.sleep(for: .s(10)) })
    global.async(
      label: "sync",
      blocking: {
        let held = payload()
        queue.sync { _ = held.count }
      })
    global.async(
      label: "io",
      blocking: {
        let held = payload()
        _ = Blocking.wait(for: io, reason: "fetch")
        _ = held.count
      })
    world.main.async(
      label: "main.finishes",
      blocking: {
        Blocking.spend(.ms(2))
        Blocking.sleep(for: .ms(3))
      })
    global.async(label: "finishes", blocking: { Blocking.sleep(for: .ms(4)) })
    try? world.run(for: .ms(50))
    precondition(threads.failure == nil, "ThreadSoak: \(threads.failure!)")
    world.tearDown()
    precondition(threads.failure == nil, "ThreadSoak: tear-down: \(threads.failure!)")
  }

  static func sample(runs: Int) -> Sample {
    Sample(runs: runs, threads: Int(csimthreads_thread_count()), residentBytes: residentBytes())
  }

  /// The resident set size, from /proc/self/statm (Linux); 0 elsewhere.
  static func residentBytes() -> Int {
    #if os(Linux)
      guard let file = fopen("/proc/self/statm", "r") else { return 0 }
      defer { fclose(file) }
      var buffer = [CChar](repeating: 0, count: 128)
      guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
      let length = buffer.firstIndex(of: 0) ?? buffer.count
      let text = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let fields = text.split(separator: " ")
      guard fields.count >= 2, let pages = Int(fields[1]) else { return 0 }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
      return 0
    #endif
  }
}

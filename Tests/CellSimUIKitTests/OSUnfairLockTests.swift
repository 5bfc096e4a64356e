// Written as iOS code: a library's cache guarded by the os module's C lock, kept as a stored
// property and as an allocated pointer, as libraries written before iOS 16 keep it.
import CellSimUIKit
import Testing

/// A cache whose state a C unfair lock guards, locked through the property's address.
final class UnfairLockedCache: @unchecked Sendable {
  private var lock = os_unfair_lock()
  private var counts: [String: Int] = [:]

  /// Counts `key` while holding the lock across a 10 ms sleep.
  func count(_ key: String) -> Int {
    os_unfair_lock_lock(&lock)
    defer { os_unfair_lock_unlock(&lock) }
    Thread.sleep(forTimeInterval: 0.01)
    counts[key, default: 0] += 1
    return counts.values.reduce(0, +)
  }

  /// Whether the lock is free now (taking and releasing it if so).
  func isFree() -> Bool {
    guard os_unfair_lock_trylock(&lock) else { return false }
    os_unfair_lock_unlock(&lock)
    return true
  }
}

@Suite("os_unfair_lock parks contending simulated threads in virtual time")
struct OSUnfairLockTests {
  @Test("a stored lock passed by address serializes two workers across a sleep")
  func storedLock() throws {
    let log = Log()
    let cache = UnfairLockedCache()
    try simulate {
      for name in ["a", "b"] {
        DispatchQueue.global().async { log.add("\(name) \(cache.count(name))") }
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
        log.add("free \(cache.isFree())")
      }
    }
    // The second waits for the first's 10 ms; without the lock both would end at 10.
    #expect(log.lines == ["free false @5", "a 1 @10", "b 2 @20"])
  }

  @Test("an allocated lock: trylock, ownership checks, and a recursive lock is a deadlock")
  func allocatedLock() throws {
    let log = Log()
    let lock = os_unfair_lock_t.allocate(capacity: 1)
    lock.initialize(to: os_unfair_lock())
    defer { lock.deallocate() }
    let outcome = try simulate {
      DispatchQueue.global().async {
        os_unfair_lock_assert_not_owner(lock)
        os_unfair_lock_lock(lock)
        os_unfair_lock_assert_owner(lock)
        DispatchQueue.global().async {
          os_unfair_lock_assert_not_owner(lock)
          log.add("try \(os_unfair_lock_trylock(lock))")
        }
        Thread.sleep(forTimeInterval: 0.005)
        os_unfair_lock_unlock(lock)
        log.add("try again \(os_unfair_lock_trylock(lock))")
        os_unfair_lock_lock(lock)
        log.add("released by the world's tear-down")
      }
    }
    #expect(
      log.lines == [
        "try false @0", "try again true @5", "released by the world's tear-down @1000",
      ])
    let deadlock = try #require(outcome.deadlock)
    #expect(deadlock.contains("lock \"os_unfair_lock #1\""), "\(deadlock)")
  }
}

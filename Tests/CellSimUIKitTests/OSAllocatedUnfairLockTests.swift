// Written as iOS code: a Swift 6 cache guarded by the os module's lock.
import CellSimUIKit
import Testing

@Suite("OSAllocatedUnfairLock parks contending simulated threads in virtual time")
struct OSAllocatedUnfairLockTests {
  @Test("two workers holding the lock across a sleep run one after the other")
  func contention() throws {
    let log = Log()
    try simulate {
      let cache = OSAllocatedUnfairLock(initialState: [String: Int]())
      for name in ["a", "b"] {
        DispatchQueue.global().async {
          let count = cache.withLockUnchecked { state -> Int in
            Thread.sleep(forTimeInterval: 0.01)
            state[name] = state.count
            return state.count
          }
          log.add("\(name) \(count)")
        }
      }
    }
    // The second waits for the first's 10 ms; without the lock both would end at 10.
    #expect(log.lines == ["a 1 @10", "b 2 @20"])
  }

  @Test("a lock without state: lock, unlock, lockIfAvailable, withLock and ownership checks")
  func plainLock() throws {
    let log = Log()
    try simulate {
      let lock = OSAllocatedUnfairLock()
      DispatchQueue.global().async {
        lock.lock()
        lock.precondition(.owner)
        DispatchQueue.global().async {
          lock.precondition(.notOwner)
          log.add("free \(lock.lockIfAvailable())")
          let value = lock.withLock { 7 }
          log.add("value \(value)")
        }
        Thread.sleep(forTimeInterval: 0.005)
        lock.unlock()
      }
    }
    #expect(log.lines == ["free false @0", "value 7 @5"])
  }
}

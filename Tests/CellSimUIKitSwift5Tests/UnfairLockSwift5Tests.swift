// Swift 5 language mode: an image cache guarded by the C `os_unfair_lock`, kept as a stored
// property and locked through its address, as image libraries written before iOS 16 do.
import CellSimUIKit
import Testing

/// A cache whose dictionary an unfair lock guards.
final class UnfairLockedImageCache {
  private var lock = os_unfair_lock()
  private var images: [URL: Int] = [:]

  func value(for url: URL) -> Int? {
    os_unfair_lock_lock(&lock)
    defer { os_unfair_lock_unlock(&lock) }
    return images[url]
  }

  /// Stores `value`, holding the lock across a 10 ms sleep (a slow disk write).
  func insert(_ value: Int, for url: URL) {
    os_unfair_lock_lock(&lock)
    defer { os_unfair_lock_unlock(&lock) }
    Thread.sleep(forTimeInterval: 0.01)
    images[url] = value
  }
}

@Suite("The C unfair lock in Swift 5 mode")
struct UnfairLockSwift5Tests {
  @Test("a reader waits for a writer holding the lock, in virtual time")
  func readerWaits() throws {
    let cache = UnfairLockedImageCache()
    let url = URL(string: "https://img.test/1.png")!
    let log = Log()
    try simulate {
      DispatchQueue.global().async { cache.insert(7, for: url) }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(2)) {
        log.add("read \(cache.value(for: url) ?? -1)")
      }
    }
    // The reader comes at 2 ms and gets the lock when the writer lets go, at 10 ms.
    #expect(log.lines == ["read 7 @10"])
  }
}

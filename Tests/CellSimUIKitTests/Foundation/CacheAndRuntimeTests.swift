// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// An image stand-in.
final class Picture: @unchecked Sendable {
  let tag: String
  init(_ tag: String) { self.tag = tag }
}

/// Records evictions.
final class EvictionLog: NSCacheDelegate, @unchecked Sendable {
  var evicted: [String] = []
  func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
    evicted.append((obj as? Picture)?.tag ?? "?")
  }
}

/// Counts live instances.
final class Tracked: @unchecked Sendable {
  nonisolated(unsafe) static var live = 0
  init() { Tracked.live += 1 }
  deinit { Tracked.live -= 1 }
}

/// Keys for associated objects.
nonisolated(unsafe) var taskKey: UInt8 = 0

@Suite("NSCache, NotificationCenter and the Objective-C runtime stand-ins")
struct CacheAndRuntimeTests {
  @Test("NSString and NSURL keys compare by value; countLimit evicts the oldest stored")
  func countLimit() {
    let cache = NSCache<NSString, Picture>()
    let log = EvictionLog()
    cache.delegate = log
    cache.countLimit = 2
    cache.setObject(Picture("a"), forKey: "a")
    cache.setObject(Picture("b"), forKey: "b")
    // A lookup does not refresh "a": it is still the oldest, as on iOS.
    #expect(cache.object(forKey: NSString(string: "a"))?.tag == "a")
    cache.setObject(Picture("c"), forKey: "c")
    #expect(log.evicted == ["a"])
    #expect(cache.object(forKey: "a") == nil)
    // Storing again makes an entry the newest.
    cache.setObject(Picture("b2"), forKey: "b")
    cache.setObject(Picture("d"), forKey: "d")
    #expect(log.evicted == ["a", "c"])
    let urls = NSCache<NSURL, Picture>()
    let removals = EvictionLog()
    urls.delegate = removals
    urls.setObject(Picture("u"), forKey: NSURL(string: "https://img.test/1")!)
    #expect(urls.object(forKey: NSURL(string: "https://img.test/1")!)?.tag == "u")
    urls.removeObject(forKey: NSURL(string: "https://img.test/1")!)
    urls.removeObject(forKey: NSURL(string: "https://img.test/2")!)
    #expect(urls.object(forKey: NSURL(string: "https://img.test/1")!) == nil)
    // The delegate hears an object "evicted or removed", once.
    #expect(removals.evicted == ["u"])
  }

  @Test("totalCostLimit evicts the oldest until the total fits, the same way every time")
  func costLimit() {
    func run() -> [String] {
      let cache = NSCache<NSString, Picture>()
      let log = EvictionLog()
      cache.delegate = log
      cache.totalCostLimit = 100
      for (index, cost) in [40, 30, 20, 50, 10].enumerated() {
        cache.setObject(Picture("\(index)"), forKey: "\(index)" as NSString, cost: cost)
      }
      cache.removeAllObjects()
      return log.evicted
    }
    // 40+30+20 = 90; +50 evicts 0 and 1 (70); +10 fits (80); then 2, 3, 4, oldest first.
    #expect(run() == ["0", "1", "2", "3", "4"])
    #expect(run() == run())
  }

  @Test("a memory warning empties a cache and reaches block observers on their queue")
  func memoryWarning() throws {
    let log = Log()
    try simulate {
      let cache = NSCache<NSString, Picture>()
      cache.setObject(Picture("a"), forKey: "a")
      let token = NotificationCenter.default.addObserver(
        forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: .main
      ) { _ in
        log.add("warning main=\(Thread.isMainThread) cached=\(cache.object(forKey: "a") != nil)")
      }
      _ = NotificationCenter.default.addObserver(
        forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
      ) { note in
        log.add("background \(note.userInfo?["why"] as? String ?? "-")")
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
        NotificationCenter.default.post(
          name: UIApplication.didEnterBackgroundNotification, object: nil,
          userInfo: ["why": "test"])
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) {
        deliverMemoryWarning()
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
        NotificationCenter.default.removeObserver(token)
        deliverMemoryWarning()
      }
    }
    #expect(log.lines == ["background test @5", "warning main=true cached=false @10"])
  }

  @Test("a cache kept in a static starts empty in each world: every run is a fresh launch")
  func contentsPerWorld() throws {
    let shared = NSCache<NSString, Picture>()
    var seen: [Bool] = []
    for _ in 0..<2 {
      try simulate {
        seen.append(shared.object(forKey: "a") != nil)
        shared.setObject(Picture("a"), forKey: "a")
        seen.append(shared.object(forKey: "a") != nil)
      }
    }
    #expect(seen == [false, true, false, true])
  }

  @Test("associated objects read back per owner and key, and go with their owner")
  func associatedObjects() {
    final class View {}
    Tracked.live = 0
    var view: View? = View()
    objc_setAssociatedObject(view!, &taskKey, Tracked(), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    #expect(objc_getAssociatedObject(view!, &taskKey) is Tracked)
    #expect(objc_getAssociatedObject(View(), &taskKey) == nil)
    #expect(Tracked.live == 1)
    view = nil
    // Released at the next associated-object call after the owner's deinit.
    _ = objc_getAssociatedObject(View(), &taskKey)
    #expect(Tracked.live == 0)
  }

  @Test("objc_sync_enter is a recursive per-object lock that parks in virtual time")
  func synchronized() throws {
    let log = Log()
    let outcome = try simulate {
      let token = Picture("lock")
      for name in ["a", "b"] {
        DispatchQueue.global().async {
          objc_sync_enter(token)
          objc_sync_enter(token)
          log.add("\(name) in")
          Thread.sleep(forTimeInterval: 0.005)
          objc_sync_exit(token)
          objc_sync_exit(token)
        }
      }
    }
    #expect(outcome.deadlock == nil)
    #expect(log.lines == ["a in @0", "b in @5"])
  }

  @Test("a class is an object too: objc_sync_enter(Cache.self) and its associated objects")
  func classAsObject() throws {
    final class Storage {}
    let log = Log()
    let outcome = try simulate {
      for name in ["a", "b"] {
        DispatchQueue.global().async {
          objc_sync_enter(Storage.self)
          log.add("\(name) in")
          Thread.sleep(forTimeInterval: 0.005)
          objc_sync_exit(Storage.self)
        }
      }
    }
    #expect(outcome.deadlock == nil)
    #expect(log.lines == ["a in @0", "b in @5"])
    objc_setAssociatedObject(Storage.self, &taskKey, "shared", .OBJC_ASSOCIATION_RETAIN)
    #expect(objc_getAssociatedObject(Storage.self, &taskKey) as? String == "shared")
    #expect(objc_getAssociatedObject(Picture.self, &taskKey) == nil)
    objc_setAssociatedObject(Storage.self, &taskKey, nil, .OBJC_ASSOCIATION_RETAIN)
  }
}

// This file imports only the layer (and Testing), as a user's file does: every name below
// must resolve to the layer's declaration, or these tests fail (or the file does not compile).
import CellSimUIKit
import Testing

@Suite("Names in a file that imports only CellSimUIKit resolve to the layer (Swift 6)")
struct NameLookupTests {
  @Test("the Dispatch and Foundation types the layer declares are the layer's")
  func typesAreTheLayers() {
    #expect(
      ObjectIdentifier(DispatchQueue.self) == ObjectIdentifier(CellSimUIKit.DispatchQueue.self))
    #expect(
      ObjectIdentifier(type(of: DispatchQueue.main))
        == ObjectIdentifier(CellSimUIKit.DispatchQueue.self))
    #expect(
      ObjectIdentifier(type(of: DispatchQueue.global()))
        == ObjectIdentifier(CellSimUIKit.DispatchQueue.self))
    #expect(
      ObjectIdentifier(DispatchSemaphore.self)
        == ObjectIdentifier(CellSimUIKit.DispatchSemaphore.self))
    #expect(
      ObjectIdentifier(DispatchGroup.self) == ObjectIdentifier(CellSimUIKit.DispatchGroup.self))
    #expect(
      ObjectIdentifier(DispatchWorkItem.self)
        == ObjectIdentifier(CellSimUIKit.DispatchWorkItem.self))
    #expect(DispatchTime.self == CellSimUIKit.DispatchTime.self)
    #expect(DispatchWallTime.self == CellSimUIKit.DispatchWallTime.self)
    #expect(ObjectIdentifier(Thread.self) == ObjectIdentifier(CellSimUIKit.Thread.self))
    #expect(ObjectIdentifier(NSLock.self) == ObjectIdentifier(CellSimUIKit.NSLock.self))
    #expect(
      ObjectIdentifier(NSRecursiveLock.self) == ObjectIdentifier(CellSimUIKit.NSRecursiveLock.self))
    #expect(ObjectIdentifier(NSCondition.self) == ObjectIdentifier(CellSimUIKit.NSCondition.self))
    #expect(ObjectIdentifier(URLSession.self) == ObjectIdentifier(CellSimUIKit.URLSession.self))
    #expect(
      ObjectIdentifier(type(of: URLSession.shared))
        == ObjectIdentifier(CellSimUIKit.URLSession.self))
    #expect(
      ObjectIdentifier(type(of: URLSessionConfiguration.default))
        == ObjectIdentifier(CellSimUIKit.URLSessionConfiguration.self))
    #expect(
      ObjectIdentifier(URLSessionDataTask.self)
        == ObjectIdentifier(CellSimUIKit.URLSessionDataTask.self))
    #expect(
      ObjectIdentifier(OperationQueue.self) == ObjectIdentifier(CellSimUIKit.OperationQueue.self))
    #expect(
      ObjectIdentifier(type(of: OperationQueue.main))
        == ObjectIdentifier(CellSimUIKit.OperationQueue.self))
    #expect(ObjectIdentifier(Operation.self) == ObjectIdentifier(CellSimUIKit.Operation.self))
    #expect(
      ObjectIdentifier(BlockOperation.self) == ObjectIdentifier(CellSimUIKit.BlockOperation.self))
    #expect(
      ObjectIdentifier(NSCache<NSString, NSString>.self)
        == ObjectIdentifier(CellSimUIKit.NSCache<NSString, NSString>.self))
    #expect(
      ObjectIdentifier(NSMapTable<NSString, NSString>.self)
        == ObjectIdentifier(CellSimUIKit.NSMapTable<NSString, NSString>.self))
    #expect(
      ObjectIdentifier(type(of: NotificationCenter.default))
        == ObjectIdentifier(CellSimUIKit.NotificationCenter.self))
    #expect(ObjectIdentifier(URLCache.self) == ObjectIdentifier(CellSimUIKit.URLCache.self))
    #expect(ObjectIdentifier(URLProtocol.self) == ObjectIdentifier(CellSimUIKit.URLProtocol.self))
    #expect(ObjectIdentifier(Timer.self) == ObjectIdentifier(CellSimUIKit.Timer.self))
    #expect(ObjectIdentifier(FileManager.self) == ObjectIdentifier(CellSimUIKit.FileManager.self))
    #expect(
      ObjectIdentifier(type(of: FileManager.default))
        == ObjectIdentifier(CellSimUIKit.FileManager.self))
    #expect(ObjectIdentifier(UserDefaults.self) == ObjectIdentifier(CellSimUIKit.UserDefaults.self))
    #expect(ObjectIdentifier(RunLoop.self) == ObjectIdentifier(CellSimUIKit.RunLoop.self))
    #expect(
      ObjectIdentifier(type(of: RunLoop.main)) == ObjectIdentifier(CellSimUIKit.RunLoop.self))
  }

  @Test("clocks read virtual time: Date(), Date.now, DispatchTime.now(), uptime, media time")
  func clocksAreVirtual() throws {
    let seen = Box<[Double]>([])
    try simulate(for: 100) {
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(40)) {
        seen.value = [
          Date().timeIntervalSince1970, Date.now.timeIntervalSince1970,
          Double(DispatchTime.now().uptimeNanoseconds) / 1e9,
          ProcessInfo.processInfo.systemUptime, CACurrentMediaTime(),
        ]
      }
    }
    // 2026-01-01 00:00:00 UTC and 1,000 s of uptime at virtual zero, then 40 ms.
    #expect(seen.value == [1_767_225_600.04, 1_767_225_600.04, 1_000.04, 1_000.04, 1_000.04])
  }

  @Test("Data(contentsOf:) on an http URL is the layer's blocking fetch on the fake network")
  func dataContentsOfIsTheLayers() throws {
    let got = Box<[UInt8]>([])
    let log = Log()
    try simulate(serving: ["https://img.test/a.png": [1, 2, 3]]) {
      DispatchQueue.global().async {
        let data = try? Data(contentsOf: URL(string: "https://img.test/a.png")!)
        got.value = Array(data ?? Data())
        log.add("fetched")
      }
    }
    #expect(got.value == [1, 2, 3])
    #expect(log.lines == ["fetched @50"])
  }

  @Test("Thread.isMainThread and Thread.sleep answer for the simulated thread, in virtual time")
  func threadIsTheLayers() throws {
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        log.add("global main=\(Thread.isMainThread)")
        Thread.sleep(forTimeInterval: 0.25)
        DispatchQueue.main.async { log.add("main main=\(Thread.isMainThread)") }
      }
    }
    #expect(log.lines == ["global main=false @0", "main main=true @250"])
  }
}

// Swift 5 language mode. This file imports only the layer (and Testing), as a user's file
// does: every name below must resolve to the layer's declaration, or these tests fail (or the
// file does not compile).
import CellSimUIKit
import Testing

/// A view written as Swift 5 code is: a class with no isolation, updated on the main queue.
final class LegacyImageView {
  var image: Data?
}

@Suite("Names in a file that imports only CellSimUIKit resolve to the layer (Swift 5)")
struct NameLookupSwift5Tests {
  @Test("the Dispatch and Foundation types the layer declares are the layer's")
  func typesAreTheLayers() {
    #expect(
      ObjectIdentifier(type(of: DispatchQueue.main))
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
    #expect(ObjectIdentifier(Thread.self) == ObjectIdentifier(CellSimUIKit.Thread.self))
    #expect(ObjectIdentifier(NSLock.self) == ObjectIdentifier(CellSimUIKit.NSLock.self))
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

  @Test("a Swift 5 downloader: semaphore, global queue, Data(contentsOf:), main queue")
  func swift5Downloader() throws {
    let view = LegacyImageView()
    let log = Log()
    let urls = (0..<3).map { URL(string: "https://img.test/\($0).png")! }
    var bodies: [String: [UInt8]] = [:]
    for (index, url) in urls.enumerated() { bodies[url.absoluteString] = [UInt8(index)] }
    try simulate(serving: bodies) {
      let semaphore = DispatchSemaphore(value: 1)
      for url in urls {
        DispatchQueue.global(qos: .userInitiated).async {
          semaphore.wait()
          let data = try? Data(contentsOf: url)
          semaphore.signal()
          DispatchQueue.main.async {
            view.image = data
            log.add("set \(url.lastPathComponent) main=\(Thread.isMainThread)")
          }
        }
      }
    }
    #expect(view.image == Data([2]))
    #expect(
      log.lines == [
        "set 0.png main=true @50", "set 1.png main=true @100", "set 2.png main=true @150",
      ]
    )
  }

  @Test("Date() and DispatchTime.now() read virtual time in Swift 5 mode too")
  func clocks() throws {
    let seen = Box<[Double]>([])
    try simulate {
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(5)) {
        seen.value = [Date().timeIntervalSince1970, Double(DispatchTime.now().uptimeNanoseconds)]
      }
    }
    #expect(seen.value == [1_767_225_600.005, 1_000_005_000_000])
  }
}

@Suite("Foundation's URL loading and operations in Swift 5 mode")
struct FoundationSwift5Tests {
  @Test("a Swift 5 loader: NSCache, URLSession.shared.dataTask, the main queue")
  func swift5Loader() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a.png": [9, 9]]) {
      let cache = NSCache<NSURL, NSData>()
      let url = URL(string: "https://img.test/a.png")!
      URLSession.shared.dataTask(with: url) { data, _, _ in
        guard let data = data else { return }
        cache.setObject(data as NSData, forKey: url as NSURL)
        DispatchQueue.main.async {
          log.add("cached \(cache.object(forKey: url as NSURL)?.length ?? 0)")
        }
      }.resume()
    }
    #expect(log.lines == ["cached 2 @50"])
  }
}

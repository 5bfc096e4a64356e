// Written as iOS code: a disk cache as image loaders write one, with only the layer imported.
import CellSimUIKit
import SimKernel
import SimPlatform
import Testing

/// A small disk cache in the style of tutorial loaders: files named by URL under
/// `Library/Caches/images`.
final class DiskImageCache: @unchecked Sendable {
  let folder: URL

  init() {
    let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
    folder = caches.appendingPathComponent("images", isDirectory: true)
    if !FileManager.default.fileExists(atPath: folder.path) {
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
  }

  func fileURL(for url: URL) -> URL {
    folder.appendingPathComponent(url.lastPathComponent)
  }

  func data(for url: URL) -> Data? { try? Data(contentsOf: fileURL(for: url)) }

  func store(_ data: Data, for url: URL) { try? data.write(to: fileURL(for: url)) }
}

@Suite("The app's sandbox: a file system per world")
struct SandboxTests {
  @Test("a disk cache written as iOS code works in virtual time, at the device's disk cost")
  func diskCache() throws {
    let log = Log()
    let url = URL(string: "https://img.test/1.png")!
    try simulate(serving: [url.absoluteString: Array(repeating: 7, count: 10_000)]) {
      DispatchQueue.global().async {
        let cache = DiskImageCache()
        log.add("cached before: \(cache.data(for: url) != nil)")
        guard let data = try? Data(contentsOf: url) else { return }
        cache.store(data, for: url)
        log.add("stored")
        log.add("read back: \(cache.data(for: url)?.count ?? -1)")
        let path = cache.fileURL(for: url).path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let modified = attributes?[.modificationDate] as? Date
        let stored = modified.map { $0.timeIntervalSince1970 - 1_767_225_600 } ?? -1
        log.add("modified at \(Int((stored * 1e6).rounded())) µs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.folder.path)) ?? []
        log.add("listing: \(names)")
        try? FileManager.default.removeItem(at: cache.fileURL(for: url))
        log.add("after remove: \(FileManager.default.fileExists(atPath: path))")
      }
    }
    // iPhone 15 Pro: a write of 10,000 bytes costs the fixed cost plus twice the per-byte cost.
    let device = DeviceProfile.iPhone15Pro
    let write = device.diskWriteCost(bytes: 10_000).nanoseconds
    let read = device.diskReadCost(bytes: 10_000).nanoseconds
    #expect(write > 0 && read > 0)
    let stored = (50_000_000 + write) / 1_000_000
    let readBack = (50_000_000 + write + read) / 1_000_000
    #expect(
      log.lines == [
        "cached before: false @0", "stored @\(stored)", "read back: 10000 @\(readBack)",
        "modified at \((50_000_000 + write) / 1_000) µs @\(readBack)",
        "listing: [\"1.png\"] @\(readBack)", "after remove: false @\(readBack)",
      ])
  }

  @Test("every run starts with an empty sandbox, as a fresh install does")
  func freshEachRun() throws {
    let log = Log()
    for _ in 0..<2 {
      try simulate {
        DispatchQueue.global().async {
          let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
          let file = caches.appendingPathComponent("marker")
          log.add("exists: \(FileManager.default.fileExists(atPath: file.path))")
          try? Data([1]).write(to: file)
        }
      }
    }
    #expect(log.lines == ["exists: false @0", "exists: false @0"])
  }

  @Test("a write into a missing folder fails as on a device; tmp and home are the sandbox's")
  func missingFolderAndTemporary() throws {
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        do {
          try Data([1]).write(to: documents.appendingPathComponent("missing/file"))
          log.add("wrote")
        } catch {
          log.add("failed")
        }
        log.add("tmp is sandbox: \(NSTemporaryDirectory().hasPrefix(NSHomeDirectory()))")
        log.add(
          "temporaryDirectory is sandbox: "
            + "\(FileManager.default.temporaryDirectory.path.hasPrefix(NSHomeDirectory()))")
      }
    }
    #expect(
      log.lines == [
        "failed @0", "tmp is sandbox: true @0", "temporaryDirectory is sandbox: true @0",
      ])
  }

  @Test("outside any world, FileManager is Foundation's real file system")
  func outsideAWorld() throws {
    #expect(ObjectIdentifier(type(of: FileManager.default)) == ObjectIdentifier(FileManager.self))
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cellsim-sandbox-test-\(ProcessInfo.processInfo.processIdentifier)")
      .path
    #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2])))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.contents(atPath: path) == Data([1, 2]))
    #expect(!NSTemporaryDirectory().contains("Containers"))
  }

  @Test("NSSearchPathForDirectoriesInDomains names the sandbox's folders in a world")
  func searchPaths() throws {
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let caches = NSSearchPathForDirectoriesInDomains(.cachesDirectory, .userDomainMask, true)
        let viaURLs = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        log.add(
          "same: \(caches == [viaURLs.path]) sandbox: \(caches[0].hasPrefix(NSHomeDirectory()))")
        let documents = NSSearchPathForDirectoriesInDomains(
          .documentDirectory, .userDomainMask, true)
        let file = (documents[0] as NSString).appendingPathComponent("a.bin")
        log.add("created: \(FileManager.default.createFile(atPath: file, contents: Data([1])))")
        log.add("in sandbox: \(FileManager.default.fileExists(atPath: file))")
      }
    }
    #expect(
      log.lines == ["same: true sandbox: true @0", "created: true @0", "in sandbox: true @0"])
    let real = NSSearchPathForDirectoriesInDomains(.cachesDirectory, .userDomainMask, true)
    #expect(!(real.first ?? "").contains("Containers"))
  }
}

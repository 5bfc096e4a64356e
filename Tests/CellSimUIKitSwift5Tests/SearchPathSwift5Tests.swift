// Swift 5 language mode: a disk cache that finds its folder with
// NSSearchPathForDirectoriesInDomains, as HanekeSwift's DiskCache does.
import CellSimUIKit
import Testing

/// A disk cache in HanekeSwift's style: its base path from the search-path function.
final class SearchPathDiskCache {
  let path: String
  init(name: String) {
    let cachesPath = NSSearchPathForDirectoriesInDomains(
      FileManager.SearchPathDirectory.cachesDirectory,
      FileManager.SearchPathDomainMask.userDomainMask, true)[0]
    path = (cachesPath as NSString).appendingPathComponent(name)
    try? FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: nil)
  }
  func store(_ data: Data, key: String) {
    try? data.write(to: URL(fileURLWithPath: (path as NSString).appendingPathComponent(key)))
  }
  func data(key: String) -> Data? {
    try? Data(contentsOf: URL(fileURLWithPath: (path as NSString).appendingPathComponent(key)))
  }
}

@Suite("Search paths in Swift 5 mode")
struct SearchPathSwift5Tests {
  @Test("a search-path disk cache starts empty in every run: it lives in the sandbox")
  func freshEachRun() throws {
    let log = Log()
    for _ in 0..<2 {
      try simulate {
        DispatchQueue.global().async {
          let cache = SearchPathDiskCache(name: "io.example.images")
          log.add("before \(cache.data(key: "k") == nil)")
          cache.store(Data([1, 2, 3]), key: "k")
          log.add("after \(cache.data(key: "k")?.count ?? -1)")
        }
      }
    }
    #expect(
      log.lines.map { $0.components(separatedBy: " @")[0] } == [
        "before true", "after 3", "before true", "after 3",
      ])
  }
}

// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

@Suite("URLCache and the session's cache policy")
struct URLCacheTests {
  @Test("the shared cache has Apple's documented default capacities")
  func defaults() {
    #expect(URLCache.shared.memoryCapacity == 4 * 1024 * 1024)
    #expect(URLCache.shared.diskCapacity == 20 * 1024 * 1024)
    #expect(URLSessionConfiguration.default.httpMaximumConnectionsPerHost == 6)
    #expect(URLSessionConfiguration.default.urlCache === URLCache.shared)
  }

  @Test("returnCacheDataElseLoad answers the second request at once; protocol policy reloads")
  func policies() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a": [1, 2]]) {
      let configuration = URLSessionConfiguration.ephemeral
      let session = URLSession(configuration: configuration)
      let url = URL(string: "https://img.test/a")!
      let cached = URLRequest(url: url, cachePolicy: .returnCacheDataElseLoad)
      session.dataTask(with: cached) { data, _, _ in
        log.add("first \(data?.count ?? -1)")
        session.dataTask(with: cached) { data, response, _ in
          let status = (response as? HTTPURLResponse)?.statusCode ?? 0
          log.add("cached \(data?.count ?? -1) \(status)")
        }.resume()
        session.dataTask(with: url) { data, _, _ in
          log.add("protocol \(data?.count ?? -1)")
        }.resume()
      }.resume()
      var offlineOnly = URLRequest(url: URL(string: "https://img.test/b")!)
      offlineOnly.cachePolicy = .returnCacheDataDontLoad
      session.dataTask(with: offlineOnly) { _, _, error in
        log.add("dontLoad \((error as? URLError)?.code == .resourceUnavailable)")
      }.resume()
    }
    #expect(
      log.lines == ["dontLoad true @0", "first 2 @50", "cached 2 200 @50", "protocol 2 @100"])
  }

  @Test("storing past the memory capacity evicts the least recently used response")
  func eviction() throws {
    let seen = Box<[Bool]>([])
    try simulate {
      let cache = URLCache(memoryCapacity: 10, diskCapacity: 0, diskPath: nil)
      func request(_ name: String) -> URLRequest {
        URLRequest(url: URL(string: "https://img.test/\(name)")!)
      }
      for name in ["a", "b"] {
        let response = URLResponse(
          url: URL(string: "https://img.test/\(name)")!, mimeType: nil, expectedContentLength: 4,
          textEncodingName: nil)
        cache.storeCachedResponse(
          CachedURLResponse(response: response, data: Data(count: 4)), for: request(name))
      }
      _ = cache.cachedResponse(for: request("a"))
      let response = URLResponse(
        url: URL(string: "https://img.test/c")!, mimeType: nil, expectedContentLength: 4,
        textEncodingName: nil)
      cache.storeCachedResponse(
        CachedURLResponse(response: response, data: Data(count: 4)), for: request("c"))
      seen.value = ["a", "b", "c"].map { cache.cachedResponse(for: request($0)) != nil }
    }
    #expect(seen.value == [true, false, true])
  }

  @Test("a disk cache stores bodies up to 5% of the disk; a replaced shared cache is the world's")
  func diskRuleAndReplacedSharedCache() throws {
    let log = Log()
    // 300 KB: more than 5% of the shared cache's 4 MB of memory, less than 5% of 20 MB of disk.
    let body = [UInt8](repeating: 7, count: 300_000)
    try simulate(serving: ["https://img.test/big": body, "https://img.test/other": body]) {
      let cached = URLRequest(
        url: URL(string: "https://img.test/big")!, cachePolicy: .returnCacheDataElseLoad)
      URLSession.shared.dataTask(with: cached) { _, _, _ in
        URLSession.shared.dataTask(with: cached) { data, _, _ in
          log.add("shared \(data?.count ?? -1)")
        }.resume()
      }.resume()
      // A cache with memory only, and one with a disk only (as image libraries make them).
      for (name, memory, disk) in [("memory", 4_000_000, 0), ("disk", 0, 150_000_000)] {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = URLCache(memoryCapacity: memory, diskCapacity: disk)
        let session = URLSession(configuration: configuration)
        let request = URLRequest(
          url: URL(string: "https://img.test/other")!, cachePolicy: .returnCacheDataElseLoad)
        session.dataTask(with: request) { _, _, _ in
          log.add(
            "\(name) stored \(configuration.urlCache!.currentMemoryUsage)+"
              + "\(configuration.urlCache!.currentDiskUsage)")
        }.resume()
      }
      // Replaced at launch: URLSession.shared follows, in this world only.
      let larger = URLCache(memoryCapacity: 50_000_000, diskCapacity: 0)
      URLCache.shared = larger
      log.add("replaced \(URLSession.shared.configuration.urlCache === larger)")
    }
    #expect(
      log.lines == [
        "replaced true @0", "memory stored 0+0 @50", "disk stored 0+300000 @50",
        "shared 300000 @50",
      ])
    // Outside that world the process's shared cache, with Apple's capacities, is back.
    #expect(URLCache.shared.memoryCapacity == 4 * 1024 * 1024)
  }
}

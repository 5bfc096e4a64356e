// Written as iOS code: a library's logging, with `import os.log` moved into the import block.
import CellSimUIKit
import Testing

@Suite("os logging compiles and logs nothing, without evaluating its messages")
struct OSLogTests {
  final class Counter: @unchecked Sendable {
    var evaluations = 0
    func describe() -> String {
      evaluations += 1
      return "evaluated"
    }
  }

  @Test("Logger, os_log and signposts: every form compiles; no interpolation is evaluated")
  func loggingForms() {
    let counter = Counter()
    let logger = Logger(subsystem: "com.example.images", category: "loader")
    let url = URL(string: "https://img.test/1.png")!
    logger.debug("loaded \(url.absoluteString, privacy: .public) \(counter.describe())")
    logger.error("failed \(counter.describe(), privacy: .private(mask: .hash))")
    logger.info("bytes \(42, format: .hex, align: .right(columns: 8))")
    logger.log(level: .fault, "ratio \(0.5, format: .fixed(precision: 2))")
    let legacy = OSLog(subsystem: "com.example.images", category: "cache")
    os_log("cache miss %{public}@", log: legacy, type: .info, url.absoluteString)
    os_log(.debug, log: legacy, "evicted %d", 3)
    #expect(!legacy.isEnabled(type: .debug))
    let signposter = OSSignposter(logger: logger)
    let state = signposter.beginInterval("decode", id: signposter.makeSignpostID())
    signposter.endInterval("decode", state)
    let id = 7
    let purge = signposter.beginInterval(
      "Purge",
      "id=\(id, attributes: "name=id") \(counter.describe(), privacy: .public, attributes: "name=c")"
    )
    signposter.endInterval("Purge", purge)
    let value = signposter.withIntervalSignpost("resize") { 7 }
    #expect(value == 7)
    #expect(counter.evaluations == 0)
  }
}

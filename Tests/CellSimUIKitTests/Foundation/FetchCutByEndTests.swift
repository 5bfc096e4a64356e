import CellSimUIKit
import SimNetwork
import Testing

@Suite("A blocking fetch the end of the run interrupts")
struct FetchCutByEndTests {
  @Test("returns the URL's bytes, as on a device where nothing cancels it: try! goes on")
  func fetchCutByTheEnd() throws {
    let log = Log()
    let outcome = try simulate(
      for: 500, serving: ["https://img.test/slow.png": [7, 7, 7]],
      script: NetworkScript(latency: .fixed(.ms(2_000)))
    ) {
      DispatchQueue.global().async {
        let data = try! Data(contentsOf: URL(string: "https://img.test/slow.png")!)
        log.add("bytes \(data.count)")
      }
    }
    #expect(log.lines == ["bytes 3 @500"])
    #expect(outcome.failure == nil)
  }

  @Test("a URL the network does not serve still throws, as it would have")
  func missingURLStillThrows() throws {
    let log = Log()
    try simulate(for: 500, script: NetworkScript(latency: .fixed(.ms(2_000)))) {
      DispatchQueue.global().async {
        do {
          _ = try Data(contentsOf: URL(string: "https://img.test/none.png")!)
          log.add("read")
        } catch {
          log.add("threw")
        }
      }
    }
    #expect(log.lines == ["threw @500"])
  }
}

// Written as iOS code: this file imports only the layer (and Testing). The Foundation API that
// tutorials written before iOS 9 and Swift 3 still call.
import CellSimUIKit
import Testing

@Suite("NSURLConnection's block form and NSIndexPath's UIKit additions")
struct LegacyFoundationTests {
  @Test("sendAsynchronousRequest loads through the fake network and runs on the given queue")
  func sendAsynchronousRequest() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a.png": [1, 2, 3]]) {
      for path in ["a.png", "missing.png"] {
        let request = URLRequest(url: URL(string: "https://img.test/\(path)")!)
        NSURLConnection.sendAsynchronousRequest(request, queue: OperationQueue.main) {
          response, data, error in
          let status = (response as? HTTPURLResponse)?.statusCode ?? -1
          log.add(
            "\(path) \(Array(data ?? Data())) \(status) \(error == nil) "
              + "main=\(Thread.isMainThread)")
        }
      }
    }
    #expect(
      log.lines == [
        "missing.png [] 404 true main=true @50", "a.png [1, 2, 3] 200 true main=true @50",
      ])
  }

  @Test("a failed request hands the handler a URLError and no data")
  func failure() throws {
    let log = Log()
    try simulate {
      let request = URLRequest(url: URL(string: "https://img.test/down.png")!)
      NSURLConnection.sendAsynchronousRequest(request, queue: OperationQueue()) {
        response, data, error in
        log.add("\(response == nil) \(data == nil) \((error as? URLError)?.code.rawValue ?? 0)")
      }
    } network: { network in
      network.offline(for: .ms(500))
    }
    #expect(log.lines == ["true true \(URLError.notConnectedToInternet.rawValue) @1"])
  }

  @Test("NSIndexPath has UIKit's row, item and section")
  func indexPathAdditions() {
    let path = IndexPath(row: 3, section: 1) as NSIndexPath
    #expect(path.row == 3 && path.item == 3 && path.section == 1)
    let made = NSIndexPath(row: 4, section: 2)
    #expect(made as IndexPath == IndexPath(row: 4, section: 2))
    #expect(NSIndexPath(item: 5, section: 0).item == 5)
  }
}

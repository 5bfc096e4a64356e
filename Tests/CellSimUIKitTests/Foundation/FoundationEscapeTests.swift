// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

@Suite("Layer calls outside any world stop with a message naming the API")
struct FoundationEscapeTests {
  @Test("URLSession.dataTask outside a world exits instead of reaching the real network")
  func dataTaskOutsideWorld() async {
    await #expect(processExitsWith: .failure) {
      _ = URLSession.shared.dataTask(with: URL(string: "https://img.test/a")!)
    }
  }

  @Test("OperationQueue.addOperation outside a world exits")
  func addOperationOutsideWorld() async {
    await #expect(processExitsWith: .failure) {
      OperationQueue().addOperation {}
    }
  }
}

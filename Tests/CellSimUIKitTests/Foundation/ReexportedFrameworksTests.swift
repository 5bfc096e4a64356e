// Written as iOS code whose import block was changed and whose `import Combine` and
// `import CryptoKit` moved inside the `#if` with UIKit's: on Linux the layer brings their
// stand-ins, so this file imports nothing else.
import CellSimUIKit
import Testing

/// A view model as Combine-based screens write one.
final class SearchModel: ObservableObject {
  @Published var query = ""
  let results = PassthroughSubject<[String], Never>()
  let selected = CurrentValueSubject<Int, Never>(0)
}

@Suite("Combine and CryptoKit come with the layer")
struct ReexportedFrameworksTests {
  @Test("publishers, subjects and @Published resolve through the layer alone")
  func combineThroughTheLayer() {
    let model = SearchModel()
    var seen: [String] = []
    var keep = Set<AnyCancellable>()
    model.$query.dropFirst().sink { seen.append($0) }.store(in: &keep)
    let upper: AnyPublisher<String, Never> = model.results.map { $0.joined(separator: ",") }
      .eraseToAnyPublisher()
    upper.sink { seen.append($0) }.store(in: &keep)
    model.query = "cats"
    model.results.send(["a", "b"])
    #expect(seen == ["cats", "a,b"])
    #expect(model.selected.value == 0)
  }

  @Test("a cache key hashed with Insecure.MD5 resolves through the layer alone")
  func cryptoThroughTheLayer() {
    let digest = Insecure.MD5.hash(data: Data("https://img.test/1.png".utf8))
    let name = digest.map { String(format: "%02x", $0) }.joined()
    #expect(name.count == 32)
  }
}

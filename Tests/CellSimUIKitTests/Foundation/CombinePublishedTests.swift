// Written as iOS code: a view model with @Published properties, as screens observe one.
// Linux only: on macOS `import Combine` is Apple's, and the layer's queues, run loop and
// URLSession have no Combine conformances there.
#if os(Linux)
  import CellSimUIKit
  import Combine
  import Testing

  /// A view model as screens write one.
  class GalleryModel: ObservableObject {
    @Published var title = "Photos"
    @Published var count = 0
    var log: [String] = []
  }

  /// A subclass: its own and its superclass's published properties announce changes.
  final class AlbumModel: GalleryModel {
    @Published var selected: Int?
  }

  /// An object without published properties.
  final class Plain: ObservableObject {}

  @Suite("@Published and ObservableObject in the Combine stand-in")
  struct CombinePublishedTests {
    @Test("$property sends the current value, then each new one before it is stored")
    func projectedPublisher() {
      let model = GalleryModel()
      var keep = Set<AnyCancellable>()
      model.$count.sink { [unowned model] in model.log.append("\($0) was \(model.count)") }
        .store(in: &keep)
      model.count = 1
      model.count = 2
      #expect(model.log == ["0 was 0", "1 was 0", "2 was 1"])
    }

    @Test("objectWillChange fires before each change, superclass properties included")
    func objectWillChange() {
      let model = AlbumModel()
      var keep = Set<AnyCancellable>()
      model.objectWillChange.sink { [unowned model] in model.log.append("will \(model.count)") }
        .store(in: &keep)
      model.count = 3
      model.selected = 1
      model.title = "Album"
      #expect(model.log == ["will 0", "will 3", "will 3"])
      #expect(model.objectWillChange === model.objectWillChange)
      #expect(Plain().objectWillChange !== Plain().objectWillChange)
    }

    @Test("assign(to: &$property) and assign(to:on:) write each value")
    func assign() {
      let model = GalleryModel()
      let source = PassthroughSubject<Int, Never>()
      source.assign(to: &model.$count)
      let titles = CurrentValueSubject<String, Never>("A")
      let cancellable = titles.assign(to: \.title, on: model)
      source.send(7)
      titles.send("B")
      #expect(model.count == 7)
      #expect(model.title == "B")
      cancellable.cancel()
      titles.send("C")
      #expect(model.title == "B")
    }
  }
#endif

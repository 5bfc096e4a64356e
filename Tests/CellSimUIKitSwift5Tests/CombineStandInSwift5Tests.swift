// Swift 5 language mode: a Combine image loader and a view model, as older app code writes
// them, run from main-queue blocks in a world.
// Linux only: on macOS `import Combine` is Apple's, and the layer's queues, run loop and
// URLSession have no Combine conformances there.
#if os(Linux)
  import CellSimUIKit
  import Combine
  import Testing

  /// The loader as apps write it.
  final class Swift5ImageLoader {
    private let cache = NSCache<NSURL, UIImage>()

    func loadImage(from url: URL) -> AnyPublisher<UIImage?, Never> {
      if let image = cache.object(forKey: url as NSURL) {
        return Just(image).eraseToAnyPublisher()
      }
      return URLSession.shared.dataTaskPublisher(for: url)
        .map { UIImage(data: $0.data) }
        .catch { _ in Just(nil) }
        .handleEvents(receiveOutput: { [weak self] image in
          if let image = image { self?.cache.setObject(image, forKey: url as NSURL) }
        })
        .subscribe(on: DispatchQueue.global(qos: .background))
        .receive(on: DispatchQueue.main)
        .eraseToAnyPublisher()
    }
  }

  /// A view model with a published state.
  final class Swift5PhotoModel: ObservableObject {
    @Published var loaded = 0
    var cancellables = Set<AnyCancellable>()
  }

  @Suite("Combine in Swift 5 mode")
  struct CombineStandInSwift5Tests {
    @Test("a loader's publisher sets the image on the main queue; the second load is cached")
    func loaderAndModel() throws {
      let log = Log()
      let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0,
        0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89,
      ]
      try simulate(serving: ["https://img.test/p.png": png]) {
        DispatchQueue.main.async {
          let loader = Swift5ImageLoader()
          let model = Swift5PhotoModel()
          let imageView = UIImageView()
          let url = URL(string: "https://img.test/p.png")!
          model.objectWillChange.sink { log.add("will change") }.store(in: &model.cancellables)
          loader.loadImage(from: url)
            .sink { image in
              imageView.image = image
              model.loaded += 1
              log.add("image \(image != nil) main=\(Thread.isMainThread)")
              loader.loadImage(from: url)
                .sink { log.add("cached \($0 != nil)") }
                .store(in: &model.cancellables)
            }
            .store(in: &model.cancellables)
          // The block keeps the model, and with it the subscriptions, until the run ends.
          DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
            log.add("loaded \(model.loaded) \(imageView.image != nil)")
          }
        }
      }
      #expect(
        log.lines == [
          "will change @50", "image true main=true @50", "cached true @50", "loaded 1 true @1000",
        ])
    }
  }
#endif

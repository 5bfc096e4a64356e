// A table screen whose cells load their photos through a Combine image loader, written as for
// a device (only the import block differs), hosted in a scenario and judged by the oracle.
// Linux only: on macOS `import Combine` is Apple's, and the layer's queues, run loop and
// URLSession have no Combine conformances there.
#if os(Linux)
  import CellSimUIKitHost
  import Scenarios
  import TestSupport
  import Testing

  #if canImport(UIKit)
    import UIKit
    import Combine
  #else
    import CellSimUIKit
    import Combine
  #endif

  /// The loader as apps write it: a memory cache, a data task publisher decoded off the main
  /// thread, delivered on the main queue.
  final class CombineImageLoader {
    private let cache = NSCache<NSURL, UIImage>()

    func loadImage(from url: URL) -> AnyPublisher<UIImage?, Never> {
      if let image = cache.object(forKey: url as NSURL) {
        return Just(image).eraseToAnyPublisher()
      }
      return URLSession.shared.dataTaskPublisher(for: url)
        .map { UIImage(data: $0.data) }
        .catch { _ in Just(nil) }
        .handleEvents(receiveOutput: { [weak self] image in
          if let image { self?.cache.setObject(image, forKey: url as NSURL) }
        })
        .subscribe(on: DispatchQueue.global(qos: .background))
        .receive(on: DispatchQueue.main)
        .eraseToAnyPublisher()
    }
  }

  /// The cell of the fix: reuse cancels the load it was showing.
  final class CombinePhotoCell: UITableViewCell {
    var cancellable: AnyCancellable?

    override func prepareForReuse() {
      super.prepareForReuse()
      cancellable?.cancel()
      imageView?.image = nil
    }
  }

  /// The screen with the fix: each cell keeps its load's cancellable and cancels it on reuse.
  class CombinePhotosViewController: UITableViewController {
    var photoURLs: [URL] = []
    let loader = CombineImageLoader()

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(CombinePhotoCell.self, forCellReuseIdentifier: "photo")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      photoURLs.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
      let url = photoURLs[indexPath.row]
      cell.textLabel?.text = url.lastPathComponent
      load(url, into: cell)
      return cell
    }

    func load(_ url: URL, into cell: UITableViewCell) {
      let cell = cell as! CombinePhotoCell
      cell.cancellable = loader.loadImage(from: url).sink { [weak cell] in
        cell?.imageView?.image = $0
      }
    }
  }

  /// The classic bug in its Combine form: the subscriptions are kept by the screen, in a set, so
  /// nothing cancels a recycled cell's load, and nothing checks that the image is still wanted.
  /// (Keeping the cancellable on the cell would cancel the old load at the next assignment, even
  /// without the cancel in `prepareForReuse`.)
  final class LeakyCombinePhotosViewController: CombinePhotosViewController {
    var cancellables = Set<AnyCancellable>()

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "photo")
    }

    override func load(_ url: URL, into cell: UITableViewCell) {
      cell.imageView?.image = nil
      loader.loadImage(from: url)
        .sink { [weak cell] in cell?.imageView?.image = $0 }
        .store(in: &cancellables)
    }
  }

  /// Records the main run loop's mode at each delivery, with the deliveries on the main queue or
  /// on the main run loop.
  final class DeliveryModePhotosViewController: CombinePhotosViewController {
    var onRunLoop = false
    var modes: [RunLoop.Mode] = []

    override func load(_ url: URL, into cell: UITableViewCell) {
      let cell = cell as! CombinePhotoCell
      let images = URLSession.shared.dataTaskPublisher(for: url)
        .map { UIImage(data: $0.data) }
        .replaceError(with: nil)
      let delivered =
        onRunLoop
        ? images.receive(on: RunLoop.main).eraseToAnyPublisher()
        : images.receive(on: DispatchQueue.main).eraseToAnyPublisher()
      cell.cancellable = delivered.sink { [weak self, weak cell] image in
        self?.modes.append(RunLoop.main.currentMode ?? .default)
        cell?.imageView?.image = image
      }
    }
  }

  extension CombinePhotosViewController: PhotoListing {}

  @Suite("A Combine image loader in a hosted table")
  struct CombineImageLoaderTests {
    /// Latencies from 50 ms to 1.5 s and two flings: late loads land in recycled cells.
    static let yaml = """
      cellsim: 1
      name: "hosted: a Combine image loader"
      seed: 11
      table: {rows: 300}
      images:
        url: "https://img.test/{id}.png"
        fixtures: ["photos/*.png", "generated/size-640x427-rgb-8bit.png", "generated/size-256x256-palette-8bit.png"]
      network: {latency: {min: "50ms", max: "1500ms"}}
      events:
        - {at: "300ms", fling: {velocity: 3000}}
        - {at: "2s", fling: {velocity: 3000}}
      run_until: "8s"
      invariants: [no_cross_cell_image, eventually_loaded]
      """

    @Test("cancelling in prepareForReuse: no wrong image, every visible row loads, same digest")
    @MainActor func cancelOnReuse() throws {
      let (first, _) = try SectionSpacingTests.run(Self.yaml) { CombinePhotosViewController() }
      #expect(first.violations.isEmpty, "\(first.violations)")
      let (second, _) = try SectionSpacingTests.run(Self.yaml) { CombinePhotosViewController() }
      #expect(first.digest == second.digest)
    }

    @Test("receive(on: RunLoop.main) waits while the table scrolls; DispatchQueue.main does not")
    @MainActor func deliveryModes() throws {
      let (_, queue) = try SectionSpacingTests.run(Self.yaml) {
        DeliveryModePhotosViewController()
      }
      let (result, runLoop) = try SectionSpacingTests.run(Self.yaml) {
        () -> DeliveryModePhotosViewController in
        let controller = DeliveryModePhotosViewController()
        controller.onRunLoop = true
        return controller
      }
      #expect(queue.modes.contains(.tracking))
      #expect(!runLoop.modes.isEmpty && !runLoop.modes.contains(.tracking))
      #expect(result.violations.isEmpty, "\(result.violations)")
    }

    @Test("subscriptions kept by the screen, never cancelled: a neighbour's photo shows")
    @MainActor func leakyShowsWrongImage() throws {
      let (result, _) = try SectionSpacingTests.run(Self.yaml) {
        LeakyCombinePhotosViewController()
      }
      #expect(result.violations.violated.contains(.noCrossCellImage), "\(result.violations)")
    }
  }
#endif

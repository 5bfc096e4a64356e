// Written as iOS code: a grid bound to a view model's @Published list, as screens observe one.
// Linux only: on macOS `import Combine` is Apple's.
#if os(Linux)
  import CellSimUIKit
  import CellSimUIKitHost
  import Combine
  import Scenarios
  import TestSupport
  import Testing

  /// The list a grid observes.
  final class PhotoListModel {
    @Published var urls: [URL] = []
  }

  /// A grid that reloads whenever its model publishes. `@Published` sends before the new value
  /// is stored, so the counts read inside `reloadData()` itself are the old ones; UIKit's
  /// collection view reads them at its next layout pass, when the new list is there.
  final class PublishedGridViewController: UICollectionViewController {
    let model = PhotoListModel()
    var pending: [URL] = []
    /// How many of the rows the first list holds (all of them when nil).
    var firstPage: Int?
    /// Something the screen does later, on the main queue, at `laterAt` milliseconds.
    var later: ((PublishedGridViewController) -> Void)?
    var laterAt = 0
    var subscriptions = Set<AnyCancellable>()

    init() { super.init(collectionViewLayout: UICollectionViewFlowLayout()) }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
      super.viewDidLoad()
      collectionView.register(AlbumCell.self, forCellWithReuseIdentifier: "photo")
      model.$urls.sink { [weak self] _ in self?.collectionView.reloadData() }
        .store(in: &subscriptions)
      // The list arrives a main-queue turn later, as a fetch's result does.
      DispatchQueue.main.async {
        self.model.urls = Array(self.pending.prefix(self.firstPage ?? .max))
      }
      if let later {
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(laterAt)) { later(self) }
      }
    }

    override func collectionView(
      _ collectionView: UICollectionView, numberOfItemsInSection section: Int
    ) -> Int { model.urls.count }

    override func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      let cell =
        collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
        as! AlbumCell
      let url = model.urls[indexPath.item]
      cell.representedURL = url
      cell.imageView.image = nil
      URLSession.shared.dataTask(with: url) { data, _, _ in
        DispatchQueue.main.async {
          guard cell.representedURL == url, let data else { return }
          cell.imageView.image = UIImage(data: data)
        }
      }.resume()
      return cell
    }
  }

  @Suite("A collection view counts its items at the layout pass after reloadData")
  struct CollectionReloadCountTests {
    static func run(
      drag: Bool, _ configure: @escaping @MainActor (PublishedGridViewController) -> Void
    ) throws -> RunResult {
      let scenario = try Scenario(
        yaml: """
          cellsim: 1
          name: "a grid bound to a published list"
          seed: 8
          table: {rows: 90, columns: 3, row_height: 120}
          images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
          network: {latency: {min: "50ms", max: "150ms"}}
          events:
            - {at: "\(drag ? 300 : 3000)ms", drag: {by: 1500, over: "400ms"}}
            - {at: "\(drag ? 800 : 3000)ms", lift: {}}
          run_until: "3s"
          invariants: [no_cross_cell_image, eventually_loaded]
          """, fixturesRoot: Repository.fixtures)
      let screen = HostedScreen(
        makeViewController: { () -> PublishedGridViewController in
          let controller = PublishedGridViewController()
          configure(controller)
          return controller
        },
        rows: { controller, urls in controller.pending = urls })
      return try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    }

    @Test("a model emptied and refilled in one turn keeps the grid where it rests")
    func refillKeepsOffset() throws {
      let offsets = Box<[CGFloat]>([])
      let result = try Self.run(drag: true) { controller in
        controller.laterAt = 1500
        controller.later = { screen in
          offsets.value.append(screen.collectionView.contentOffset.y)
          let fresh = screen.model.urls
          screen.model.urls.removeAll()
          screen.model.urls.append(contentsOf: fresh)
          DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
            offsets.value.append(screen.collectionView.contentOffset.y)
          }
        }
      }
      #expect(offsets.value.count == 2 && offsets.value[0] > 1000, "\(offsets.value)")
      #expect(offsets.value.first == offsets.value.last, "\(offsets.value)")
      #expect(result.violations.isEmpty, "\(result.violations)")
    }

    @Test("layoutIfNeeded after a reload counts the new list, so scrollToItem reaches its item")
    func scrollAfterReload() throws {
      let seen = Box<(count: Int, first: Int?)>((0, nil))
      let result = try Self.run(drag: false) { controller in
        controller.firstPage = 20
        controller.laterAt = 1000
        controller.later = { screen in
          screen.model.urls = screen.pending
          screen.collectionView.layoutIfNeeded()
          let count = screen.collectionView.numberOfItems(inSection: 0)
          screen.collectionView.scrollToItem(
            at: IndexPath(item: 45, section: 0), at: .top, animated: false)
          DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
            let first = screen.collectionView.indexPathsForVisibleItems.map(\.item).min()
            seen.value = (count, first)
          }
        }
      }
      #expect(seen.value.count == 90)
      #expect(seen.value.first == 45, "first visible item: \(String(describing: seen.value.first))")
      #expect(result.violations.isEmpty, "\(result.violations)")
    }

    @Test("a list published in willSet is what the items show")
    func publishedListShows() throws {
      let result = try Self.run(drag: false) { _ in }
      #expect(result.metric(.decodes) > 10)
      #expect(result.violations.isEmpty, "\(result.violations)")
    }
  }
#endif

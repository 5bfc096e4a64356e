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
    var subscriptions = Set<AnyCancellable>()

    init() { super.init(collectionViewLayout: UICollectionViewFlowLayout()) }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
      super.viewDidLoad()
      collectionView.register(AlbumCell.self, forCellWithReuseIdentifier: "photo")
      model.$urls.sink { [weak self] _ in self?.collectionView.reloadData() }
        .store(in: &subscriptions)
      // The list arrives a main-queue turn later, as a fetch's result does.
      DispatchQueue.main.async { self.model.urls = self.pending }
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
    @Test("a list published in willSet is what the items show")
    func publishedListShows() throws {
      let scenario = try Scenario(
        yaml: """
          cellsim: 1
          name: "a grid bound to a published list"
          seed: 8
          table: {rows: 60, columns: 3, row_height: 120}
          images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
          network: {latency: {min: "50ms", max: "150ms"}}
          events:
            - {at: "800ms", drag: {by: 400, over: "400ms"}}
          run_until: "4s"
          invariants: [no_cross_cell_image, eventually_loaded]
          """, fixturesRoot: Repository.fixtures)
      let screen = HostedScreen(
        makeViewController: { PublishedGridViewController() },
        rows: { controller, urls in controller.pending = urls })
      let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
      #expect(result.metric(.decodes) > 10)
      #expect(result.violations.isEmpty, "\(result.violations)")
    }
  }
#endif

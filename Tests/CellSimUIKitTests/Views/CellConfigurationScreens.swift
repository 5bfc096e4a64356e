// iOS code as written for a device: only the import block differs.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// A list cell that builds its content configuration in `updateConfiguration(using:)`, from a
/// photo the controller sets on it.
final class PhotoListCell: UICollectionViewListCell {
  var photo: UIImage? {
    didSet { setNeedsUpdateConfiguration() }
  }
  var title: String?
  var updates = 0

  override func updateConfiguration(using state: UICellConfigurationState) {
    super.updateConfiguration(using: state)
    updates += 1
    var content = defaultContentConfiguration().updated(for: state)
    content.text = title
    content.image = photo
    content.imageProperties.tintColor = .secondaryLabel
    content.imageProperties.cornerRadius = 4
    contentConfiguration = content
    accessories = [.disclosureIndicator()]
  }
}

/// Photos in a diffable collection view whose cells update themselves: a loaded image is handed
/// to the visible cell, which asks for a configuration update.
final class UpdatingCellsViewController: UICollectionViewController {
  enum Section: Hashable, Sendable { case main }

  var photoURLs: [URL] = [] {
    didSet { if isViewLoaded { applySnapshot() } }
  }
  var images: [URL: UIImage] = [:]
  var loading: Set<URL> = []
  let placeholder = UIImage(systemName: "photo")
  var dataSource: UICollectionViewDiffableDataSource<Section, URL>!
  var log: [String] = []
  var displayed: [(updates: Int, accessories: Int)] = []
  var hits: [(found: IndexPath?, shown: IndexPath)] = []

  init() {
    super.init(
      collectionViewLayout: UICollectionViewCompositionalLayout.list(
        using: UICollectionLayoutListConfiguration(appearance: .plain)))
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let registration = UICollectionView.CellRegistration<PhotoListCell, URL> {
      [unowned self] cell, indexPath, url in
      cell.title = url.lastPathComponent
      cell.photo = images[url] ?? placeholder
      if images[url] == nil { load(url) }
    }
    dataSource = UICollectionViewDiffableDataSource<Section, URL>(
      collectionView: collectionView
    ) { collectionView, indexPath, url in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: url)
    }
    applySnapshot()
    Task {
      log.append("before")
      DispatchQueue.main.async { self.log.append("next turn") }
      await dataSource.apply(dataSource.snapshot(), animatingDifferences: false)
      log.append("resumed")
    }
  }

  override func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    guard let cell = cell as? PhotoListCell else { return }
    displayed.append((cell.updates, cell.accessories.count))
    // One item per row: the row under a point is its line of the list.
    let height = cell.bounds.height
    for shown in collectionView.indexPathsForVisibleItems {
      let point = CGPoint(x: 10, y: CGFloat(shown.item) * height + height / 2)
      hits.append((collectionView.indexPathForItem(at: point), shown))
    }
  }

  func applySnapshot() {
    var snapshot = NSDiffableDataSourceSnapshot<Section, URL>()
    snapshot.appendSections([.main])
    snapshot.appendItems(photoURLs)
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  func load(_ url: URL) {
    guard loading.insert(url).inserted else { return }
    DispatchQueue.global().async {
      let data = try? Data(contentsOf: url)
      DispatchQueue.main.async {
        self.loading.remove(url)
        guard let data, let image = UIImage(data: data) else { return }
        self.images[url] = image
        guard let indexPath = self.dataSource.indexPath(for: url),
          let cell = self.collectionView.cellForItem(at: indexPath) as? PhotoListCell
        else { return }
        cell.photo = image
      }
    }
  }
}

/// A table cell that shows its photo through a content configuration built in
/// `updateConfiguration(using:)`.
final class PhotoConfigurationTableCell: UITableViewCell {
  var photo: UIImage? {
    didSet { setNeedsUpdateConfiguration() }
  }

  override func updateConfiguration(using state: UICellConfigurationState) {
    var content = defaultContentConfiguration().updated(for: state)
    content.image = photo
    contentConfiguration = content
  }
}

/// A table of photos whose loaded images are handed to the visible cells.
final class UpdatingTableViewController: UITableViewController {
  var photoURLs: [URL] = [] {
    didSet { if isViewLoaded { tableView.reloadData() } }
  }
  var images: [URL: UIImage] = [:]
  var loading: Set<URL> = []
  let placeholder = UIImage(systemName: "photo")

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(PhotoConfigurationTableCell.self, forCellReuseIdentifier: "photo")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    photoURLs.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
      as! PhotoConfigurationTableCell
    let url = photoURLs[indexPath.row]
    cell.photo = images[url] ?? placeholder
    if images[url] == nil { load(url) }
    return cell
  }

  func load(_ url: URL) {
    guard loading.insert(url).inserted else { return }
    DispatchQueue.global().async {
      let data = try? Data(contentsOf: url)
      DispatchQueue.main.async {
        self.loading.remove(url)
        guard let data, let image = UIImage(data: data) else { return }
        self.images[url] = image
        guard let row = self.photoURLs.firstIndex(of: url),
          let cell = self.tableView.cellForRow(at: IndexPath(row: row, section: 0))
            as? PhotoConfigurationTableCell
        else { return }
        cell.photo = image
      }
    }
  }
}

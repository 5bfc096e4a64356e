// iOS code as written for a device: only the import block differs.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// A list of photos in a collection view with a diffable data source: images land in a cache and
/// reach the cells through `reconfigureItems` and `apply`, never by a direct set.
class DiffablePhotosViewController: UICollectionViewController {
  enum Section: Hashable, Sendable { case main }

  var photoURLs: [URL] = [] {
    didSet { if isViewLoaded { applySnapshot() } }
  }
  var images: [URL: UIImage] = [:]
  var loading: Set<URL> = []
  let placeholder = UIImage(systemName: "photo")
  var dataSource: UICollectionViewDiffableDataSource<Section, URL>!
  var displayedWidth: CGFloat = 0

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
    let registration = UICollectionView.CellRegistration<UICollectionViewListCell, URL> {
      [unowned self] cell, indexPath, url in
      configure(cell, url: url)
    }
    dataSource = UICollectionViewDiffableDataSource<Section, URL>(
      collectionView: collectionView
    ) { collectionView, indexPath, url in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: url)
    }
    applySnapshot()
  }

  func applySnapshot() {
    var snapshot = NSDiffableDataSourceSnapshot<Section, URL>()
    snapshot.appendSections([.main])
    snapshot.appendItems(photoURLs)
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  override func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    displayedWidth = cell.frame.width
  }

  func configure(_ cell: UICollectionViewListCell, url: URL) {
    var content = cell.defaultContentConfiguration()
    content.text = url.lastPathComponent
    content.image = images[url] ?? placeholder
    cell.contentConfiguration = content
    if images[url] == nil { load(url) }
  }

  func load(_ url: URL) {
    guard loading.insert(url).inserted else { return }
    DispatchQueue.global().async {
      let data = try? Data(contentsOf: url)
      DispatchQueue.main.async {
        self.loading.remove(url)
        guard let data, let image = UIImage(data: data) else { return }
        self.images[url] = image
        var snapshot = self.dataSource.snapshot()
        guard snapshot.indexOfItem(url) != nil else { return }
        snapshot.reconfigureItems([url])
        self.dataSource.apply(snapshot, animatingDifferences: true)
      }
    }
  }
}

/// The classic bug in this style: the completion writes the content configuration of the cell
/// it captured, whatever item that cell shows by then.
final class CapturingDiffableViewController: DiffablePhotosViewController {
  override func configure(_ cell: UICollectionViewListCell, url: URL) {
    var content = cell.defaultContentConfiguration()
    content.image = placeholder
    cell.contentConfiguration = content
    DispatchQueue.global().async {
      guard let data = try? Data(contentsOf: url) else { return }
      DispatchQueue.main.async {
        var loaded = cell.defaultContentConfiguration()
        loaded.image = UIImage(data: data)
        cell.contentConfiguration = loaded
      }
    }
  }
}

/// The same cache-and-reconfigure style with a table and a table diffable data source.
final class DiffableTableViewController: UIViewController {
  enum Section: Hashable, Sendable { case main }

  var photoURLs: [URL] = [] {
    didSet { if isViewLoaded { applySnapshot() } }
  }
  var images: [URL: UIImage] = [:]
  let tableView = UITableView(frame: .zero, style: .plain)
  var dataSource: UITableViewDiffableDataSource<Section, URL>!

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(tableView)
    tableView.register(PhotoCell.self, forCellReuseIdentifier: "photo")
    dataSource = UITableViewDiffableDataSource<Section, URL>(tableView: tableView) {
      [unowned self] tableView, indexPath, url in
      let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
      cell.imageView?.image = images[url] ?? UIImage(named: "placeholder")
      if images[url] == nil { load(url) }
      return cell
    }
    applySnapshot()
  }

  func applySnapshot() {
    var snapshot = NSDiffableDataSourceSnapshot<Section, URL>()
    snapshot.appendSections([.main])
    snapshot.appendItems(photoURLs)
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  func load(_ url: URL) {
    DispatchQueue.global().async {
      let data = try? Data(contentsOf: url)
      DispatchQueue.main.async {
        guard let data, let image = UIImage(data: data) else { return }
        self.images[url] = image
        var snapshot = self.dataSource.snapshot()
        guard snapshot.indexOfItem(url) != nil else { return }
        snapshot.reconfigureItems([url])
        self.dataSource.apply(snapshot)
      }
    }
  }
}

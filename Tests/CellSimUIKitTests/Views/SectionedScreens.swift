// iOS code as written for a device: only the import block differs. Screens whose model has
// several sections, hosted by HostedSectionsTests.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// Photos grouped by day, seven a day: a table of sections. The download's completion looks the
/// cell up again by index path, so an image reaches the right cell only if the table's index
/// paths are the app's sections and rows.
class DailyPhotosViewController: UITableViewController {
  var photoURLs: [URL] = []
  /// What the table asked for and told, as the app saw it.
  var configured: [IndexPath] = []
  var displayed: [IndexPath] = []
  var prefetched: [IndexPath] = []
  /// For each image set: whether the table gave back the same index path for the cell.
  var roundTrips: [Bool] = []

  static let perDay = 7

  var days: [[URL]] {
    stride(from: 0, to: photoURLs.count, by: Self.perDay).map {
      Array(photoURLs[$0..<min($0 + Self.perDay, photoURLs.count)])
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(PhotoCell.self, forCellReuseIdentifier: "photo")
    tableView.prefetchDataSource = self
  }

  override func numberOfSections(in tableView: UITableView) -> Int { days.count }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    days[section].count
  }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
    -> String?
  {
    "Day \(section + 1)"
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    configured.append(indexPath)
    let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath) as! PhotoCell
    let url = days[indexPath.section][indexPath.row]
    cell.imageView?.image = nil
    load(url, at: indexPath, in: tableView)
    return cell
  }

  override func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {
    displayed.append(indexPath)
  }

  func load(_ url: URL, at indexPath: IndexPath, in tableView: UITableView) {
    DispatchQueue.global().async {
      guard let data = try? Data(contentsOf: url) else { return }
      DispatchQueue.main.async {
        guard let cell = tableView.cellForRow(at: indexPath) else { return }
        self.roundTrips.append(tableView.indexPath(for: cell) == indexPath)
        cell.imageView?.image = UIImage(data: data)
      }
    }
  }
}

extension DailyPhotosViewController: UITableViewDataSourcePrefetching {
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
    prefetched += indexPaths
  }
}

/// The bug of a model that grew sections: the cell still reads the flat list by `row`, so every
/// section after the first shows the first section's photos.
final class FlatIndexDailyPhotosViewController: DailyPhotosViewController {
  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath) as! PhotoCell
    cell.imageView?.image = nil
    load(photoURLs[indexPath.row], at: indexPath, in: tableView)
    return cell
  }
}

/// A grid of albums, five photos each, through a diffable data source with a section per album;
/// the cell provider names the album, and the completion checks the cell still shows the item.
final class AlbumGridViewController: UICollectionViewController {
  var photoURLs: [URL] = [] {
    didSet { if isViewLoaded { applySnapshot() } }
  }
  var dataSource: UICollectionViewDiffableDataSource<Int, URL>!
  var providedSections: [Int] = []
  /// For each image set: whether the data source's item at the cell's index path is its URL.
  var itemChecks: [Bool] = []

  static let perAlbum = 5

  init() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 120, height: 120)
    super.init(collectionViewLayout: layout)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    let registration = UICollectionView.CellRegistration<AlbumCell, URL> {
      [unowned self] cell, _, url in
      cell.representedURL = url
      cell.imageView.image = nil
      DispatchQueue.global().async {
        guard let data = try? Data(contentsOf: url) else { return }
        DispatchQueue.main.async {
          guard cell.representedURL == url else { return }
          if let path = self.collectionView.indexPath(for: cell) {
            self.itemChecks.append(self.dataSource.itemIdentifier(for: path) == url)
          }
          cell.imageView.image = UIImage(data: data)
        }
      }
    }
    dataSource = UICollectionViewDiffableDataSource<Int, URL>(collectionView: collectionView) {
      [unowned self] collectionView, indexPath, url in
      if let album = dataSource.sectionIdentifier(for: indexPath.section) {
        providedSections.append(album)
      }
      return collectionView.dequeueConfiguredReusableCell(
        using: registration, for: indexPath, item: url)
    }
    applySnapshot()
  }

  func applySnapshot() {
    var snapshot = NSDiffableDataSourceSnapshot<Int, URL>()
    for (album, start) in stride(from: 0, to: photoURLs.count, by: Self.perAlbum).enumerated() {
      snapshot.appendSections([album])
      snapshot.appendItems(Array(photoURLs[start..<min(start + Self.perAlbum, photoURLs.count)]))
    }
    dataSource.apply(snapshot, animatingDifferences: false)
  }
}

final class AlbumCell: UICollectionViewCell {
  let imageView = UIImageView()
  var representedURL: URL?

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.addSubview(imageView)
  }

  required init?(coder: NSCoder) { nil }
}

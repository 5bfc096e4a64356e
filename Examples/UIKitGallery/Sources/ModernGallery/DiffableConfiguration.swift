#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

// Style 6: a diffable data source whose cells show a content configuration.
//
// The modern shape of Apple's own sample code: a collection view with a list layout, a
// `UICollectionView.CellRegistration` that builds a `UIListContentConfiguration` with the
// item's image, and a `UICollectionViewDiffableDataSource`. When an image arrives, the model
// keeps it and the snapshot reconfigures the item, so the registration runs again for
// whichever cell shows the item now.
//
// The classic bug: the download's completion sets a new configuration straight on the cell the
// registration handler was given, which a fast scroll has since handed to another item. The
// fix stores the image in the model and calls `reconfigureItems`.

/// One photo of the list.
struct Photo: Hashable, Identifiable, Sendable {
  let id: Int
  let url: URL
}

/// A list of photos with a diffable data source.
@MainActor
final class DiffableViewController: UIViewController {
  var photos: [Photo] = []
  let fixed: Bool
  var images: [Int: UIImage] = [:]
  var loading: Set<Int> = []
  var collectionView: UICollectionView!
  var dataSource: UICollectionViewDiffableDataSource<Int, Photo.ID>!

  init(fixed: Bool) {
    self.fixed = fixed
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func viewDidLoad() {
    super.viewDidLoad()
    let layout = UICollectionViewCompositionalLayout.list(
      using: UICollectionLayoutListConfiguration(appearance: .plain))
    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
    view.addSubview(collectionView)
    let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Photo.ID> {
      [weak self] cell, indexPath, id in
      self?.configure(cell, id: id)
    }
    dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
      collectionView, indexPath, id in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, Photo.ID>()
    snapshot.appendSections([0])
    snapshot.appendItems(photos.map(\.id))
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  func configure(_ cell: UICollectionViewListCell, id: Photo.ID) {
    var content = cell.defaultContentConfiguration()
    content.text = "Photo \(id)"
    content.image = images[id] ?? UIImage(systemName: "photo")
    cell.contentConfiguration = content
    guard images[id] == nil, !loading.contains(id), let photo = photos.first(where: { $0.id == id })
    else { return }
    loading.insert(id)
    URLSession.shared.dataTask(with: photo.url) { [weak self, weak cell] data, _, _ in
      let image = data.flatMap { UIImage(data: $0) }
      DispatchQueue.main.async {
        guard let self else { return }
        self.loading.remove(id)
        guard let image else { return }
        if self.fixed {
          self.images[id] = image
          var snapshot = self.dataSource.snapshot()
          snapshot.reconfigureItems([id])
          self.dataSource.apply(snapshot, animatingDifferences: false)
        } else if let cell {
          // The bug: this cell may show another photo by now.
          var content = cell.defaultContentConfiguration()
          content.text = "Photo \(id)"
          content.image = image
          cell.contentConfiguration = content
        }
      }
    }.resume()
  }
}

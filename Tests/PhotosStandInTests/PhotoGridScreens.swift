import Photos

// iOS code as written for a device (after Apple's "Browsing and Modifying Photo Albums"
// sample's grid): only the import block differs.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// The sample's grid cell: it remembers which asset it represents.
class GridViewCell: UICollectionViewCell {
  let imageView = UIImageView()
  var representedAssetIdentifier: String!
  /// Set by a screen that cancels on reuse.
  var requestID: PHImageRequestID?
  weak var imageManager: PHImageManager?

  var thumbnailImage: UIImage! {
    didSet { imageView.image = thumbnailImage }
  }

  override init(frame: CGRect) {
    super.init(frame: frame)
    imageView.frame = contentView.bounds
    contentView.addSubview(imageView)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    imageView.image = nil
    if let requestID, let imageManager {
      imageManager.cancelImageRequest(requestID)
    }
    requestID = nil
  }
}

/// The grid without the sample's guard: the result handler sets the thumbnail on whatever
/// asset the cell shows by the time it is called.
class UnguardedGridViewController: UICollectionViewController {
  var fetchResult: PHFetchResult<PHAsset>!
  let imageManager = PHCachingImageManager()
  var thumbnailSize: CGSize!

  init() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 120, height: 120)
    super.init(collectionViewLayout: layout)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(GridViewCell.self, forCellWithReuseIdentifier: "GridViewCell")
    if fetchResult == nil {
      let allPhotosOptions = PHFetchOptions()
      allPhotosOptions.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
      fetchResult = PHAsset.fetchAssets(with: allPhotosOptions)
    }
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    let scale = UIScreen.main.scale
    let cellSize = (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
    thumbnailSize = CGSize(width: cellSize.width * scale, height: cellSize.height * scale)
  }

  override func collectionView(
    _ collectionView: UICollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    fetchResult.count
  }

  override func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    let asset = fetchResult.object(at: indexPath.item)
    guard
      let cell = collectionView.dequeueReusableCell(
        withReuseIdentifier: "GridViewCell", for: indexPath) as? GridViewCell
    else { fatalError("Unexpected cell in collection view") }
    cell.representedAssetIdentifier = asset.localIdentifier
    configure(cell, asset: asset)
    return cell
  }

  func configure(_ cell: GridViewCell, asset: PHAsset) {
    imageManager.requestImage(
      for: asset, targetSize: thumbnailSize, contentMode: .aspectFill, options: nil,
      resultHandler: { image, _ in
        cell.thumbnailImage = image
      })
  }
}

/// The sample's grid: the handler sets the thumbnail only if the cell still represents the
/// asset it asked for.
class GuardedGridViewController: UnguardedGridViewController {
  override func configure(_ cell: GridViewCell, asset: PHAsset) {
    imageManager.requestImage(
      for: asset, targetSize: thumbnailSize, contentMode: .aspectFill, options: nil,
      resultHandler: { image, _ in
        // UIKit may have recycled this cell by the handler's activation time.
        // Set the cell's thumbnail image only if it's still showing the same asset.
        if cell.representedAssetIdentifier == asset.localIdentifier {
          cell.thumbnailImage = image
        }
      })
  }
}

/// No guard, but the cell cancels its request when it is reused: the old request's handler is
/// then never called.
final class CancellingGridViewController: UnguardedGridViewController {
  override func configure(_ cell: GridViewCell, asset: PHAsset) {
    cell.imageManager = imageManager
    cell.requestID = imageManager.requestImage(
      for: asset, targetSize: thumbnailSize, contentMode: .aspectFill, options: nil,
      resultHandler: { image, _ in
        cell.thumbnailImage = image
      })
  }
}

/// The guarded grid that preheats as it scrolls: it caches the screenful of items after the
/// visible ones and stops caching those more than a screenful behind.
class PreheatingGridViewController: GuardedGridViewController {
  var cachedItems: [Int] = []

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    updateCachedAssets()
  }

  override func scrollViewDidScroll(_ scrollView: UIScrollView) {
    updateCachedAssets()
  }

  func updateCachedAssets() {
    let visible = collectionView.indexPathsForVisibleItems.map(\.item)
    guard let first = visible.min(), let last = visible.max() else { return }
    let span = last - first + 1
    let wanted = Array(max(0, first - span)..<min(fetchResult.count, last + 1 + span))
    let added = wanted.filter { !cachedItems.contains($0) }
    let removed = cachedItems.filter { !wanted.contains($0) }
    imageManager.startCachingImages(
      for: added.map { fetchResult.object(at: $0) }, targetSize: thumbnailSize,
      contentMode: .aspectFill, options: nil)
    imageManager.stopCachingImages(
      for: removed.map { fetchResult.object(at: $0) }, targetSize: thumbnailSize,
      contentMode: .aspectFill, options: nil)
    cachedItems = wanted
  }
}

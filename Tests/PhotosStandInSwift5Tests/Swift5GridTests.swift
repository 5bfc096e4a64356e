import CellSimUIKitHost
import Photos
import Scenarios
import TestSupport
import Testing

// A photo grid as Swift 5 code writes it (options set up front, `[weak self]`, the request
// number kept on the cell and cancelled on reuse, the degraded flag read from the info
// dictionary): only the import block differs from the device's file.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

final class Swift5PhotoCell: UICollectionViewCell {
  let thumbnailView = UIImageView()
  var assetIdentifier: String?
  var requestID: PHImageRequestID = PHInvalidImageRequestID
  var imageManager: PHImageManager?
  var fullQualityShown = false

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.addSubview(thumbnailView)
  }

  required init?(coder: NSCoder) { nil }

  override func prepareForReuse() {
    super.prepareForReuse()
    imageManager?.cancelImageRequest(requestID)
    requestID = PHInvalidImageRequestID
    thumbnailView.image = nil
    fullQualityShown = false
  }
}

final class Swift5PhotoGridViewController: UICollectionViewController {
  var assets: PHFetchResult<PHAsset>?
  let imageManager = PHImageManager.default()
  let requestOptions: PHImageRequestOptions = {
    let options = PHImageRequestOptions()
    options.deliveryMode = .opportunistic
    options.resizeMode = .fast
    options.isNetworkAccessAllowed = true
    options.isSynchronous = false
    return options
  }()
  var degradedResults = 0

  init() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 100)
    super.init(collectionViewLayout: layout)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(Swift5PhotoCell.self, forCellWithReuseIdentifier: "photo")
    PHPhotoLibrary.requestAuthorization { [weak self] status in
      guard status == .authorized else { return }
      DispatchQueue.main.async { self?.collectionView.reloadData() }
    }
    let options = PHFetchOptions()
    options.predicate = NSPredicate(format: "mediaType == %d", PHAssetMediaType.image.rawValue)
    options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
    assets = PHAsset.fetchAssets(with: options)
  }

  override func collectionView(
    _ collectionView: UICollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    assets?.count ?? 0
  }

  override func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    let cell =
      collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
      as! Swift5PhotoCell
    guard let asset = assets?[indexPath.item] else { return cell }
    cell.assetIdentifier = asset.localIdentifier
    cell.imageManager = imageManager
    cell.requestID = imageManager.requestImage(
      for: asset, targetSize: CGSize(width: 200, height: 200), contentMode: .aspectFill,
      options: requestOptions
    ) { [weak self] image, info in
      if let degraded = info?[PHImageResultIsDegradedKey] as? NSNumber, degraded.boolValue {
        self?.degradedResults += 1
      } else {
        cell.fullQualityShown = true
      }
      cell.thumbnailView.image = image
    }
    return cell
  }
}

@Suite("A Swift 5 photo grid that cancels on reuse runs through the stand-in")
struct Swift5GridTests {
  @Test("cancelling in prepareForReuse keeps every cell on its own asset")
  func cancellingGridPasses() throws {
    let yaml = try String(
      contentsOf: Repository.url("Scenarios/invariants/no_cross_cell_image.yaml"),
      encoding: .utf8
    ).replacingOccurrences(of: "table: {rows: 300}", with: "table: {rows: 300, columns: 3}")
    let scenario = try Scenario(yaml: yaml, fixturesRoot: Repository.fixtures)
    var controller: Swift5PhotoGridViewController?
    let screen = HostedScreen(
      name: "swift5-photo-grid",
      makeViewController: { () -> Swift5PhotoGridViewController in
        let made = Swift5PhotoGridViewController()
        controller = made
        return made
      },
      rows: { _, urls in PHPhotoLibrary.fillSimulatedLibrary(with: urls) })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let degraded = try #require(controller).degradedResults
    #expect(degraded > 0)
  }
}

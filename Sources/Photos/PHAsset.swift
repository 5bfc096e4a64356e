public import CellSimUIKit

/// `PHObject`: a library object, equal to another with the same `localIdentifier`.
open class PHObject: NSObject, @unchecked Sendable {
  /// The identifier, unique in the world's library.
  open var localIdentifier: String { identifier }
  /// The identifier it was made with.
  let identifier: String

  /// An object with that identifier.
  init(localIdentifier: String) { identifier = localIdentifier }

  /// An object of no library, with an empty identifier (what a test double's initializer
  /// calls).
  public override init() { identifier = "" }

  /// Equal to a `PHObject` with the same `localIdentifier`, as Photos' objects are.
  open override func isEqual(_ object: Any?) -> Bool {
    (object as? PHObject)?.localIdentifier == localIdentifier
  }

  /// The identifier's hash.
  open override var hash: Int { localIdentifier.hashValue }
}

/// `PHAsset`: one image of the world's library (see the module's overview for where assets
/// come from).
///
/// Its pixel size is its PNG's, read from the bytes its URL serves (0×0 when the URL serves
/// none); its `creationDate` is fixed by its place (asset `i` is `i` minutes after the first,
/// from 2023-11-14 22:13:20 UTC); it is an `.image` of the user's library, not a favourite,
/// not hidden.
open class PHAsset: PHObject, @unchecked Sendable {
  /// The URL whose bytes are the asset's image.
  let url: URL
  /// The asset's place in the library.
  let index: Int
  /// The PNG's width in pixels.
  let width: Int
  /// The PNG's height in pixels.
  let height: Int

  /// The instant asset 0 was created (a fixed date: runs never read the real clock).
  static let firstCreation = Date(timeIntervalSince1970: 1_700_000_000)

  /// Asset `index` of the library, read from `url`.
  init(url: URL, index: Int, localIdentifier: String, width: Int, height: Int) {
    self.url = url
    self.index = index
    self.width = width
    self.height = height
    super.init(localIdentifier: localIdentifier)
  }

  /// An asset of no library (a test double's base, which overrides what it needs): 0×0, with
  /// no bytes to read (a request for it fails as a missing file).
  public override init() {
    url = URL(string: "https://photos.invalid/test-double")!
    index = 0
    width = 0
    height = 0
    super.init(localIdentifier: "")
  }

  /// `.image`.
  open var mediaType: PHAssetMediaType { .image }
  /// None.
  open var mediaSubtypes: PHAssetMediaSubtype { [] }
  /// `.typeUserLibrary`.
  open var sourceType: PHAssetSourceType { .typeUserLibrary }
  /// The image's width in pixels.
  open var pixelWidth: Int { width }
  /// The image's height in pixels.
  open var pixelHeight: Int { height }
  /// Asset `i`'s is `i` minutes after the first's.
  open var creationDate: Date? { Self.firstCreation.addingTimeInterval(Double(index) * 60) }
  /// The creation date.
  open var modificationDate: Date? { creationDate }
  /// 0 (a still image).
  open var duration: TimeInterval { 0 }
  /// False.
  open var isFavorite: Bool { false }
  /// False.
  open var isHidden: Bool { false }
  /// Nil.
  open var burstIdentifier: String? { nil }
  /// False.
  open var representsBurst: Bool { false }

  /// `canPerform(_:)`: false (the library is read-only in a run).
  open func canPerform(_ editOperation: PHAssetEditOperation) -> Bool { false }

  // MARK: Fetching

  /// `fetchAssets(with:)`: every asset of the calling world's library, in its order unless
  /// `options` sorts them (`PHFetchOptions`); none without access (a status other than
  /// `.authorized` or `.limited`).
  open class func fetchAssets(with options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
    PHFetchResult(
      fetching(LibraryState.current(for: "PHAsset.fetchAssets").readableAssets, options))
  }

  /// `fetchAssets(with:options:)`: the assets of `mediaType` (every asset is an image).
  open class func fetchAssets(with mediaType: PHAssetMediaType, options: PHFetchOptions?)
    -> PHFetchResult<PHAsset>
  {
    let assets = LibraryState.current(for: "PHAsset.fetchAssets").readableAssets
    return PHFetchResult(fetching(assets.filter { $0.mediaType == mediaType }, options))
  }

  /// `fetchAssets(in:options:)`: the collection's assets (a smart album of the library holds
  /// every asset; other collections hold none); none without access.
  open class func fetchAssets(in assetCollection: PHAssetCollection, options: PHFetchOptions?)
    -> PHFetchResult<PHAsset>
  {
    let state = LibraryState.current(for: "PHAsset.fetchAssets")
    return PHFetchResult(
      fetching(state.canRead ? assetCollection.assets : [], options))
  }

  /// `fetchAssets(withLocalIdentifiers:options:)`: the assets with those identifiers, in the
  /// identifiers' order (unknown ones are skipped).
  open class func fetchAssets(withLocalIdentifiers identifiers: [String], options: PHFetchOptions?)
    -> PHFetchResult<PHAsset>
  {
    let assets = LibraryState.current(for: "PHAsset.fetchAssets").readableAssets
    let found = identifiers.compactMap { identifier in
      assets.first { $0.localIdentifier == identifier }
    }
    return PHFetchResult(fetching(found, options))
  }

  /// `fetchKeyAssets(in:options:)`: the collection's first asset.
  open class func fetchKeyAssets(in assetCollection: PHAssetCollection, options: PHFetchOptions?)
    -> PHFetchResult<PHAsset>?
  {
    PHFetchResult(Array(fetching(assetCollection.assets, options).prefix(1)))
  }

  /// `assets` sorted and limited as `options` say: by the first sort descriptor on
  /// `creationDate` or `modificationDate` (both follow the place, and no two assets share one;
  /// descriptors on other keys are ignored), then cut to `fetchLimit`. The predicate is ignored.
  static func fetching(_ assets: [PHAsset], _ options: PHFetchOptions?) -> [PHAsset] {
    guard let options else { return assets }
    var result = assets
    let dated = (options.sortDescriptors ?? []).first {
      $0.key == "creationDate" || $0.key == "modificationDate"
    }
    if let dated {
      result.sort { dated.ascending ? $0.index < $1.index : $0.index > $1.index }
    }
    if options.fetchLimit > 0 { result = Array(result.prefix(options.fetchLimit)) }
    return result
  }
}

/// `PHAssetEditOperation`.
public enum PHAssetEditOperation: Int, Sendable {
  /// `.delete`.
  case delete = 1
  /// `.content`.
  case content = 2
  /// `.properties`.
  case properties = 3
}

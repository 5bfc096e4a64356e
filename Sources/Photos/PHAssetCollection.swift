public import CellSimUIKit

/// `PHCollection`: an album or a folder.
open class PHCollection: PHObject, @unchecked Sendable {
  /// The title it was made with.
  let title: String?

  /// A collection with that identifier and title.
  init(localIdentifier: String, title: String?) {
    self.title = title
    super.init(localIdentifier: localIdentifier)
  }

  /// The title.
  open var localizedTitle: String? { title }
  /// Whether it holds assets.
  open var canContainAssets: Bool { false }
  /// Whether it holds collections.
  open var canContainCollections: Bool { false }

  /// `fetchTopLevelUserCollections(with:)`: none (a run's library has no albums of the user's).
  open class func fetchTopLevelUserCollections(with options: PHFetchOptions?)
    -> PHFetchResult<PHCollection>
  {
    PHFetchResult([])
  }
}

/// `PHAssetCollection`: an album. A run's library has one smart album, "Recents"
/// (`.smartAlbumUserLibrary`), holding every asset; it has no user albums.
open class PHAssetCollection: PHCollection, @unchecked Sendable {
  /// The album's assets, in the library's order.
  let assets: [PHAsset]
  /// Its type.
  let type: PHAssetCollectionType
  /// Its subtype.
  let subtype: PHAssetCollectionSubtype

  /// An album of `assets`.
  init(
    localIdentifier: String, title: String, type: PHAssetCollectionType,
    subtype: PHAssetCollectionSubtype, assets: [PHAsset]
  ) {
    self.assets = assets
    self.type = type
    self.subtype = subtype
    super.init(localIdentifier: localIdentifier, title: title)
  }

  /// True.
  open override var canContainAssets: Bool { true }
  /// The album's type.
  open var assetCollectionType: PHAssetCollectionType { type }
  /// The album's subtype.
  open var assetCollectionSubtype: PHAssetCollectionSubtype { subtype }
  /// The number of assets.
  open var estimatedAssetCount: Int { assets.count }
  /// The first asset's creation date.
  open var startDate: Date? { assets.first?.creationDate }
  /// The last asset's creation date.
  open var endDate: Date? { assets.last?.creationDate }

  /// `fetchAssetCollections(with:subtype:options:)`: "Recents" for `.smartAlbum` with
  /// `.smartAlbumUserLibrary` or `.any`; nothing for any other type or subtype.
  open class func fetchAssetCollections(
    with type: PHAssetCollectionType, subtype: PHAssetCollectionSubtype, options: PHFetchOptions?
  ) -> PHFetchResult<PHAssetCollection> {
    let state = LibraryState.current(for: "PHAssetCollection.fetchAssetCollections")
    guard type == .smartAlbum, subtype == .smartAlbumUserLibrary || subtype == .any else {
      return PHFetchResult([])
    }
    return PHFetchResult([state.recents])
  }

  /// `fetchAssetCollections(withLocalIdentifiers:options:)`: "Recents" if its identifier is
  /// asked for.
  open class func fetchAssetCollections(
    withLocalIdentifiers identifiers: [String], options: PHFetchOptions?
  ) -> PHFetchResult<PHAssetCollection> {
    let state = LibraryState.current(for: "PHAssetCollection.fetchAssetCollections")
    let recents = state.recents
    return PHFetchResult(identifiers.contains(recents.localIdentifier) ? [recents] : [])
  }

  /// `fetchAssetCollectionsContaining(_:with:options:)`: "Recents" for `.smartAlbum`.
  open class func fetchAssetCollectionsContaining(
    _ asset: PHAsset, with type: PHAssetCollectionType, options: PHFetchOptions?
  ) -> PHFetchResult<PHAssetCollection> {
    fetchAssetCollections(with: type, subtype: .any, options: options)
  }
}

/// `PHCollectionList`: a folder of collections. A run's library has none.
open class PHCollectionList: PHCollection, @unchecked Sendable {
  /// True.
  open override var canContainCollections: Bool { true }

  /// `fetchCollectionLists(with:subtype:options:)`: none.
  open class func fetchCollectionLists(
    with collectionListType: PHCollectionListType, subtype: PHCollectionListSubtype,
    options: PHFetchOptions?
  ) -> PHFetchResult<PHCollectionList> {
    PHFetchResult([])
  }
}

extension PHCollection {
  /// `fetchCollections(in:options:)`: none (no folder holds anything).
  public class func fetchCollections(in collectionList: PHCollectionList, options: PHFetchOptions?)
    -> PHFetchResult<PHCollection>
  {
    PHFetchResult([])
  }
}

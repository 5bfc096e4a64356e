// PhotoKit's enumerations, with Apple's raw values.

/// `PHAssetMediaType`. Every asset of a run's library is an `.image`.
public enum PHAssetMediaType: Int, Sendable {
  /// `.unknown`.
  case unknown = 0
  /// `.image`.
  case image = 1
  /// `.video`.
  case video = 2
  /// `.audio`.
  case audio = 3
}

/// `PHAssetMediaSubtype`. A run's assets have none.
public struct PHAssetMediaSubtype: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: UInt
  /// Subtypes of `rawValue`.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// `.photoPanorama`.
  public static let photoPanorama = PHAssetMediaSubtype(rawValue: 1 << 0)
  /// `.photoHDR`.
  public static let photoHDR = PHAssetMediaSubtype(rawValue: 1 << 1)
  /// `.photoScreenshot`.
  public static let photoScreenshot = PHAssetMediaSubtype(rawValue: 1 << 2)
  /// `.photoLive`.
  public static let photoLive = PHAssetMediaSubtype(rawValue: 1 << 3)
  /// `.photoDepthEffect`.
  public static let photoDepthEffect = PHAssetMediaSubtype(rawValue: 1 << 4)
  /// `.videoStreamed`.
  public static let videoStreamed = PHAssetMediaSubtype(rawValue: 1 << 16)
  /// `.videoHighFrameRate`.
  public static let videoHighFrameRate = PHAssetMediaSubtype(rawValue: 1 << 17)
  /// `.videoTimelapse`.
  public static let videoTimelapse = PHAssetMediaSubtype(rawValue: 1 << 18)
}

/// `PHAssetSourceType`. A run's assets are `.typeUserLibrary`.
public struct PHAssetSourceType: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: UInt
  /// Source types of `rawValue`.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// `.typeUserLibrary`.
  public static let typeUserLibrary = PHAssetSourceType(rawValue: 1 << 0)
  /// `.typeCloudShared`.
  public static let typeCloudShared = PHAssetSourceType(rawValue: 1 << 1)
  /// `.typeiTunesSynced`.
  public static let typeiTunesSynced = PHAssetSourceType(rawValue: 1 << 2)
}

/// `PHImageContentMode`: how the delivered image fits the target size.
public enum PHImageContentMode: Int, Sendable {
  /// `.aspectFit`: the whole image fits inside the target size.
  case aspectFit = 0
  /// `.aspectFill`: the image covers the target size (it is not cropped).
  case aspectFill = 1
  /// `.default`: `.aspectFit`.
  public static var `default`: PHImageContentMode { .aspectFit }
}

/// `PHImageRequestOptionsDeliveryMode` (see `PHImageManager` for what each delivers here).
public enum PHImageRequestOptionsDeliveryMode: Int, Sendable {
  /// `.opportunistic`: an asynchronous request gets a degraded image first, then the full one.
  case opportunistic = 0
  /// `.highQualityFormat`: one call, with the full-quality image.
  case highQualityFormat = 1
  /// `.fastFormat`: one call, with the low-quality image.
  case fastFormat = 2
}

/// `PHImageRequestOptionsResizeMode`.
public enum PHImageRequestOptionsResizeMode: Int, Sendable {
  /// `.none`: the full-size image.
  case none = 0
  /// `.fast`: resized to about the target size (the default).
  case fast = 1
  /// `.exact`: resized to the target size (here as `.fast`: the image is not cropped).
  case exact = 2
}

/// `PHImageRequestOptionsVersion` (kept; a run's assets have no adjustments).
public enum PHImageRequestOptionsVersion: Int, Sendable {
  /// `.current`.
  case current = 0
  /// `.unadjusted`.
  case unadjusted = 1
  /// `.original`.
  case original = 2
}

/// `PHAuthorizationStatus`.
public enum PHAuthorizationStatus: Int, Sendable {
  /// `.notDetermined`.
  case notDetermined = 0
  /// `.restricted`.
  case restricted = 1
  /// `.denied`.
  case denied = 2
  /// `.authorized`: a run's library starts so.
  case authorized = 3
  /// `.limited` (iOS 14).
  case limited = 4
}

/// `PHAccessLevel` (iOS 14).
public enum PHAccessLevel: Int, Sendable {
  /// `.addOnly`.
  case addOnly = 1
  /// `.readWrite`.
  case readWrite = 2
}

/// `PHAssetCollectionType`.
public enum PHAssetCollectionType: Int, Sendable {
  /// `.album`.
  case album = 1
  /// `.smartAlbum`.
  case smartAlbum = 2
  /// `.moment`.
  case moment = 3
}

/// `PHAssetCollectionSubtype`, the subtypes grids ask for.
public enum PHAssetCollectionSubtype: Int, Sendable {
  /// `.albumRegular`.
  case albumRegular = 2
  /// `.albumSyncedEvent`.
  case albumSyncedEvent = 3
  /// `.albumSyncedFaces`.
  case albumSyncedFaces = 4
  /// `.albumSyncedAlbum`.
  case albumSyncedAlbum = 5
  /// `.albumImported`.
  case albumImported = 6
  /// `.albumMyPhotoStream`.
  case albumMyPhotoStream = 100
  /// `.albumCloudShared`.
  case albumCloudShared = 101
  /// `.smartAlbumGeneric`.
  case smartAlbumGeneric = 200
  /// `.smartAlbumPanoramas`.
  case smartAlbumPanoramas = 201
  /// `.smartAlbumVideos`.
  case smartAlbumVideos = 202
  /// `.smartAlbumFavorites`.
  case smartAlbumFavorites = 203
  /// `.smartAlbumTimelapses`.
  case smartAlbumTimelapses = 204
  /// `.smartAlbumAllHidden`.
  case smartAlbumAllHidden = 205
  /// `.smartAlbumRecentlyAdded`.
  case smartAlbumRecentlyAdded = 206
  /// `.smartAlbumBursts`.
  case smartAlbumBursts = 207
  /// `.smartAlbumSlomoVideos`.
  case smartAlbumSlomoVideos = 208
  /// `.smartAlbumUserLibrary`: the library's every asset ("Recents").
  case smartAlbumUserLibrary = 209
  /// `.smartAlbumSelfPortraits`.
  case smartAlbumSelfPortraits = 210
  /// `.smartAlbumScreenshots`.
  case smartAlbumScreenshots = 211
  /// `.smartAlbumDepthEffect`.
  case smartAlbumDepthEffect = 212
  /// `.smartAlbumLivePhotos`.
  case smartAlbumLivePhotos = 213
  /// `.smartAlbumAnimated`.
  case smartAlbumAnimated = 214
  /// `.smartAlbumLongExposures`.
  case smartAlbumLongExposures = 215
  /// `.any`.
  case any = 9_223_372_036_854_775_807
}

/// `PHCollectionListType`.
public enum PHCollectionListType: Int, Sendable {
  /// `.momentList`.
  case momentList = 1
  /// `.folder`.
  case folder = 2
  /// `.smartFolder`.
  case smartFolder = 3
}

/// `PHCollectionListSubtype`.
public enum PHCollectionListSubtype: Int, Sendable {
  /// `.momentListCluster`.
  case momentListCluster = 1
  /// `.momentListYear`.
  case momentListYear = 2
  /// `.regularFolder`.
  case regularFolder = 100
  /// `.smartFolderEvents`.
  case smartFolderEvents = 200
  /// `.smartFolderFaces`.
  case smartFolderFaces = 201
  /// `.any`.
  case any = 9_223_372_036_854_775_807
}

public import CellSimUIKit

/// `PHAssetResourceType`, the types a run's assets can have.
public enum PHAssetResourceType: Int, Sendable {
  /// `.photo`: every asset of a run's library has one.
  case photo = 1
  /// `.video`.
  case video = 2
  /// `.audio`.
  case audio = 3
  /// `.alternatePhoto`.
  case alternatePhoto = 4
  /// `.fullSizePhoto`.
  case fullSizePhoto = 5
  /// `.fullSizeVideo`.
  case fullSizeVideo = 6
  /// `.adjustmentData`.
  case adjustmentData = 7
  /// `.adjustmentBasePhoto`.
  case adjustmentBasePhoto = 8
  /// `.pairedVideo`.
  case pairedVideo = 9
}

/// `PHAssetResource`: the file behind an asset. A run's asset has one, a PNG photo named as
/// its URL's last path component (what code that shows or exports `originalFilename` reads).
open class PHAssetResource: NSObject, @unchecked Sendable {
  /// `.photo`.
  public let type: PHAssetResourceType
  /// The asset's identifier.
  public let assetLocalIdentifier: String
  /// `public.png`.
  public let uniformTypeIdentifier: String
  /// The URL's last path component.
  public let originalFilename: String

  /// The resource of `asset`.
  init(asset: PHAsset) {
    type = .photo
    assetLocalIdentifier = asset.localIdentifier
    uniformTypeIdentifier = "public.png"
    originalFilename = asset.url.lastPathComponent
  }

  /// `assetResources(for:)`: the asset's one photo resource.
  open class func assetResources(for asset: PHAsset) -> [PHAssetResource] {
    [PHAssetResource(asset: asset)]
  }
}

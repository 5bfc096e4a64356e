public import CellSimUIKit

/// `PHAssetImageProgressHandler`: kept, never called (reads report no progress).
public typealias PHAssetImageProgressHandler = (
  Double, (any Error)?, UnsafeMutablePointer<ObjCBool>, [AnyHashable: Any]?
) -> Void

/// `PHImageRequestOptions`: how a request delivers (see `PHImageManager`). Copied when a
/// request starts, so a later change affects later requests only.
open class PHImageRequestOptions: NSObject, NSCopying, @unchecked Sendable {
  /// Kept (a run's assets have no adjustments).
  open var version: PHImageRequestOptionsVersion = .current
  /// `.opportunistic` unless set.
  open var deliveryMode: PHImageRequestOptionsDeliveryMode = .opportunistic
  /// `.fast` unless set (Apple's `resizeMode` page gives `.fast` as the default).
  open var resizeMode: PHImageRequestOptionsResizeMode = .fast
  /// Kept, not applied (images are not cropped).
  open var normalizedCropRect: CGRect = .zero
  /// Kept: the library reads every asset through the world's network either way.
  open var isNetworkAccessAllowed = false
  /// Whether `requestImage` blocks the calling thread and calls the handler once, there.
  open var isSynchronous = false
  /// Kept, never called.
  open var progressHandler: PHAssetImageProgressHandler?
  /// Kept (iOS 17).
  open var allowSecondaryDegradedImage = false

  /// The default options.
  public override init() {}

  /// A copy with the same values.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = PHImageRequestOptions()
    copy.version = version
    copy.deliveryMode = deliveryMode
    copy.resizeMode = resizeMode
    copy.normalizedCropRect = normalizedCropRect
    copy.isNetworkAccessAllowed = isNetworkAccessAllowed
    copy.isSynchronous = isSynchronous
    copy.progressHandler = progressHandler
    copy.allowSecondaryDegradedImage = allowSecondaryDegradedImage
    return copy
  }
}

public import CellSimUIKit
import SimPlatform

/// `PHImageManager`: images of the world's library assets, read through the world's network
/// and rendered on a worker (see the module's overview).
///
/// Modelled as Apple's header and pages describe it:
/// - An asynchronous request (`isSynchronous` false, the default) returns its number at once;
///   the handler is always called on the main thread, later ("resultHandler for asynchronous
///   requests, always called on main thread"; the stand-in never calls it before the method
///   returns). The asset is read once however many requests ask for it meanwhile; then a
///   worker of Photos' concurrent queue decodes and resizes at the device's costs.
/// - `.opportunistic` (the default): two calls, a degraded image first (a quarter of the
///   full one's sides; `PHImageResultIsDegradedKey` true), then the full-quality one (false).
///   `.highQualityFormat`: one call, full quality. `.fastFormat`: one call, with the
///   low-quality image (the degraded key false: nothing follows it).
/// - An image a caching manager has ready for the asset, size and content mode is delivered in
///   one call, without a read or a degraded image ("If the image manager has already cached the
///   requested image at full quality, Photos calls your result handler only once"). A plain
///   manager (`default()` included) keeps nothing: each request reads its asset again.
/// - `isSynchronous` true: the calling thread blocks (it must be blocking code) while the
///   asset is read and rendered, and the handler is called exactly once, on that thread,
///   before the method returns; such a request cannot be cancelled.
/// - `cancelImageRequest(_:)`: the handler is not called again ("If the request is cancelled,
///   resultHandler may not be called at all"); a read nobody else waits for is cancelled on
///   the network. Cancelling a finished, synchronous or unknown request does nothing.
/// - A read that fails calls the handler once with a nil image and `PHImageErrorKey` (a
///   `URLError` of the transfer, or a Cocoa error for a 404 or bytes that do not decode).
/// - Sizes are in pixels: the image fits (`.aspectFit`) or covers (`.aspectFill`) the target
///   size, never scaled up, never cropped; `PHImageManagerMaximumSize` or `.none` give the
///   full-size image.
open class PHImageManager: NSObject, @unchecked Sendable {
  /// A manager of its own.
  public override init() {}

  /// `default()`: the calling world's shared manager.
  open class func `default`() -> PHImageManager {
    let state = LibraryState.current(for: "PHImageManager.default()")
    if let manager = state.defaultManager { return manager }
    let manager = PHImageManager()
    state.defaultManager = manager
    return manager
  }

  /// `requestImage(for:targetSize:contentMode:options:resultHandler:)` (see the type's notes).
  @discardableResult
  open func requestImage(
    for asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHImageRequestOptions?,
    resultHandler: @escaping (UIImage?, [AnyHashable: Any]?) -> Void
  ) -> PHImageRequestID {
    let state = LibraryState.current(for: "PHImageManager.requestImage")
    let options = (options?.copy() as? PHImageRequestOptions) ?? PHImageRequestOptions()
    let id = state.nextRequestID()
    let plan = RenderPlan(
      asset: asset, targetSize: targetSize, contentMode: contentMode,
      resizeMode: options.resizeMode)
    ImageRequest.trace(
      request: id, asset: asset, target: plan.targetText, mode: contentMode,
      delivery: options.deliveryMode, synchronous: options.isSynchronous, in: state)
    let cached = cachedImage(for: asset, targetSize: targetSize, contentMode: contentMode)
    if options.isSynchronous {
      requestSynchronously(
        id: id, asset: asset, plan: plan, delivery: options.deliveryMode, cached: cached,
        state: state, resultHandler)
      return id
    }
    let request = ImageRequest(
      id: id, asset: asset, kind: .image(resultHandler, plan, options.deliveryMode),
      state: state)
    state.requests[id] = request
    if let full = cached?.full {
      request.deliverLater(full, degraded: false, from: "cache")
    } else {
      if let low = cached?.low, options.deliveryMode == .opportunistic {
        request.deliverLater(low, degraded: true, from: "cache")
        request.skipsDegraded = true
      }
      request.start()
    }
    return id
  }

  /// A synchronous request: read, render and call the handler on the calling thread.
  func requestSynchronously(
    id: PHImageRequestID, asset: PHAsset, plan: RenderPlan,
    delivery: PHImageRequestOptionsDeliveryMode, cached: CachedImage?, state: LibraryState,
    _ handler: (UIImage?, [AnyHashable: Any]?) -> Void
  ) {
    var image: UIImage?
    var failure: (any Error)?
    var origin = "library"
    if let full = cached?.full {
      image = full
      origin = "cache"
    } else {
      do {
        let data = try Data(contentsOf: asset.url)
        if let source = UIImage(data: data) {
          image = RenderPlan.render(
            source, longest: delivery == .fastFormat ? plan.degradedLongest : plan.longest)
        } else {
          failure = CocoaError(.fileReadCorruptFile, userInfo: [NSURLErrorKey: asset.url])
        }
      } catch {
        failure = error
      }
    }
    ImageRequest.trace(delivery: id, image: image, degraded: false, from: origin, in: state)
    handler(image, ImageRequest.info(id: id, degraded: false, error: failure))
  }

  /// `requestImageDataAndOrientation(for:options:resultHandler:)`: the asset's bytes (a PNG,
  /// `public.png`, orientation `.up`), in one call; `deliveryMode` is ignored. Asynchronous
  /// requests call the handler on the main thread; synchronous ones on the calling thread,
  /// before returning.
  @discardableResult
  open func requestImageDataAndOrientation(
    for asset: PHAsset, options: PHImageRequestOptions?,
    resultHandler:
      @escaping (Data?, String?, CGImagePropertyOrientation, [AnyHashable: Any]?)
      -> Void
  ) -> PHImageRequestID {
    let state = LibraryState.current(for: "PHImageManager.requestImageDataAndOrientation")
    let id = state.nextRequestID()
    let synchronous = options?.isSynchronous ?? false
    ImageRequest.trace(
      request: id, asset: asset, target: "data", mode: nil, delivery: nil,
      synchronous: synchronous, in: state)
    if synchronous {
      var data: Data?
      var failure: (any Error)?
      do { data = try Data(contentsOf: asset.url) } catch { failure = error }
      ImageRequest.trace(delivery: id, bytes: data?.count, in: state)
      resultHandler(
        data, data == nil ? nil : "public.png", .up,
        ImageRequest.info(id: id, degraded: false, error: failure))
      return id
    }
    let request = ImageRequest(id: id, asset: asset, kind: .data(resultHandler), state: state)
    state.requests[id] = request
    request.start()
    return id
  }

  /// `requestImageData(for:options:resultHandler:)` (deprecated in iOS 13 for
  /// `requestImageDataAndOrientation`): the same bytes, with UIKit's orientation (`.up`).
  @available(iOS, introduced: 8.0, deprecated: 13.0)
  @discardableResult
  open func requestImageData(
    for asset: PHAsset, options: PHImageRequestOptions?,
    resultHandler: @escaping (Data?, String?, UIImage.Orientation, [AnyHashable: Any]?) -> Void
  ) -> PHImageRequestID {
    requestImageDataAndOrientation(for: asset, options: options) { data, uti, _, info in
      resultHandler(data, uti, .up, info)
    }
  }

  /// `cancelImageRequest(_:)` (see the type's notes). Outside any world (a cell's `deinit`
  /// after the run) nothing is in flight, and it does nothing.
  open func cancelImageRequest(_ requestID: PHImageRequestID) {
    guard let world = SimulationContext.world else { return }
    LibraryState.of(world).requests[requestID]?.cancel()
  }

  /// What the manager holds for `asset` at that size and mode (a caching manager's preheated
  /// images); nil for a plain manager.
  func cachedImage(for asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode)
    -> CachedImage?
  {
    nil
  }
}

/// An image a caching manager holds for a request: the full-quality one, or only a degraded
/// one (with `allowsCachingHighQualityImages` false).
struct CachedImage {
  /// The full-quality image, if cached.
  var full: UIImage?
  /// The low-quality image, if that is what was cached.
  var low: UIImage?
}

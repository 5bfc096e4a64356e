import CellSimUIKit
import SimKernel
import SimPlatform

/// The size a request's images are rendered at: the longer side of the full image and of the
/// degraded one, in pixels (nil: the image at its own size).
struct RenderPlan {
  /// The full-quality image's longer side (nil: full size).
  let longest: Int?
  /// The degraded image's longer side: a quarter of the full one's (at least a pixel).
  let degradedLongest: Int
  /// The target as traced: `WxH`, or `max`.
  let targetText: String

  /// The plan for `asset` at `targetSize`: `PHImageManagerMaximumSize` (or a size without
  /// area) and `.none` give the full-size image; otherwise the image is scaled to fit
  /// (`.aspectFit`) or cover (`.aspectFill`) the target, never up, and not cropped.
  init(
    asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode,
    resizeMode: PHImageRequestOptionsResizeMode
  ) {
    let width = Double(asset.pixelWidth)
    let height = Double(asset.pixelHeight)
    let maximum = targetSize.width <= 0 || targetSize.height <= 0
    targetText = maximum ? "max" : "\(Int(targetSize.width))x\(Int(targetSize.height))"
    var longest: Int?
    if !maximum, resizeMode != .none {
      if width > 0, height > 0 {
        let fitWidth = Double(targetSize.width) / width
        let fitHeight = Double(targetSize.height) / height
        let factor =
          contentMode == .aspectFill ? max(fitWidth, fitHeight) : min(fitWidth, fitHeight)
        if factor < 1 { longest = max(1, Int((max(width, height) * factor).rounded(.up))) }
      } else {
        longest = max(1, Int(max(targetSize.width, targetSize.height)))
      }
    }
    self.longest = longest
    let base = longest ?? max(1, Int(max(width, height)))
    degradedLongest = max(1, (base + 3) / 4)
  }

  /// `source` scaled down to `longest` pixels on its longer side on the calling thread, at
  /// the device's decode and resample costs (`preparingThumbnail(of:)`), or decoded at its
  /// size (`preparingForDisplay()`) for nil.
  static func render(_ source: UIImage, longest: Int?) -> UIImage? {
    guard let longest else { return source.preparingForDisplay() }
    // A square box half a pixel larger: the thumbnail's longer side is then `longest` exactly.
    let side = Double(longest) + 0.5
    return source.preparingThumbnail(of: CGSize(width: side, height: side))
  }
}

/// One asynchronous request of an image manager: it waits for the asset's read, renders on a
/// worker of Photos' queue, and delivers on the main queue, unless it is cancelled first.
final class ImageRequest: @unchecked Sendable {
  /// What the request hands back.
  enum Kind {
    /// `requestImage`: images (a degraded one first, as the delivery mode says).
    case image(
      (UIImage?, [AnyHashable: Any]?) -> Void, RenderPlan, PHImageRequestOptionsDeliveryMode)
    /// `requestImageDataAndOrientation`: the bytes, once.
    case data((Data?, String?, CGImagePropertyOrientation, [AnyHashable: Any]?) -> Void)
  }

  /// The request's number.
  let id: PHImageRequestID
  /// The asset it reads.
  let asset: PHAsset
  /// What it hands back, to which handler.
  let kind: Kind
  /// The library it was made in (which holds it while it is pending).
  unowned let state: LibraryState
  /// The number of its wait on the asset's read, while it waits.
  @exclusivity(unchecked) var readWaiter: (read: AssetRead, id: Int)?
  /// Set by `cancel()`: nothing is delivered from then on.
  @exclusivity(unchecked) var isCancelled = false
  /// Set when a cached low-quality image was delivered as the degraded result already.
  @exclusivity(unchecked) var skipsDegraded = false

  /// Photos' queue for reading and rendering images.
  static let workQueue = DispatchQueue(  // allowed: the layer's simulated queue
    label: "com.apple.photos.imagemanager", qos: .userInitiated, attributes: .concurrent)

  /// A request not yet started.
  init(id: PHImageRequestID, asset: PHAsset, kind: Kind, state: LibraryState) {
    self.id = id
    self.asset = asset
    self.kind = kind
    self.state = state
  }

  /// Starts the read of the asset (or joins the one in flight).
  func start() {
    let read = AssetRead.of(asset.url, in: state, priority: 0.5)
    let waiter = read.wait { [self] result in bytesArrived(result) }
    readWaiter = (read, waiter)
  }

  /// The read ended: renders on Photos' queue, or delivers the error.
  func bytesArrived(_ result: Result<Data, any Error>) {
    readWaiter = nil
    guard !isCancelled else { return }
    switch result {
    case .failure(let error):
      if case .data = kind {
        deliverLater(data: nil, error: error)
      } else {
        deliverLater(nil, degraded: false, from: "library", error: error)
      }
    case .success(let data):
      Self.workQueue.async { [self] in render(data) }
    }
  }

  /// On a worker: the degraded image (for `.opportunistic` and `.fastFormat`), then the
  /// full-quality one (not for `.fastFormat`), each posted to the main queue as it is ready.
  func render(_ data: Data) {
    guard !isCancelled else { return }
    switch kind {
    case .data:
      deliverLater(data: data)
    case .image(_, let plan, let delivery):
      guard let source = UIImage(data: data) else {
        let error = CocoaError(
          .fileReadCorruptFile, userInfo: [NSURLErrorKey: asset.url])
        deliverLater(nil, degraded: false, from: "library", error: error)
        return
      }
      if delivery == .fastFormat || (delivery == .opportunistic && !skipsDegraded) {
        let low = RenderPlan.render(source, longest: plan.degradedLongest)
        deliverLater(low, degraded: delivery == .opportunistic, from: "library")
        if delivery == .fastFormat || isCancelled { return }
      }
      deliverLater(
        RenderPlan.render(source, longest: plan.longest), degraded: false, from: "library")
    }
  }

  /// Posts a delivery of `image` to the main queue.
  func deliverLater(
    _ image: UIImage?, degraded: Bool, from origin: String, error: (any Error)? = nil
  ) {
    let error = Unchecked(error)
    DispatchQueue.main.async { [self] in  // allowed: the layer's simulated main queue
      deliver(image, degraded: degraded, from: origin, error: error.value)
    }
  }

  /// Posts a delivery of the asset's bytes to the main queue.
  func deliverLater(data: Data?, error: (any Error)? = nil) {
    let error = Unchecked(error)
    DispatchQueue.main.async { [self] in  // allowed: the layer's simulated main queue
      deliver(data: data, error: error.value)
    }
  }

  /// On the main thread: calls the handler, unless the request was cancelled meanwhile. The
  /// last delivery ends the request.
  func deliver(_ image: UIImage?, degraded: Bool, from origin: String, error: (any Error)?) {
    guard !isCancelled, case .image(let handler, _, _) = kind else { return }
    if !degraded { end() }
    Self.trace(delivery: id, image: image, degraded: degraded, from: origin, in: state)
    handler(image, Self.info(id: id, degraded: degraded, error: error))
  }

  /// On the main thread: calls a data request's handler, unless it was cancelled meanwhile.
  func deliver(data: Data?, error: (any Error)?) {
    guard !isCancelled, case .data(let handler) = kind else { return }
    end()
    Self.trace(delivery: id, bytes: data?.count, in: state)
    handler(
      data, data == nil ? nil : "public.png", .up, Self.info(id: id, degraded: false, error: error))
  }

  /// The request is over: it can no longer be cancelled.
  func end() {
    if state.requests[id] === self { state.requests[id] = nil }
  }

  /// `cancelImageRequest`: the handler will not be called again; the read is withdrawn (and
  /// its transfer cancelled if nobody else waits for it).
  func cancel() {
    isCancelled = true
    end()
    let phase = readWaiter == nil ? "rendering" : "reading"
    state.world.trace.record(at: state.world.now, "photos.cancel") {
      $0.field("id", Int(id))
      $0.field("phase", phase)
    }
    if let (read, waiter) = readWaiter {
      readWaiter = nil
      read.withdraw(waiter)
    }
  }

  // MARK: Info and traces

  /// The handler's info dictionary: the request's number, whether the image is degraded,
  /// whether it is in iCloud (never), and the error, if any. Numbers and flags are `NSNumber`s,
  /// as Photos' are, so `as? Bool`, `as? NSNumber` and `as? PHImageRequestID` all read them.
  static func info(id: PHImageRequestID, degraded: Bool, error: (any Error)?)
    -> [AnyHashable: Any]
  {
    var info: [AnyHashable: Any] = [
      PHImageResultRequestIDKey: NSNumber(value: id),
      PHImageResultIsDegradedKey: NSNumber(value: degraded),
      PHImageResultIsInCloudKey: NSNumber(value: false),
    ]
    if let error { info[PHImageErrorKey] = error as NSError }
    return info
  }

  /// Traces a request as it starts.
  static func trace(
    request id: PHImageRequestID, asset: PHAsset, target: String, mode: PHImageContentMode?,
    delivery: PHImageRequestOptionsDeliveryMode?, synchronous: Bool, in state: LibraryState
  ) {
    state.world.trace.record(at: state.world.now, "photos.request") {
      $0.field("id", Int(id))
      $0.field("asset", asset.index)
      $0.field("target", target)
      if let mode { $0.field("mode", mode == .aspectFill ? "fill" : "fit") }
      if let delivery { $0.field("delivery", deliveryText(delivery)) }
      $0.field("sync", synchronous)
    }
  }

  /// A delivery mode as traced.
  static func deliveryText(_ delivery: PHImageRequestOptionsDeliveryMode) -> String {
    switch delivery {
    case .opportunistic: return "opportunistic"
    case .highQualityFormat: return "high"
    case .fastFormat: return "fast"
    }
  }

  /// Traces an image delivery.
  static func trace(
    delivery id: PHImageRequestID, image: UIImage?, degraded: Bool, from origin: String,
    in state: LibraryState
  ) {
    state.world.trace.record(at: state.world.now, "photos.deliver") {
      $0.field("id", Int(id))
      if let image {
        $0.field("size", "\(Int(image.size.width))x\(Int(image.size.height))")
      } else {
        $0.field("size", "nil")
      }
      $0.field("degraded", degraded)
      $0.field("from", origin)
    }
  }

  /// Traces a data delivery.
  static func trace(delivery id: PHImageRequestID, bytes: Int?, in state: LibraryState) {
    state.world.trace.record(at: state.world.now, "photos.deliver") {
      $0.field("id", Int(id))
      $0.field("bytes", bytes ?? -1)
    }
  }
}

/// A value carried to the queue Photos runs a block on, as Photos' Objective-C blocks carry
/// theirs (a caller's handler, an error).
struct Unchecked<Value>: @unchecked Sendable {
  /// The value carried.
  let value: Value
  /// Carries `value`.
  init(_ value: Value) { self.value = value }
}

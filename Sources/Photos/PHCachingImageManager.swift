public import CellSimUIKit
import SimPlatform

/// `PHCachingImageManager`: an image manager that preheats images of assets about to be shown.
///
/// `startCachingImages(for:targetSize:contentMode:options:)` reads each asset not already
/// cached at that size and mode (at a lower network priority than a request's; a request that
/// arrives meanwhile shares the read and raises it) and renders it on Photos' queue into this
/// manager's cache, in the calling world. A later request of the manager for the same asset,
/// target size and content mode is then served from the cache: one call, on the main thread,
/// with no read and no degraded image. With `allowsCachingHighQualityImages` false, the cache
/// keeps only the low-quality image: an opportunistic request gets it at once as its degraded
/// image, and reads the full one. `stopCachingImages` forgets the entries (and withdraws their
/// reads); `stopCachingImagesForAllAssets()` forgets all. Entries are never evicted otherwise.
open class PHCachingImageManager: PHImageManager, @unchecked Sendable {
  /// Whether caching keeps full-quality images (true unless set).
  open var allowsCachingHighQualityImages = true

  /// The cache in each world the manager is used in.
  let caches = PerWorld<ImageCache>()

  /// One world's cache: its entries in the order they were started.
  final class ImageCache {
    /// The entries, oldest first.
    var entries: [CacheEntry] = []
  }

  /// One preheated image: its key, its read while in flight, its images once rendered.
  final class CacheEntry: @unchecked Sendable {
    /// The asset.
    let asset: PHAsset
    /// The target size it was started with.
    let target: CGSize
    /// The content mode it was started with.
    let mode: PHImageContentMode
    /// The sizes it renders at.
    let plan: RenderPlan
    /// Whether it keeps the full-quality image (else the degraded one).
    let keepsFull: Bool
    /// Its wait on the asset's read, while it waits.
    var readWaiter: (read: AssetRead, id: Int)?
    /// Its image, once rendered.
    var image = CachedImage()
    /// Set when caching stopped: a render in flight is dropped.
    var isStopped = false

    /// An entry for `asset` at that size and mode.
    init(asset: PHAsset, target: CGSize, mode: PHImageContentMode, keepsFull: Bool) {
      self.asset = asset
      self.target = target
      self.mode = mode
      self.keepsFull = keepsFull
      plan = RenderPlan(asset: asset, targetSize: target, contentMode: mode, resizeMode: .fast)
    }

    /// Whether the entry is the one for `asset` at that size and mode.
    func matches(_ asset: PHAsset, _ target: CGSize, _ mode: PHImageContentMode) -> Bool {
      self.asset.localIdentifier == asset.localIdentifier && self.target == target
        && self.mode == mode
    }

    /// Renders the cached image on a worker, unless stopped meanwhile.
    func render(_ data: Data) {
      guard !isStopped, let source = UIImage(data: data) else { return }
      if keepsFull {
        image.full = RenderPlan.render(source, longest: plan.longest)
      } else {
        image.low = RenderPlan.render(source, longest: plan.degradedLongest)
      }
    }
  }

  /// A caching manager with an empty cache.
  public override init() {}

  /// `startCachingImages(for:targetSize:contentMode:options:)`: preheats each asset (see the
  /// type's notes), in order. `options` are accepted (the cache is keyed by size and mode).
  open func startCachingImages(
    for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHImageRequestOptions?
  ) {
    let world = SimulationContext.world(for: "PHCachingImageManager.startCachingImages")
    let state = LibraryState.of(world)
    let cache = caches.value(in: world) { ImageCache() }
    for asset in assets
    where !cache.entries.contains(where: { $0.matches(asset, targetSize, contentMode) }) {
      let entry = CacheEntry(
        asset: asset, target: targetSize, mode: contentMode,
        keepsFull: allowsCachingHighQualityImages)
      cache.entries.append(entry)
      world.trace.record(at: world.now, "photos.cache") {
        $0.field("asset", asset.index)
        $0.field("target", entry.plan.targetText)
        $0.field("full", entry.keepsFull)
      }
      world.holdAhead(asset.url.absoluteString)
      let read = AssetRead.of(asset.url, in: state, priority: 0.25)
      let waiter = read.wait { result in
        entry.readWaiter = nil
        guard !entry.isStopped, case .success(let data) = result else { return }
        ImageRequest.workQueue.async { entry.render(data) }
      }
      entry.readWaiter = (read, waiter)
    }
  }

  /// `stopCachingImages(for:targetSize:contentMode:options:)`: forgets those entries.
  open func stopCachingImages(
    for assets: [PHAsset], targetSize: CGSize, contentMode: PHImageContentMode,
    options: PHImageRequestOptions?
  ) {
    let world = SimulationContext.world(for: "PHCachingImageManager.stopCachingImages")
    guard let cache = caches.existing(in: world) else { return }
    for asset in assets {
      let stopped = cache.entries.filter { $0.matches(asset, targetSize, contentMode) }
      guard !stopped.isEmpty else { continue }
      cache.entries.removeAll { $0.matches(asset, targetSize, contentMode) }
      for entry in stopped { Self.stop(entry, in: world) }
      world.trace.record(at: world.now, "photos.uncache") { $0.field("asset", asset.index) }
    }
  }

  /// `stopCachingImagesForAllAssets()`: forgets every entry (outside any world, where nothing
  /// is cached, it does nothing).
  open func stopCachingImagesForAllAssets() {
    guard let world = SimulationContext.world, let cache = caches.existing(in: world) else {
      return
    }
    let stopped = cache.entries
    cache.entries = []
    for entry in stopped { Self.stop(entry, in: world) }
    world.trace.record(at: world.now, "photos.uncache") { $0.field("entries", stopped.count) }
  }

  /// Stops `entry`: its render is dropped and its read withdrawn.
  static func stop(_ entry: CacheEntry, in world: World) {
    entry.isStopped = true
    world.releaseAhead(entry.asset.url.absoluteString)
    if let (read, waiter) = entry.readWaiter {
      entry.readWaiter = nil
      read.withdraw(waiter)
    }
  }

  /// The entry's image for `asset` at that size and mode, once rendered.
  override func cachedImage(
    for asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode
  ) -> CachedImage? {
    let world = SimulationContext.world(for: "PHCachingImageManager.requestImage")
    let entry = caches.existing(in: world)?.entries.first {
      $0.matches(asset, targetSize, contentMode)
    }
    guard let image = entry?.image, image.full != nil || image.low != nil else { return nil }
    return image
  }
}

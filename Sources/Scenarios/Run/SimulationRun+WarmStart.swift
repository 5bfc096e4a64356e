import PNGRender
import SimPlatform
import SimTable

extension SimulationRun {
  /// Fills the caches `images.warm_start` names with the image of every item present at the
  /// start, keyed by the item's URL (`TableItem.url`, what `cellForRow` gives the loader),
  /// before the run begins, at no simulated cost and untraced: a disk cache gets the bytes the
  /// URL serves, a memory cache of `Image`s the URL's image decoded and resampled to an aspect
  /// fill of the cell's pixel size (cost: its decoded bytes). Every cache of that kind and
  /// name the loader made is filled, in creation order; a name the loader never used for a
  /// cache of that kind is a setup error naming it, and so is a memory cache that holds
  /// something other than images.
  ///
  /// The caches are the file's loader's: when another loader runs the file (`--loader`, as
  /// when `reference` runs every bundled scenario), an entry naming a cache it does not make
  /// is skipped, as the file's loader options are.
  ///
  /// Whatever was filled, the oracle counts each item's bytes as delivered whole by a
  /// successful transfer in an earlier session (`no_corrupt_image` accepts images of them).
  func applyWarmStart(items: [TableItem]) throws(RunError) {
    let strict = scenario.loader.map { $0.name == loader.name } ?? true
    var filled = false
    defer {
      if filled {
        for item in items {
          if let digest = server.digest(for: item.url) {
            oracle.facts.warmStarted(item.url, digest: digest)
          }
        }
      }
    }
    for (index, entry) in scenario.images.warmStart.enumerated() {
      let field = "images.warm_start[\(index)]"
      switch entry.kind {
      case .disk:
        let caches = world.liveDiskCaches.filter { $0.name == entry.name }
        if caches.isEmpty && !strict { continue }
        if caches.isEmpty {
          throw .setup(
            "\(field): the loader made no disk cache named \"\(entry.name)\""
              + Self.namesHint(world.liveDiskCaches.map(\.name)))
        }
        filled = true
        for item in items {
          guard let bytes = server.bytes(for: item.url) else { continue }
          for cache in caches { cache.prefill(item.url, bytes: bytes) }
        }
      case .memory:
        let caches = world.liveMemoryCaches.filter { $0.name == entry.name }
        if caches.isEmpty && !strict { continue }
        if caches.isEmpty {
          throw .setup(
            "\(field): the loader made no memory cache named \"\(entry.name)\""
              + Self.namesHint(world.liveMemoryCaches.map(\.name)))
        }
        filled = true
        let size = table.imagePixelSize
        let target = DecodeTarget.aspectFill(width: size.width, height: size.height)
        for item in items {
          guard let bytes = server.bytes(for: item.url),
            let image = Image.warmStart(bytes, target: target, world: world)
          else { continue }
          let cost = Int64(image.pixelWidth) * Int64(image.pixelHeight) * 4
          for cache in caches where !cache.prefill(item.url, image: image, cost: cost) {
            throw .setup(
              "\(field): the memory cache \"\(entry.name)\" does not hold images, so it cannot "
                + "be warmed with them")
          }
        }
      }
    }
  }

  /// ` (it made: a, b)` or ` (it made none)`, for the errors above.
  static func namesHint(_ names: [String]) -> String {
    names.isEmpty ? " (it made none)" : " (it made: \(names.joined(separator: ", ")))"
  }
}

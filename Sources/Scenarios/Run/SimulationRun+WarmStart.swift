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
        guard
          let caches = try Self.named(
            entry, in: world.liveDiskCaches, name: \.name, field: field, strict: strict)
        else { continue }
        filled = true
        for item in items {
          guard let bytes = server.bytes(for: item.url) else { continue }
          for cache in caches { cache.prefill(item.url, bytes: bytes) }
        }
      case .memory:
        guard
          let caches = try Self.named(
            entry, in: world.liveMemoryCaches, name: \.name, field: field, strict: strict)
        else { continue }
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

  /// The caches of `all` named as `entry` names them; nil (skip the entry) when there is none
  /// and the run is not `strict`, and a setup error naming the entry and the caches the loader
  /// made when it is.
  static func named<Cache>(
    _ entry: Scenario.WarmStart, in all: [Cache], name: (Cache) -> String, field: String,
    strict: Bool
  ) throws(RunError) -> [Cache]? {
    let caches = all.filter { name($0) == entry.name }
    if !caches.isEmpty { return caches }
    if !strict { return nil }
    let made = all.map(name)
    throw .setup(
      "\(field): the loader made no \(entry.kind.rawValue) cache named \"\(entry.name)\""
        + (made.isEmpty ? " (it made none)" : " (it made: \(made.joined(separator: ", ")))"))
  }
}

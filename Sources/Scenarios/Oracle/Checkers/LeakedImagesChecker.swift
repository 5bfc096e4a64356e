import SimKernel
import SimPlatform
import SimTable

/// `no_leaked_images`: at the end of the run, the decoded content images alive and held by
/// nothing the platform knows — no memory cache of the loader's, no image view of a cell the
/// table holds — number at most the bound. Such images live only in the loader's own
/// structures (a node or model object per row that keeps its late result after the row left),
/// and grow with the rows passed.
final class LeakedImagesChecker: InvariantChecker {
  let facts: OracleFacts
  let bound: Scenario.QueueBound
  var hooks: OracleHooks { .runEnd }

  init(_ facts: OracleFacts, bound: Scenario.QueueBound) {
    self.facts = facts
    self.bound = bound
  }

  /// The decoded content images the platform can account for, and their bytes: each bitmap
  /// once, whoever holds it (a cache and a view may share one).
  static func attributed(world: World, table: TableView) -> (count: Int, bytes: Int64) {
    var seen = Set<ObjectIdentifier>()
    var bytes: Int64 = 0
    func note(_ image: Image?) {
      guard let image, image.kind == .content, let bitmap = image.decoded,
        seen.insert(ObjectIdentifier(bitmap)).inserted
      else { return }
      bytes += Int64(bitmap.bitmap.byteCount)
    }
    for cache in world.liveMemoryCaches {
      for key in cache.storedKeys { note(cache.peekValue(forKey: key) as? Image) }
    }
    for cell in table.knownCells {
      note(cell.imageView.image)
      note(cell.imageView.outgoingImage)
    }
    return (seen.count, bytes)
  }

  func judgeRunEnd() {
    let meter = facts.world.memory
    let held = Self.attributed(world: facts.world, table: facts.table)
    let unattributed = meter.liveContentImages - held.count
    let limit: Int
    switch bound {
    case .visible: limit = facts.table.visibleCells.count + facts.table.prefetchWindowCount
    case .count(let count): limit = count
    }
    guard unattributed > limit else { return }
    let bytes = meter.liveContentImageBytes - held.bytes
    facts.flag(
      .noLeakedImages,
      "at the end of the run \(unattributed) decoded images (\(ByteSize(bytes: bytes))) are "
        + "held by nothing the platform knows — no memory cache, no cell's image view — "
        + "against a bound of \(limit)"
        + (bound == .visible ? " (displayed rows plus the prefetch window)" : "")
        + "; drop a row's image from your own structures when the row leaves the preload "
        + "range, and keep reusable images in a memory cache")
  }
}

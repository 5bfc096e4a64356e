import PNGRender
import Synchronization

/// Process-wide memoization of decode results by (content digest, byte count, transforms),
/// backed by a folder shared between processes (`DecodeDiskCache`) when one is configured.
///
/// Fuzzing decodes the same fixtures thousands of times; this keeps the real libpng work to
/// once per process. It never changes simulated cost or behaviour: costs come from the header
/// and the device profile, and a memoized result is the same pixels the decode would produce
/// (decoding is a pure function of the bytes). It is the one piece of state shared between
/// worlds, guarded by a mutex and bounded in bytes (oldest entries go first).
final class DecodeMemo: Sendable {
  struct Key: Hashable {
    /// Decoding and resampling a decoded bitmap can give slightly different pixels for the
    /// same transform (streaming vs full-then-resample), so they never share entries.
    var isResample: Bool
    /// A partial decode (`decodePartial`) of bytes that may be a whole file gives the full
    /// image where the full decode of a prefix fails, so they never share entries either.
    var isPartial = false
    var digest: ContentDigest
    var byteCount: Int
    var transforms: [DecodeTarget]
  }

  struct State {
    var results: [Key: Result<Bitmap, PNGError>] = [:]
    var order: [Key] = []
    var bytes = 0
  }

  /// The process's memo: at most 128 MiB of bitmaps. (It was 768 MiB, most of the 1 GB peak
  /// of `compare Scenarios --loaders all`; cell-sized bitmaps of the photos take a few MB.)
  static let shared = DecodeMemo(
    byteLimit: 128 * 1_048_576, disk: DecodeDiskCache.fromEnvironment())

  let byteLimit: Int
  let state = Mutex(State())
  /// Where results persist across processes (nil: only in memory).
  let disk: DecodeDiskCache?

  init(byteLimit: Int, disk: DecodeDiskCache? = nil) {
    self.byteLimit = byteLimit
    self.disk = disk
  }

  /// The bitmap of `bytes` decoded to `target`, from the memo when possible.
  func decode(_ bytes: [UInt8], digest: ContentDigest, target: DecodeTarget)
    -> Result<Bitmap, PNGError>
  {
    let key = Key(isResample: false, digest: digest, byteCount: bytes.count, transforms: [target])
    if let hit = lookup(key) { return hit }
    if let bitmap = disk?.load(key) {
      store(key, .success(bitmap))
      return .success(bitmap)
    }
    let result: Result<Bitmap, PNGError>
    do {
      result = .success(try PNGDecoder().decode(bytes, target: target).bitmap)
    } catch {
      result = .failure(error)
    }
    store(key, result)
    if case .success(let bitmap) = result { disk?.store(key, bitmap) }
    return result
  }

  /// The partial decode (`PNGDecoder.decodePartial`) of `bytes`, a PNG's first bytes, to
  /// `target`, from the memo when possible.
  func decodePartial(_ bytes: [UInt8], digest: ContentDigest, target: DecodeTarget)
    -> Result<Bitmap, PNGError>
  {
    let key = Key(
      isResample: false, isPartial: true, digest: digest, byteCount: bytes.count,
      transforms: [target])
    if let hit = lookup(key) { return hit }
    if let bitmap = disk?.load(key) {
      store(key, .success(bitmap))
      return .success(bitmap)
    }
    let result: Result<Bitmap, PNGError>
    do {
      result = .success(try PNGDecoder().decodePartial(bytes, target: target).bitmap)
    } catch {
      result = .failure(error)
    }
    store(key, result)
    if case .success(let bitmap) = result { disk?.store(key, bitmap) }
    return result
  }

  /// `bitmap` (whose provenance key is `source` plus `earlier` transforms) resampled to
  /// `target`, from the memo when possible.
  func resample(
    _ bitmap: Bitmap, source: ContentDigest, byteCount: Int, earlier: [DecodeTarget],
    to target: DecodeTarget
  ) -> Bitmap {
    let key = Key(
      isResample: true, digest: source, byteCount: byteCount, transforms: earlier + [target])
    if case .success(let hit)? = lookup(key) { return hit }
    if let stored = disk?.load(key) {
      store(key, .success(stored))
      return stored
    }
    let result = Resampler.resample(bitmap, to: target)
    store(key, .success(result))
    disk?.store(key, result)
    return result
  }

  func lookup(_ key: Key) -> Result<Bitmap, PNGError>? {
    state.withLock { $0.results[key] }
  }

  func store(_ key: Key, _ result: Result<Bitmap, PNGError>) {
    let size = (try? result.get().byteCount) ?? 0
    guard size <= byteLimit / 4 else { return }
    state.withLock { state in
      guard state.results[key] == nil else { return }
      state.results[key] = result
      state.order.append(key)
      state.bytes += size
      while state.bytes > byteLimit, !state.order.isEmpty {
        let old = state.order.removeFirst()
        state.bytes -= (try? state.results[old]?.get().byteCount) ?? 0
        state.results[old] = nil
      }
    }
  }
}

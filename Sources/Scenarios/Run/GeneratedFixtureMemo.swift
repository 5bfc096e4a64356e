import FixtureGenerator
import PNGRender
import Synchronization

/// The synthetic photos of `images.generated`, made once per process: every run of a suite,
/// a comparison or a test process that asks for the same photos shares one array each.
///
/// Photo `n` of `width × height` is a `SyntheticPhoto` with a seed made of the three numbers,
/// drawn at a scale whose longer side is at most `detailSide` pixels and enlarged by pixel
/// repetition (drawing 3 M pixels took 6 s in a debug build; the enlargement costs a tenth of
/// that), encoded as 8-bit RGB at zlib level 1, so the same file serves the same pixels
/// everywhere. Its header, and so its simulated decode cost, is the full size; the repeated
/// pixels compress well, so its disk read is cheaper than a real photo's. Bounded: the
/// scenario format caps what one file may ask for (`Scenario.GeneratedFixtures`), and the memo
/// keeps at most `byteLimit` bytes, oldest first.
final class GeneratedFixtureMemo: Sendable {
  struct Key: Hashable {
    var width: Int
    var height: Int
    var index: Int
  }

  struct State {
    var entries: [Key: (bytes: [UInt8], digest: ContentDigest)] = [:]
    var order: [Key] = []
    var retainedBytes = 0
    /// Photos generated so far (hits do not count): for tests.
    var generated = 0
  }

  /// The process's memo: at most 256 MB of encoded photos.
  static let shared = GeneratedFixtureMemo(byteLimit: 256 * 1_048_576)

  let byteLimit: Int
  let state = Mutex(State())

  init(byteLimit: Int) { self.byteLimit = byteLimit }

  /// The longest side a photo is drawn at before it is enlarged.
  static let detailSide = 512

  /// Draws and encodes the photo `key` names.
  static func encode(_ key: Key) throws(PNGError) -> [UInt8] {
    let scale = max(1, (max(key.width, key.height) + detailSide - 1) / detailSide)
    let seed = UInt64(key.width) << 40 | UInt64(key.height) << 16 | UInt64(key.index)
    let small = SyntheticPhoto(
      width: (key.width + scale - 1) / scale, height: (key.height + scale - 1) / scale,
      seed: seed)
    let drawn = FixtureFormat(.rgb, 8).encode(small).raw.samples
    let smallRow = small.width * 3
    let rowBytes = key.width * 3
    var samples = [UInt8](repeating: 0, count: rowBytes * key.height)
    // Raw pointers: a debug build checks every subscript, and these loops write megabytes.
    samples.withUnsafeMutableBufferPointer { out in
      drawn.withUnsafeBufferPointer { source in
        guard let out = out.baseAddress, let source = source.baseAddress else { return }
        for y in 0..<key.height {
          let row = out + y * rowBytes
          if y % scale != 0 {
            // A repeated row: a copy of the one above.
            row.update(from: row - rowBytes, count: rowBytes)
            continue
          }
          let from = source + (y / scale) * smallRow
          for x in 0..<key.width {
            (row + x * 3).update(from: from + (x / scale) * 3, count: 3)
          }
        }
      }
    }
    let header = PNGHeader(
      width: key.width, height: key.height, bitDepth: 8, colorType: .rgb, interlaced: false)
    return try PNGEncoder.encode(
      PNGRawImage(header: header, samples: samples),
      options: PNGEncodeOptions(compressionLevel: 1))
  }

  /// Photos generated so far.
  var generated: Int { state.withLock { $0.generated } }

  /// The key a generated fixture's name stands for (`generated:<w>x<h>-<n>`), or nil.
  static func key(ofName name: String) -> Key? {
    guard name.hasPrefix(Scenario.GeneratedFixtures.namePrefix) else { return nil }
    let body = name.dropFirst(Scenario.GeneratedFixtures.namePrefix.count)
    let parts = body.split(separator: "-")
    guard parts.count == 2, let index = Int(parts[1]) else { return nil }
    let sides = parts[0].split(separator: "x")
    guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]),
      (1...Scenario.GeneratedFixtures.maxSide).contains(width),
      (1...Scenario.GeneratedFixtures.maxSide).contains(height),
      (0..<Scenario.GeneratedFixtures.maxCount).contains(index)
    else { return nil }
    return Key(width: width, height: height, index: index)
  }

  /// The bytes and digest of the photo `key` names, generated on first use. Two threads asking
  /// for the same new photo at once may both generate it; they make the same bytes.
  func photo(_ key: Key) -> (bytes: [UInt8], digest: ContentDigest)? {
    if let hit = state.withLock({ $0.entries[key] }) { return hit }
    guard let bytes = try? Self.encode(key) else { return nil }
    let entry = (bytes: bytes, digest: ContentDigest.remembering(bytes))
    state.withLock { state in
      state.generated += 1
      guard state.entries[key] == nil else { return }
      state.entries[key] = entry
      state.order.append(key)
      state.retainedBytes += entry.bytes.count
      while state.retainedBytes > byteLimit, state.order.count > 1 {
        let oldest = state.order.removeFirst()
        state.retainedBytes -= state.entries.removeValue(forKey: oldest)?.bytes.count ?? 0
      }
    }
    return entry
  }
}

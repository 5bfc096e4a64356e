import FixtureGenerator
import PNGRender
import Testing

/// Thousands of deterministic mutations of valid files: the decoder must return a bitmap or a
/// typed error for each, on the full, the streaming and the partial path (of the file and of a
/// prefix), and never crash or hang.
@Suite("Mutation fuzzing")
struct MutationFuzzTests {
  /// Small valid files in several formats to mutate.
  static let bases: [[UInt8]] = {
    let photo = SyntheticPhoto(width: 23, height: 17, seed: 5)
    let formats = [
      FixtureFormat(.gray, 1), FixtureFormat(.gray, 16, transparency: true), FixtureFormat(.rgb, 8),
      FixtureFormat(.palette, 4, interlaced: true, transparency: true), FixtureFormat(.palette, 8),
      FixtureFormat(.grayAlpha, 8, interlaced: true), FixtureFormat(.rgba, 16),
      FixtureFormat(.rgba, 8, interlaced: true),
    ]
    return formats.map {
      try! PNGEncoder.encode($0.encode(photo).raw, options: .init(compressionLevel: 9))
    }
  }()

  /// Applies mutation number `index` (seeded by it) to one of the bases.
  static func mutate(_ index: Int) -> [UInt8] {
    var random = SplitMix64(seed: 0xF022 &+ UInt64(index))
    var editor = ChunkEditor(bases[random.next(below: bases.count)])
    let count = editor.bytes.count
    switch random.next(below: 6) {
    case 0:  // Flip a few bytes anywhere.
      for _ in 0...random.next(below: 4) {
        let at = random.next(below: count)
        editor.set(at, to: editor.bytes[at] ^ UInt8(1 + random.next(below: 255)))
      }
    case 1:  // Cut the file short.
      editor.truncate(to: random.next(below: count))
    case 2:  // Damage the content, then repair every CRC so the damage reaches zlib and filters.
      for _ in 0...random.next(below: 8) {
        let at = 33 + random.next(below: count - 33)
        editor.set(at, to: UInt8(random.next(below: 256)))
      }
      editor.fixAllCRCs()
    case 3:  // A chunk length field that lies.
      let chunks = editor.chunks
      let chunk = chunks[random.next(below: chunks.count)]
      let length = UInt32(truncatingIfNeeded: random.next())
      for (offset, byte) in ChunkEditor.bigEndian(length).enumerated() {
        editor.set(chunk.offset + offset, to: byte)
      }
    case 4:  // Random bytes inserted.
      let junk = (0...random.next(below: 16)).map { _ in UInt8(random.next(below: 256)) }
      editor.insertBytes(junk, at: 8 + random.next(below: count - 8))
    default:  // A damaged header with a valid CRC.
      editor.set(16 + random.next(below: 13), to: UInt8(random.next(below: 256)))
      editor.fixAllCRCs()
    }
    return editor.bytes
  }

  @Test("2,000 mutated files give a bitmap or a typed error on every path")
  func mutations() {
    var outcomes: [String: Int] = [:]
    let decoder = PNGDecoder(
      limits: DecodeLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22))
    for index in 0..<2000 {
      let bytes = Self.mutate(index)
      for target in [DecodeTarget.fullSize, .maxPixelSize(8)] {
        do {
          let image = try decoder.decode(bytes, target: target)
          #expect(image.bitmap.width == image.plan.outputWidth, "case \(index)")
          #expect(image.bitmap.height == image.plan.outputHeight, "case \(index)")
          outcomes["decoded", default: 0] += 1
        } catch {
          outcomes[error.kind.rawValue, default: 0] += 1
        }
      }
      // The partial decode of the file, and of a prefix of it, gives a bitmap or a typed error;
      // of a file the full decode reads, exactly the full decode's pixels.
      let full = try? decoder.decode(bytes).bitmap
      let partial = try? decoder.decodePartial(bytes)
      if let full {
        #expect(partial?.bitmap == full, "case \(index): the partial decode of a whole file")
        outcomes["partial whole", default: 0] += 1
      }
      let cut = bytes.count * (index % 7 + 1) / 8
      if let prefix = try? decoder.decodePartial(Array(bytes[..<cut])) {
        #expect(prefix.bitmap.width == prefix.header.width, "case \(index)")
      }
    }
    // The mutations reach deep: expect decodes and several different failure kinds.
    #expect(outcomes["partial whole", default: 0] > 20, "outcomes: \(outcomes)")
    #expect(
      outcomes["decoded", default: 0] > 20, "outcomes: \(outcomes.sorted { $0.key < $1.key })")
    #expect(outcomes.count >= 5, "outcomes: \(outcomes.sorted { $0.key < $1.key })")
  }
}

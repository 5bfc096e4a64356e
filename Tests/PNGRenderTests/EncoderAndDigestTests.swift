import PNGRender
import Testing

@Suite("Encoder and digests")
struct EncoderAndDigestTests {
  @Test("an RGBA8 bitmap survives encode then decode exactly", arguments: [1, 6])
  func roundTrip(level: Int) throws {
    let bitmap = ResampleTests.bitmap(17, 9) { x, y in
      [UInt8(x * 15), UInt8(y * 28), UInt8((x * y) % 256), UInt8((x + y) * 10)]
    }
    let bytes = try PNGEncoder.encode(bitmap, options: PNGEncodeOptions(compressionLevel: level))
    #expect(Array(bytes.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
    let decoded = try PNGDecoder().decode(bytes)
    #expect(decoded.bitmap == bitmap)
    #expect(decoded.header.colorType == .rgba && decoded.header.bitDepth == 8)
  }

  @Test("CRC-32 matches the standard check value and is incremental")
  func crc() {
    let text = Array("123456789".utf8)
    #expect(CRC32.checksum(text) == 0xCBF4_3926)
    #expect(CRC32.hex(CRC32.checksum(text)) == "cbf43926")
    let first = text.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<4])) }
    let both = text.withUnsafeBytes {
      CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[4...]), continuing: first)
    }
    #expect(both == 0xCBF4_3926)
    let long = (0..<1000).map { UInt8($0 % 251) }
    var slow: UInt32 = 0xFFFF_FFFF
    for byte in long {
      slow ^= UInt32(byte)
      for _ in 0..<8 { slow = slow & 1 != 0 ? (slow >> 1) ^ 0xEDB8_8320 : slow >> 1 }
    }
    #expect(CRC32.checksum(long) == ~slow)
  }

  @Test("FNV-1a 64 matches its reference values")
  func fnv() {
    #expect(ContentDigest(of: []).value == 0xCBF2_9CE4_8422_2325)
    #expect(ContentDigest(of: Array("a".utf8)).value == 0xAF63_DC4C_8601_EC8C)
    #expect(ContentDigest(of: Array("foobar".utf8)).description == "85944171f73967e8")
    // Hashing in pieces, of every length around the four-byte step, continues the same hash.
    let whole = Array("foobar".utf8)
    for cut in 0...whole.count {
      let first = whole[..<cut].withUnsafeBytes { FNV1a64.hash($0) }
      let both = whole[cut...].withUnsafeBytes { FNV1a64.hash($0, continuing: first) }
      #expect(both == 0x8594_4171_F739_67E8, "cut at \(cut)")
    }
  }

  @Test("the pixel digest covers the size as well as the bytes")
  func pixelDigest() {
    let pixels = [UInt8](repeating: 9, count: 24)
    let wide = Bitmap(width: 6, height: 1, pixels: pixels)
    let tall = Bitmap(width: 1, height: 6, pixels: pixels)
    #expect(wide.pixelDigest != tall.pixelDigest)
    #expect(wide.pixelDigest == Bitmap(width: 6, height: 1, pixels: pixels).pixelDigest)
  }
}

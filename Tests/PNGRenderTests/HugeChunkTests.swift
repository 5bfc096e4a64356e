import PNGRender
import Testing

/// A tiny PNG whose ancillary chunk declares 1 GiB cost 1 GiB of memory.
@Suite("Declared chunk lengths")
struct HugeChunkTests {
  /// A 45-byte PNG: a 1×1 header, then a `type` chunk whose length field claims 1 GiB.
  static func hugeChunk(_ type: String) -> [UInt8] {
    let header: [UInt8] = [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]
    let ihdr: [UInt8] = [0, 0, 0, 13] + Array("IHDR".utf8) + header + [0x90, 0x77, 0x53, 0xDE]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr + [0x40, 0, 0, 0]
      + Array(type.utf8) + Array("abcd".utf8)
  }

  @Test(
    "a chunk declaring 1 GiB in a 45-byte file is a truncation, and is never allocated",
    arguments: ["tEXt", "zTXt", "iTXt", "iCCP", "sPLT", "pCAL", "sCAL", "eXIf", "vpAg"])
  func hugeDeclaredChunk(_ type: String) throws {
    let bytes = Self.hugeChunk(type)
    #expect(bytes.count == 45)
    #expect {
      try PNGDecoder().decode(bytes)
    } throws: { error in
      (error as? PNGError)?.kind == .truncated
    }
    // Before the fix, libpng allocated the declared 1 GiB for tEXt and zTXt before reading.
    let peak = PNGDecoder().libpngPeakBytesReadingInfo(bytes)
    #expect(peak > 0 && peak < 1_048_576, "libpng held \(peak) bytes at once")
  }
}

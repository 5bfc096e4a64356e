import CPNGRows

/// CRC-32 as PNG, zlib and gzip define it (IEEE 802.3, reflected, polynomial 0xEDB88320).
package enum CRC32 {
  /// Eight 256-entry tables for slicing-by-8; computed once, immutable.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for index in 0..<256 {
      var crc = UInt32(index)
      for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      tables[index] = crc
    }
    for slice in 1..<8 {
      for index in 0..<256 {
        let previous = tables[(slice - 1) * 256 + index]
        tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
      }
    }
    return tables
  }()

  /// The CRC-32 of `bytes`, continuing from `crc` (the CRC of the bytes before them; 0 to start).
  package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0)
    -> UInt32
  {
    tables.withUnsafeBufferPointer { table in
      var value = ~crc
      var index = 0
      let count = bytes.count
      while index + 8 <= count {
        let low = value ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self).littleEndian
        let high = bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self).littleEndian
        value =
          table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
          ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
          ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
        index += 8
      }
      while index < count {
        value = (value >> 8) ^ table[Int((value ^ UInt32(bytes[index])) & 0xFF)]
        index += 1
      }
      return ~value
    }
  }

  /// The CRC-32 of `bytes`.
  package static func checksum(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { checksum($0) }
  }

  /// `value` as 8 lowercase hexadecimal digits, for example `0da28714`.
  package static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}

/// The 64-bit FNV-1a hash: simple, stable across processes and platforms, and used for content
/// and pixel digests (not for security).
package enum FNV1a64 {
  /// The FNV-1a 64-bit offset basis: the hash of no bytes.
  package static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
  /// The FNV-1a 64-bit prime.
  package static let prime: UInt64 = 0x0000_0100_0000_01B3

  /// Folds `bytes` into `hash` (start from ``offsetBasis``).
  package static func hash(_ bytes: UnsafeRawBufferPointer, continuing hash: UInt64 = offsetBasis)
    -> UInt64
  {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return hash }
    return cpng_fnv1a64(base, bytes.count, hash)
  }

  /// Folds `value` into `hash` as 8 little-endian bytes.
  package static func hash(_ value: UInt64, continuing hash: UInt64) -> UInt64 {
    withUnsafeBytes(of: value.littleEndian) { Self.hash($0, continuing: hash) }
  }
}

/// The identity of some bytes, such as an encoded PNG: FNV-1a 64 over exactly those bytes.
///
/// Two images are "the same image" in CellSim when their content digests are equal, never because
/// they share a URL or a tag.
public struct ContentDigest: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The 64-bit FNV-1a hash of the bytes.
  public let value: UInt64

  /// Wraps a digest value computed earlier.
  package init(value: UInt64) { self.value = value }

  /// The digest of `bytes` (looked up, without hashing, when the same array was remembered
  /// with `remembering(_:)`).
  package init(of bytes: [UInt8]) {
    value = DigestMemo.shared.digest(of: bytes)
  }

  /// The digest of `bytes`, remembered per process for this very array, so that later digests
  /// of it (or of copies sharing its storage) cost a lookup. Use for bytes handed around many
  /// times, such as served fixtures; the array is retained (within a bounded memo).
  package static func remembering(_ bytes: [UInt8]) -> ContentDigest {
    ContentDigest(value: DigestMemo.shared.remember(bytes))
  }

  /// `bytes`, or an array already remembered with `remembering(_:)` that holds the same bytes:
  /// for a body a delegate rebuilt from a served fixture's chunks, which would otherwise keep a
  /// private copy of the fixture for as long as it waits (the bytes are the same either way).
  package static func sharedStorage(for bytes: [UInt8]) -> [UInt8] {
    DigestMemo.shared.canonical(bytes)
  }

  /// The digest of `bytes`.
  package init(of bytes: UnsafeRawBufferPointer) {
    value = FNV1a64.hash(bytes)
  }

  /// Orders digests by value, so sorted collections of them are stable across processes.
  public static func < (lhs: ContentDigest, rhs: ContentDigest) -> Bool { lhs.value < rhs.value }

  /// 16 lowercase hexadecimal digits.
  public var description: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

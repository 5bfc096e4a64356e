import PNGRender

/// Byte-level edits of a valid PNG file, used to make corrupt variants: each edit keeps every
/// other chunk intact so that the file fails for exactly one reason.
package struct ChunkEditor: Sendable {
  /// One chunk's position: `offset` is where its 4-byte length starts.
  package struct Chunk: Sendable, Hashable {
    /// Offset of the chunk's length field in the file.
    package var offset: Int
    /// Length of the chunk's data.
    package var length: Int
    /// The four-letter type, for example `IDAT`.
    package var type: String

    /// Offset of the first data byte.
    package var dataOffset: Int { offset + 8 }
    /// Offset of the CRC field.
    package var crcOffset: Int { offset + 8 + length }
    /// Offset just past the chunk.
    package var end: Int { crcOffset + 4 }
  }

  /// The file being edited.
  package private(set) var bytes: [UInt8]

  /// Starts editing a copy of `bytes`, which must be a structurally valid PNG.
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Every chunk in file order, stopping at the first one that does not fit in the file.
  package var chunks: [Chunk] {
    var result: [Chunk] = []
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = Int(readUInt32(at: offset))
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let chunk = Chunk(offset: offset, length: length, type: type)
      guard chunk.end <= bytes.count else { break }
      result.append(chunk)
      offset = chunk.end
    }
    return result
  }

  /// The first chunk of `type`; it must exist.
  package func first(_ type: String) -> Chunk {
    guard let chunk = chunks.first(where: { $0.type == type }) else {
      preconditionFailure("no \(type) chunk")
    }
    return chunk
  }

  /// Keeps only the first `count` bytes.
  package mutating func truncate(to count: Int) {
    bytes.removeSubrange(min(count, bytes.count)...)
  }

  /// Flips bits in the stored CRC of the first `type` chunk, leaving its data intact.
  package mutating func corruptCRC(of type: String) {
    bytes[first(type).crcOffset + 3] ^= 0x5A
  }

  /// Changes the data of the first `type` chunk with `edit`, then stores a correct CRC, so the
  /// chunk fails for its content and not its checksum.
  package mutating func editData(of type: String, _ edit: (inout [UInt8]) -> Void) {
    let chunk = first(type)
    var data = Array(bytes[chunk.dataOffset..<chunk.crcOffset])
    edit(&data)
    bytes.replaceSubrange(chunk.offset..<chunk.end, with: Self.chunk(type, data))
  }

  /// Stores a correct CRC in every complete chunk, so that later damage is judged by content.
  package mutating func fixAllCRCs() {
    for chunk in chunks {
      let crc = CRC32.checksum(Array(bytes[(chunk.offset + 4)..<chunk.crcOffset]))
      bytes.replaceSubrange(chunk.crcOffset..<chunk.end, with: Self.bigEndian(crc))
    }
  }

  /// Overwrites byte `index` (which must be in range) with `value`.
  package mutating func set(_ index: Int, to value: UInt8) {
    bytes[index] = value
  }

  /// Inserts `inserted` at `index`.
  package mutating func insertBytes(_ inserted: [UInt8], at index: Int) {
    bytes.insert(contentsOf: inserted, at: index)
  }

  /// Inserts a chunk of `type` with `data` right after the first `after` chunk.
  package mutating func insert(_ type: String, data: [UInt8], after: String) {
    bytes.insert(contentsOf: Self.chunk(type, data), at: first(after).end)
  }

  /// Removes the first `type` chunk entirely.
  package mutating func remove(_ type: String) {
    let chunk = first(type)
    bytes.removeSubrange(chunk.offset..<chunk.end)
  }

  /// A complete chunk: length, type, data and CRC-32 over type and data.
  package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    let crc = CRC32.checksum(typeBytes + data)
    return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc)
  }

  /// `value` as 4 big-endian bytes.
  package static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  private func readUInt32(at offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }
}

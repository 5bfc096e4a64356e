// Linux only: on Apple platforms the system's framework of this name is used.
#if os(Linux)
  /// The part every Merkle–Damgård hash shares: cutting the input into blocks, and the final
  /// padding (a 1 bit, zeros, then the message's length in bits).
  struct BlockHasher: Sendable {
    let blockSize: Int
    /// The bytes of the block not yet full.
    var pending: [UInt8] = []
    /// The message's length so far, in bytes.
    var length: UInt64 = 0

    init(blockSize: Int) {
      self.blockSize = blockSize
      pending.reserveCapacity(blockSize)
    }

    /// Adds `bytes`, running `block` on each block completed.
    mutating func feed<State>(
      _ bytes: UnsafeRawBufferPointer, _ state: inout State,
      _ block: (inout State, UnsafeRawBufferPointer) -> Void
    ) {
      length &+= UInt64(bytes.count)
      var index = 0
      if !pending.isEmpty {
        let take = min(blockSize - pending.count, bytes.count)
        pending.append(contentsOf: bytes[0..<take])
        index = take
        guard pending.count == blockSize else { return }
        pending.withUnsafeBytes { block(&state, $0) }
        pending.removeAll(keepingCapacity: true)
      }
      while bytes.count - index >= blockSize {
        block(&state, UnsafeRawBufferPointer(rebasing: bytes[index..<index + blockSize]))
        index += blockSize
      }
      pending.append(contentsOf: bytes[index...])
    }

    /// Pads the message and runs `block` on the last block or two. The length field is
    /// `lengthBytes` long (8 or 16), in the algorithm's byte order.
    mutating func pad<State>(
      lengthBytes: Int, bigEndian: Bool, _ state: inout State,
      _ block: (inout State, UnsafeRawBufferPointer) -> Void
    ) {
      let bits = length &* 8
      var tail = pending
      tail.append(0x80)
      while tail.count % blockSize != blockSize - lengthBytes { tail.append(0) }
      var field = [UInt8](repeating: 0, count: lengthBytes)
      for byte in 0..<8 {
        let value = UInt8(bits >> (8 * UInt64(byte)) & 0xFF)
        field[bigEndian ? lengthBytes - 1 - byte : byte] = value
      }
      tail.append(contentsOf: field)
      tail.withUnsafeBytes { all in
        var offset = 0
        while offset < all.count {
          block(&state, UnsafeRawBufferPointer(rebasing: all[offset..<offset + blockSize]))
          offset += blockSize
        }
      }
      pending.removeAll()
    }
  }
#endif

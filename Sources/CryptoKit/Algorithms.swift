// Linux only: on Apple platforms the system's framework of this name is used.
#if os(Linux)
  /// The algorithms: MD5 and SHA-1 (under `Insecure`, as CryptoKit files them), SHA-256, SHA-384
  /// and SHA-512.

  /// CryptoKit's `Insecure`: the broken hash functions, kept for compatibility (file names).
  public enum Insecure {
    /// MD5 (RFC 1321).
    public struct MD5: HashFunction, Sendable {
      public static let blockByteCount = 64
      var core = BlockHasher(blockSize: 64)
      var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476]
      /// An MD5 hash of no data yet.
      public init() {}
      public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        core.feed(bufferPointer, &state, md5Block)
      }
      public func finalize() -> MD5Digest {
        var copy = self
        copy.core.pad(lengthBytes: 8, bigEndian: false, &copy.state, md5Block)
        return MD5Digest(storage: DigestBytes(bytes: copy.state.flatMap(littleEndianBytes)))
      }
    }

    /// An MD5 digest (16 bytes).
    public struct MD5Digest: BytesDigest, Sendable {
      public let storage: DigestBytes
      public static let byteCount = 16
      public static let printedName = "MD5"
    }

    /// SHA-1 (FIPS 180-4).
    public struct SHA1: HashFunction, Sendable {
      public static let blockByteCount = 64
      var core = BlockHasher(blockSize: 64)
      var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0]
      /// A SHA-1 hash of no data yet.
      public init() {}
      public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        core.feed(bufferPointer, &state, sha1Block)
      }
      public func finalize() -> SHA1Digest {
        var copy = self
        copy.core.pad(lengthBytes: 8, bigEndian: true, &copy.state, sha1Block)
        return SHA1Digest(storage: DigestBytes(bytes: copy.state.flatMap(bigEndianBytes)))
      }
    }

    /// A SHA-1 digest (20 bytes).
    public struct SHA1Digest: BytesDigest, Sendable {
      public let storage: DigestBytes
      public static let byteCount = 20
      public static let printedName = "SHA1"
    }
  }

  /// SHA-256 (FIPS 180-4).
  public struct SHA256: HashFunction, Sendable {
    public static let blockByteCount = 64
    var core = BlockHasher(blockSize: 64)
    var state: [UInt32] = [
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
      0x5be0_cd19,
    ]
    /// A SHA-256 hash of no data yet.
    public init() {}
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
      core.feed(bufferPointer, &state, sha256Block)
    }
    public func finalize() -> SHA256Digest {
      var copy = self
      copy.core.pad(lengthBytes: 8, bigEndian: true, &copy.state, sha256Block)
      return SHA256Digest(storage: DigestBytes(bytes: copy.state.flatMap(bigEndianBytes)))
    }
  }

  /// A SHA-256 digest (32 bytes).
  public struct SHA256Digest: BytesDigest, Sendable {
    public let storage: DigestBytes
    public static let byteCount = 32
    public static let printedName = "SHA256"
  }

  /// SHA-512 (FIPS 180-4).
  public struct SHA512: HashFunction, Sendable {
    public static let blockByteCount = 128
    var core = BlockHasher(blockSize: 128)
    var state: [UInt64] = sha512Initial
    /// A SHA-512 hash of no data yet.
    public init() {}
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
      core.feed(bufferPointer, &state, sha512Block)
    }
    public func finalize() -> SHA512Digest {
      var copy = self
      copy.core.pad(lengthBytes: 16, bigEndian: true, &copy.state, sha512Block)
      return SHA512Digest(storage: DigestBytes(bytes: copy.state.flatMap(bigEndianBytes)))
    }
  }

  /// A SHA-512 digest (64 bytes).
  public struct SHA512Digest: BytesDigest, Sendable {
    public let storage: DigestBytes
    public static let byteCount = 64
    public static let printedName = "SHA512"
  }

  /// SHA-384 (FIPS 180-4): SHA-512 with other initial values, cut to 48 bytes.
  public struct SHA384: HashFunction, Sendable {
    public static let blockByteCount = 128
    var core = BlockHasher(blockSize: 128)
    var state: [UInt64] = [
      0xcbbb_9d5d_c105_9ed8, 0x629a_292a_367c_d507, 0x9159_015a_3070_dd17, 0x152f_ecd8_f70e_5939,
      0x6733_2667_ffc0_0b31, 0x8eb4_4a87_6858_1511, 0xdb0c_2e0d_64f9_8fa7, 0x47b5_481d_befa_4fa4,
    ]
    /// A SHA-384 hash of no data yet.
    public init() {}
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
      core.feed(bufferPointer, &state, sha512Block)
    }
    public func finalize() -> SHA384Digest {
      var copy = self
      copy.core.pad(lengthBytes: 16, bigEndian: true, &copy.state, sha512Block)
      let bytes = copy.state.flatMap(bigEndianBytes)
      return SHA384Digest(storage: DigestBytes(bytes: Array(bytes.prefix(48))))
    }
  }

  /// A SHA-384 digest (48 bytes).
  public struct SHA384Digest: BytesDigest, Sendable {
    public let storage: DigestBytes
    public static let byteCount = 48
    public static let printedName = "SHA384"
  }

  func littleEndianBytes(_ word: UInt32) -> [UInt8] {
    [UInt8(word & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word >> 16 & 0xFF), UInt8(word >> 24)]
  }

  func bigEndianBytes(_ word: UInt32) -> [UInt8] {
    [UInt8(word >> 24), UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF)]
  }

  func bigEndianBytes(_ word: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(word >> (56 - 8 * UInt64($0)) & 0xFF) }
  }
#endif

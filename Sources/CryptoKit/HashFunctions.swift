// Linux only: on Apple platforms the system's framework of this name is used.
#if os(Linux)
  public import Foundation

  /// CryptoKit's hash functions, for code that names its disk cache's files by a digest of the URL
  /// (`Insecure.MD5.hash(data:)`, `SHA256.hash(data:)`). Apple's CryptoKit is not on Linux; this
  /// module has its name and the hashing part of its API, so such a file compiles unchanged
  /// against CellSimUIKit (which depends on it on Linux only; on Apple platforms the real one is
  /// used). The digests are the standard ones (RFC 1321, FIPS 180-4), checked against published
  /// test vectors. Not provided: keys, HMAC, ciphers, signatures.

  /// CryptoKit's `HashFunction`: a hash computed over data given in parts.
  public protocol HashFunction {
    /// The digest type.
    associatedtype Digest: CryptoKit.Digest
    /// The block size in bytes.
    static var blockByteCount: Int { get }
    /// A hash of no data yet.
    init()
    /// Adds the bytes of `bufferPointer`.
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    /// The digest of the data given so far.
    func finalize() -> Digest
  }

  extension HashFunction {
    /// Adds `data`.
    public mutating func update<D: DataProtocol>(data: D) {
      for region in data.regions {
        region.withUnsafeBytes { update(bufferPointer: $0) }
      }
    }

    /// The digest of `data`.
    public static func hash<D: DataProtocol>(data: D) -> Digest {
      var function = Self()
      function.update(data: data)
      return function.finalize()
    }

    /// The digest of the bytes of `bufferPointer`.
    public static func hash(bufferPointer: UnsafeRawBufferPointer) -> Digest {
      var function = Self()
      function.update(bufferPointer: bufferPointer)
      return function.finalize()
    }
  }

  /// CryptoKit's `Digest`: the bytes of a hash, comparable, hashable and printable.
  public protocol Digest: Hashable, ContiguousBytes, CustomStringConvertible, Sequence
  where Element == UInt8 {
    /// The digest's length in bytes.
    static var byteCount: Int { get }
  }

  /// A digest's bytes, shared by every digest type.
  public struct DigestBytes: Hashable, Sendable {
    let bytes: [UInt8]
  }

  extension Digest {
    /// Lowercase hexadecimal.
    var hex: String {
      let digits = Array("0123456789abcdef".utf8)
      var text: [UInt8] = []
      text.reserveCapacity(Self.byteCount * 2)
      for byte in self {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0xF)])
      }
      return String(decoding: text, as: UTF8.self)
    }
  }

  /// Defines a digest type over `DigestBytes` (the bodies are the same for every algorithm).
  public protocol BytesDigest: Digest {
    /// The bytes.
    var storage: DigestBytes { get }
    /// The name CryptoKit prints before the hexadecimal (`SHA256 digest: …`).
    static var printedName: String { get }
  }

  extension BytesDigest {
    /// Calls `body` with the digest's bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
      try storage.bytes.withUnsafeBytes(body)
    }

    /// The bytes in order.
    public func makeIterator() -> IndexingIterator<[UInt8]> { storage.bytes.makeIterator() }

    /// For example `SHA256 digest: ba7816bf…`, as CryptoKit prints it.
    public var description: String { "\(Self.printedName) digest: \(hex)" }
  }
#endif

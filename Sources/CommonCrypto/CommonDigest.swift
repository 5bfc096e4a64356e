// Linux only: on Apple platforms the system's framework of this name is used.
#if os(Linux)
  import CryptoKit

  /// CommonCrypto's one-shot digests (`CommonDigest.h`), for older code that names cache files by
  /// `CC_MD5` of the URL. Apple's CommonCrypto is not on Linux; this module has its name and these
  /// functions, with the signatures Swift imports from the C header, so such a file compiles
  /// unchanged against CellSimUIKit (which depends on it on Linux only). The digests are
  /// CryptoKit's (this package's stand-in on Linux). Not provided: the streaming `_CTX` functions,
  /// HMAC, ciphers.

  /// `CC_LONG`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public typealias CC_LONG = UInt32

  /// `CC_MD5_DIGEST_LENGTH`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let CC_MD5_DIGEST_LENGTH: Int32 = 16
  /// `CC_SHA1_DIGEST_LENGTH`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let CC_SHA1_DIGEST_LENGTH: Int32 = 20
  /// `CC_SHA256_DIGEST_LENGTH`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let CC_SHA256_DIGEST_LENGTH: Int32 = 32
  /// `CC_SHA384_DIGEST_LENGTH`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let CC_SHA384_DIGEST_LENGTH: Int32 = 48
  /// `CC_SHA512_DIGEST_LENGTH`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let CC_SHA512_DIGEST_LENGTH: Int32 = 64

  /// Hashes `len` bytes at `data` with `H` into `md`, which must hold the digest; returns `md`.
  func digest<H: HashFunction>(
    _ function: H.Type, _ data: UnsafeRawPointer?, _ len: CC_LONG,
    _ md: UnsafeMutablePointer<UInt8>?
  ) -> UnsafeMutablePointer<UInt8>? {
    guard let md else { return nil }
    let input = UnsafeRawBufferPointer(start: len == 0 ? nil : data, count: Int(len))
    let result = H.hash(bufferPointer: input)
    result.withUnsafeBytes { bytes in
      for (index, byte) in bytes.enumerated() { md[index] = byte }
    }
    return md
  }

  /// `CC_MD5(data, len, md)`: the MD5 digest of `len` bytes at `data`, written to `md`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  @discardableResult public func CC_MD5(
    _ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!
  ) -> UnsafeMutablePointer<UInt8>! {
    digest(Insecure.MD5.self, data, len, md)
  }

  /// `CC_SHA1(data, len, md)`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  @discardableResult public func CC_SHA1(
    _ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!
  ) -> UnsafeMutablePointer<UInt8>! {
    digest(Insecure.SHA1.self, data, len, md)
  }

  /// `CC_SHA256(data, len, md)`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  @discardableResult public func CC_SHA256(
    _ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!
  ) -> UnsafeMutablePointer<UInt8>! {
    digest(SHA256.self, data, len, md)
  }

  /// `CC_SHA384(data, len, md)`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  @discardableResult public func CC_SHA384(
    _ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!
  ) -> UnsafeMutablePointer<UInt8>! {
    digest(SHA384.self, data, len, md)
  }

  /// `CC_SHA512(data, len, md)`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  @discardableResult public func CC_SHA512(
    _ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!
  ) -> UnsafeMutablePointer<UInt8>! {
    digest(SHA512.self, data, len, md)
  }
#endif

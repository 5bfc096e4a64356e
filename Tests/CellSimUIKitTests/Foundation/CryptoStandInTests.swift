// Written as iOS code: a disk cache's file names, by CryptoKit and by CommonCrypto. This test
// target depends on CellSimUIKit, not on the stand-ins: they are importable through it, as in
// an app's target.
import CellSimUIKit
import CommonCrypto
import CryptoKit
import Testing

/// A disk cache's file name for `url`, as CryptoKit code writes it.
func md5FileName(for url: URL) -> String {
  let digest = Insecure.MD5.hash(data: Data(url.absoluteString.utf8))
  return digest.map { String(format: "%02hhx", $0) }.joined()
}

/// The same with CommonCrypto, as code from before iOS 13 writes it.
func commonCryptoMD5(_ string: String) -> String {
  let data = Data(string.utf8)
  var digest = [UInt8](repeating: 0, count: Int(CC_MD5_DIGEST_LENGTH))
  _ = data.withUnsafeBytes { CC_MD5($0.baseAddress, CC_LONG(data.count), &digest) }
  return digest.map { String(format: "%02x", $0) }.joined()
}

@Suite("CryptoKit and CommonCrypto stand-ins give the standard digests")
struct CryptoStandInTests {
  /// Inputs: empty, "abc", a million "a" (the FIPS long message), and 1,280 bytes 0…255 (blocks
  /// and a partial one). Digests from Python's hashlib.
  static let inputs: [Data] = [
    Data(), Data("abc".utf8), Data(repeating: 0x61, count: 1_000_000),
    Data((0..<1_280).map { UInt8($0 % 256) }),
  ]

  static func hex<D: Digest>(_ digest: D) -> String {
    digest.map { String(format: "%02x", $0) }.joined()
  }

  @Test("MD5, SHA-1, SHA-256, SHA-384 and SHA-512 of the test vectors")
  func vectors() {
    let md5 = Self.inputs.map { Self.hex(Insecure.MD5.hash(data: $0)) }
    #expect(
      md5 == [
        "d41d8cd98f00b204e9800998ecf8427e", "900150983cd24fb0d6963f7d28e17f72",
        "7707d6ae4e027c70eea2a935c2296f21", "82829f1f3f2bb0f18b25f278e5bba8bd",
      ])
    let sha1 = Self.inputs.map { Self.hex(Insecure.SHA1.hash(data: $0)) }
    #expect(
      sha1 == [
        "da39a3ee5e6b4b0d3255bfef95601890afd80709", "a9993e364706816aba3e25717850c26c9cd0d89d",
        "34aa973cd4c4daa4f61eeb2bdbad27316534016f", "e37a04cb2353309f5cff4ee036cfb91a5e31cefd",
      ])
    let sha256 = Self.inputs.map { Self.hex(SHA256.hash(data: $0)) }
    #expect(
      sha256 == [
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
        "d414b085826eb06778483ba35564dc849e643359f69ed9747878ba6e54985bed",
      ])
    #expect(
      Self.hex(SHA384.hash(data: Self.inputs[1]))
        == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
        + "8086072ba1e7cc2358baeca134c825a7")
    #expect(
      Self.hex(SHA512.hash(data: Self.inputs[2]))
        == "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
        + "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b")
    #expect(
      Self.hex(SHA512.hash(data: Self.inputs[3]))
        == "c93f55ccf2fa8c82699ff9b58afe3591242b135d908a6d865e17e38adb41c21d"
        + "1d5359e51273036373d54d20b5659cc87e6e7b381ff027d33f971416cc590f90")
  }

  @Test("data given in parts hashes as a whole; digests compare, print and convert to Data")
  func incremental() {
    var hasher = SHA256()
    let whole = Self.inputs[3]
    var offset = 0
    for size in [1, 63, 64, 65, 127, 500, 460] {
      hasher.update(data: whole[offset..<offset + size])
      offset += size
    }
    let digest = hasher.finalize()
    #expect(digest == SHA256.hash(data: whole))
    #expect(SHA256Digest.byteCount == 32 && Data(digest).count == 32)
    #expect(digest.description == "SHA256 digest: " + Self.hex(digest))
    #expect(Set([digest, SHA256.hash(data: whole)]).count == 1)
  }

  @Test("a cache's file names: CryptoKit and CommonCrypto agree")
  func fileNames() throws {
    let url = try #require(URL(string: "https://img.test/photos/1.png"))
    #expect(md5FileName(for: url) == commonCryptoMD5(url.absoluteString))
    #expect(commonCryptoMD5("abc") == "900150983cd24fb0d6963f7d28e17f72")
    var sha = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
    let bytes = Array("abc".utf8)
    CC_SHA256(bytes, CC_LONG(bytes.count), &sha)
    #expect(sha == Array(SHA256.hash(data: Data(bytes))))
  }
}

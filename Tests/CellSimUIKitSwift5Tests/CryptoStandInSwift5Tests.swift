// Swift 5 language mode: a disk cache that names its files by the MD5 of the URL, with
// CommonCrypto as pre-iOS 13 code writes it and with CryptoKit.
import CellSimUIKit
import CommonCrypto
import CryptoKit
import Testing

extension String {
  /// The MD5 of the string's UTF-8 bytes, in hexadecimal, as String extensions in caches write it.
  var legacyMD5: String {
    let length = Int(CC_MD5_DIGEST_LENGTH)
    let result = UnsafeMutablePointer<CUnsignedChar>.allocate(capacity: length)
    defer { result.deallocate() }
    let bytes = self.cString(using: .utf8)!
    CC_MD5(bytes, CC_LONG(self.lengthOfBytes(using: .utf8)), result)
    return (0..<length).map { String(format: "%02x", result[$0]) }.joined()
  }
}

@Suite("Digests in Swift 5 mode")
struct CryptoStandInSwift5Tests {
  @Test("CommonCrypto's CC_MD5 and CryptoKit's Insecure.MD5 name a file alike")
  func fileNames() {
    let key = "https://img.test/photos/7.png"
    let kit = Insecure.MD5.hash(data: key.data(using: .utf8)!)
      .map { String(format: "%02hhx", $0) }.joined()
    #expect(key.legacyMD5 == kit)
    #expect("abc".legacyMD5 == "900150983cd24fb0d6963f7d28e17f72")
  }
}

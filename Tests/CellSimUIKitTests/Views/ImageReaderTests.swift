// Written as iOS code: the reader is used only through the layer.
import CellSimUIKit
import Testing

@Suite("UIImageReader: images read as its configuration says")
struct ImageReaderTests {
  @Test("the configuration's defaults are Apple's, and the default reader keeps them")
  func defaults() {
    let configuration = UIImageReader.Configuration()
    #expect(!configuration.preparesImagesForDisplay)
    #expect(configuration.preferredThumbnailSize == .zero)
    #expect(configuration.pixelsPerInch == 0)
    #expect(!UIImageReader.default.configuration.preparesImagesForDisplay)
  }

  @Test("by default an image is read lazily; prepared, decoded on the worker; thumbnailed, fit")
  func reads() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let plain = UIImageReader.default.image(data: bytes)!
        log.add("plain decoded \(plain.contentImage!.isDecoded) scale \(plain.scale)")
        var configuration = UIImageReader.Configuration()
        configuration.preparesImagesForDisplay = true
        let prepared = UIImageReader(configuration: configuration).image(data: bytes)!
        log.add("prepared decoded \(prepared.contentImage!.isDecoded)")
        configuration.preferredThumbnailSize = CGSize(width: 80, height: 80)
        let thumbnail = UIImageReader(configuration: configuration).image(data: bytes)!
        log.add("thumbnail \(max(thumbnail.size.width, thumbnail.size.height))")
        log.add("not an image \(UIImageReader.default.image(data: Data([1, 2, 3])) == nil)")
      }
    }
    #expect(log.lines.count == 4)
    #expect(log.lines[0] == "plain decoded false scale 1.0 @0")
    // The decode took virtual time on the worker.
    #expect(log.lines[1].hasPrefix("prepared decoded true @") && !log.lines[1].hasSuffix("@0"))
    #expect(log.lines[2].hasPrefix("thumbnail 80.0 @"))
    #expect(log.lines[3].hasPrefix("not an image true"))
  }

  @Test("an http URL is fetched from the world's network, blocking the calling thread")
  func readsFromTheNetwork() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate(serving: ["https://img.test/1.png": [UInt8](bytes)]) {
      DispatchQueue.global().async {
        let image = UIImageReader.default.image(contentsOf: URL(string: "https://img.test/1.png")!)
        log.add("fetched \(image != nil)")
        let missing = UIImageReader.default.image(
          contentsOf: URL(string: "https://img.test/2.png")!)
        log.add("missing \(missing == nil)")
      }
    }
    #expect(log.lines.first?.hasPrefix("fetched true @") == true)
    #expect(log.lines.first?.hasSuffix("@0") == false)
    #expect(log.lines.last?.hasPrefix("missing true") == true)
  }
}

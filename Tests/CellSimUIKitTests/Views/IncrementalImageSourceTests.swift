// Written as iOS code: ImageIO's incremental API is used only through the layer.
import CellSimUIKit
import Testing

@Suite("ImageIO's incremental image sources")
struct IncrementalImageSourceTests {
  @Test("an incremental source gives partial previews of the bytes so far, then the full image")
  func incremental() throws {
    let bytes = try photoBytes()
    let source = CGImageSourceCreateIncremental(nil)
    #expect(CGImageSourceGetStatus(source) == .statusReadingHeader)
    #expect(CGImageSourceGetCount(source) == 0)
    #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)
    CGImageSourceUpdateData(source, Data(bytes.prefix(20)), false)
    #expect(CGImageSourceGetStatus(source) == .statusReadingHeader)
    #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) == nil)

    let half = Data(bytes.prefix(bytes.count / 2))
    CGImageSourceUpdateData(source, half, false)
    #expect(CGImageSourceGetStatus(source) == .statusIncomplete)
    #expect(CGImageSourceGetStatusAtIndex(source, 0) == .statusIncomplete)
    #expect(CGImageSourceGetCount(source) == 1)
    let whole = try #require(UIImage(data: bytes))
    let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
    #expect(properties[kCGImagePropertyPixelWidth] as? Int == Int(whole.size.width))
    let preview = UIImage(cgImage: try #require(CGImageSourceCreateImageAtIndex(source, 0, nil)))
    let partial = try #require(preview.contentImage?.provenance)
    #expect(partial.partialBytes == half.count)
    #expect(partial.source == UIImage(data: half)?.contentImage?.provenance?.source)
    #expect(preview.contentImage?.isDecoded == false, "decoded lazily, as ImageIO's images are")

    CGImageSourceUpdateData(source, bytes, true)
    #expect(CGImageSourceGetStatus(source) == .statusComplete)
    let final = UIImage(cgImage: try #require(CGImageSourceCreateImageAtIndex(source, 0, nil)))
    #expect(final.contentImage?.provenance == whole.contentImage?.provenance)
    #expect(final.contentImage?.provenance?.isPartial == false)
    CGImageSourceUpdateData(source, half, false)
    #expect(CGImageSourceGetStatus(source) == .statusComplete, "a final source takes no more")
  }

  @Test("final data that ends early, and data that is no PNG, have the statuses ImageIO gives")
  func statuses() throws {
    let bytes = try photoBytes()
    let cut = CGImageSourceCreateIncremental(nil)
    CGImageSourceUpdateData(cut, Data(bytes.prefix(bytes.count / 2)), true)
    #expect(CGImageSourceGetStatus(cut) == .statusUnexpectedEOF)
    let text = CGImageSourceCreateIncremental(nil)
    CGImageSourceUpdateData(text, Data("<html>not an image</html>".utf8), false)
    #expect(CGImageSourceGetStatus(text) == .statusUnknownType)
    #expect(CGImageSourceGetStatusAtIndex(text, 1) == .statusInvalidData)
    let complete = try #require(CGImageSourceCreateWithData(bytes as CFData, nil))
    #expect(CGImageSourceGetStatus(complete) == .statusComplete)
  }

  @Test("a thumbnail of an incremental source is a partial decode on the calling worker")
  func thumbnail() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let source = CGImageSourceCreateIncremental(nil)
        CGImageSourceUpdateData(source, Data(bytes.prefix(bytes.count / 3)), false)
        let options = [kCGImageSourceThumbnailMaxPixelSize: 64] as CFDictionary
        let thumbnail = CGImageSourceCreateThumbnailAtIndex(source, 0, options)!
        let image = UIImage(cgImage: thumbnail).contentImage!
        log.add(
          "\(max(thumbnail.width, thumbnail.height)) \(image.isDecoded) "
            + "\(image.provenance!.partialBytes == bytes.count / 3)")
      }
    }
    #expect(log.lines.count == 1)
    #expect(log.lines[0].hasPrefix("64 true true @"))
  }
}

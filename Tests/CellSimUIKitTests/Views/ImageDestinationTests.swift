// Written as iOS code: a disk cache that writes thumbnails with ImageIO.
import CellSimUIKit
import Testing

@Suite("CGImageDestination writes images as a thumbnail cache does")
struct ImageDestinationTests {
  @Test("a thumbnail written to data and to a file reads back with its provenance")
  func thumbnailCache() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let world = SimulationContext.world(for: "test")
        guard let source = CGImageSourceCreateWithData(bytes as CFData, nil),
          let thumbnail = CGImageSourceCreateThumbnailAtIndex(
            source, 0,
            [
              kCGImageSourceCreateThumbnailFromImageAlways: true,
              kCGImageSourceThumbnailMaxPixelSize: 64,
            ] as CFDictionary)
        else { return log.add("no thumbnail") }
        let expected = UIImage(cgImage: thumbnail).simImage(in: world).provenance
        // To memory, as `UIImage.jpegData` would, through ImageIO.
        let data = NSMutableData()
        guard
          let destination = CGImageDestinationCreateWithData(
            data as CFMutableData, UTType.jpeg.identifier as CFString, 1, nil)
        else { return log.add("no destination") }
        CGImageDestinationAddImage(
          destination, thumbnail, [kCGImageDestinationLossyCompressionQuality: 0.7] as CFDictionary)
        let written = CGImageDestinationFinalize(destination)
        let again = CGImageDestinationFinalize(destination)
        let encoded = Data(referencing: data)
        let back = UIImage(data: encoded)
        log.add(
          "written \(written) again \(again) provenance "
            + "\(back?.simImage(in: world).provenance == expected) "
            + "size \(back.map { Int($0.size.width * $0.scale) } ?? 0) "
            + "reencoded \(encoded != bytes)")
        // To the caches folder, by URL.
        let folder = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        let url = folder.appendingPathComponent("thumb.png")
        guard
          let fileDestination = CGImageDestinationCreateWithURL(url as CFURL, kUTTypePNG, 1, nil)
        else { return log.add("no file destination") }
        // An NSDictionary of options, bridged as on Apple's systems.
        let options: NSDictionary = [kCGImageDestinationLossyCompressionQuality: 1]
        CGImageDestinationAddImage(fileDestination, thumbnail, options)
        let pixels = thumbnail.dataProvider?.data.map { ($0 as Data).count }
        log.add("provider \(pixels == thumbnail.bytesPerRow * thumbnail.height)")
        let stored = CGImageDestinationFinalize(fileDestination)
        let read = (try? Data(contentsOf: url)).flatMap { UIImage(data: $0) }
        log.add(
          "stored \(stored) read \(read?.simImage(in: world).provenance == expected)")
      }
    }
    #expect(
      log.lines.map { $0.components(separatedBy: " @")[0] } == [
        "written true again false provenance true size 64 reencoded true",
        "provider true", "stored true read true",
      ])
  }

  @Test("a renderer's pngData and jpegData read back as the image it drew")
  func rendererData() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        guard let photo = UIImage(data: bytes) else { return log.add("no photo") }
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 30), format: format)
        let png = renderer.pngData { _ in photo.draw(in: CGRect(x: 0, y: 0, width: 40, height: 30))
        }
        let jpeg = renderer.jpegData(withCompressionQuality: 0.5) { _ in
          photo.draw(in: CGRect(x: 0, y: 0, width: 40, height: 30))
        }
        let back = [png, jpeg].compactMap { UIImage(data: $0) }
        log.add(
          "read \(back.count) sizes \(back.map { "\(Int($0.size.width))x\(Int($0.size.height))" })")
      }
    }
    #expect(
      log.lines.map { $0.components(separatedBy: " @")[0] } == [#"read 2 sizes ["40x30", "40x30"]"#]
    )
  }

  @Test("types: identifiers, extensions and conformance; unknown types make no destination")
  func types() {
    #expect(UTType(filenameExtension: "JPG") == .jpeg)
    #expect(UTType("public.png")?.preferredMIMEType == "image/png")
    #expect(UTType(mimeType: "image/heic") == .heic)
    #expect(UTType.png.conforms(to: .image) && UTType.png.conforms(to: .data))
    #expect(!UTType.data.conforms(to: .image))
    #expect(UTType(filenameExtension: "txt") == nil)
    #expect(UTType(filenameExtension: "png", conformingTo: .image) == .png)
    #expect(UTType(filenameExtension: "png", conformingTo: .jpeg) == nil)
    let cached = URL(fileURLWithPath: "/tmp/cache/42").appendingPathExtension(for: .jpeg)
    #expect(cached.lastPathComponent == "42.jpeg")
    #expect(
      URL(fileURLWithPath: "/tmp/x").appendingPathExtension(for: .data).lastPathComponent == "x")
    #expect(kUTTypeJPEG == UTType.jpeg.identifier)
    let data = CFDataCreateMutable(kCFAllocatorDefault, 0)!
    #expect(CGImageDestinationCreateWithData(data, "public.plain-text", 1, nil) == nil)
    #expect(CGImageDestinationCreateWithData(data, kUTTypePNG, 0, nil) == nil)
    let empty = CGImageDestinationCreateWithData(data, kUTTypePNG, 1, nil)
    #expect(empty.map(CGImageDestinationFinalize) == false)
    #expect(data.length == 0)
  }
}

// Written as iOS code: a filter step in an operation, as filter tutorials write it.
import CellSimUIKit
import Testing

@Suite("pngData, Core Image and UIImage equality keep an image's provenance")
struct CoreImageAndEncodingTests {
  @Test("pngData gives back the bytes an image was made from; equality is identity")
  func pngDataRoundTrip() throws {
    let bytes = try photoBytes()
    let image = try #require(UIImage(data: bytes))
    #expect(image.pngData() == bytes)
    #expect(image.jpegData(compressionQuality: 0.8) == bytes)
    let again = try #require(UIImage(data: bytes))
    #expect(image == image)
    #expect(image != again)
    #expect(Set([image, image, again]).count == 2)
  }

  @Test("a sepia filter on a worker costs a resample and keeps the source's provenance")
  func sepiaInAnOperation() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      let queue = OperationQueue()
      queue.addOperation {
        let start = virtualMilliseconds()
        guard let image = UIImage(data: bytes), let data = image.pngData(),
          let input = CIImage(data: data), let filter = CIFilter(name: "CISepiaTone")
        else { return log.add("no input") }
        filter.setValue(input, forKey: kCIInputImageKey)
        filter.setValue(0.8, forKey: kCIInputIntensityKey)
        let context = CIContext(options: nil)
        guard let output = filter.outputImage,
          let rendered = context.createCGImage(output, from: output.extent)
        else { return log.add("no output") }
        let result = UIImage(cgImage: rendered)
        let world = SimulationContext.world(for: "test")
        let source = image.simImage(in: world).provenance?.source
        let filtered = result.simImage(in: world).provenance
        log.add(
          "same source \(filtered?.source == source) transforms \(filtered?.transforms.count ?? -1) "
            + "size \(result.size == image.size) took time \(virtualMilliseconds() > start)")
      }
    }
    #expect(log.lines.count == 1)
    #expect(
      log.lines.first?.hasPrefix("same source true transforms 1 size true took time true") == true)
  }

  @Test("a thumbnail's pngData reads back with the thumbnail's provenance and size")
  func thumbnailReencoded() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        guard let image = UIImage(data: bytes),
          let thumbnail = image.preparingThumbnail(of: CGSize(width: 64, height: 64)),
          let data = thumbnail.pngData(), let back = UIImage(data: data)
        else { return log.add("failed") }
        let world = SimulationContext.world(for: "test")
        let expected = thumbnail.simImage(in: world).provenance
        log.add(
          "provenance \(back.simImage(in: world).provenance == expected) "
            + "size \(back.size == thumbnail.size) differs \(data != bytes)")
      }
    }
    #expect(
      log.lines.map { $0.components(separatedBy: " @")[0] } == [
        "provenance true size true differs true"
      ])
  }
}

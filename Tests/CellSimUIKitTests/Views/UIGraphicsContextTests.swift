// Written as iOS code: the graphics functions are used only through the layer.
import CellSimUIKit
import SimPlatform
import Testing

/// Draws `image` into an image context of `size` points, the way pre-renderer tutorials resize a
/// download, and returns the result.
private func resized(_ image: UIImage, to size: CGSize) -> UIImage? {
  UIGraphicsBeginImageContextWithOptions(size, false, 0)
  defer { UIGraphicsEndImageContext() }
  image.draw(in: CGRect(origin: .zero, size: size))
  return UIGraphicsGetImageFromCurrentImageContext()
}

@Suite("UIGraphicsBeginImageContext and its family: a stack per thread, priced at the draw")
struct UIGraphicsContextTests {
  @Test("the resize idiom resamples on the worker, in virtual time, keeping the source")
  func resizeIdiom() throws {
    let bytes = try photoBytes()
    let log = Log()
    let outcome = try simulate {
      DispatchQueue.global().async {
        let image = UIImage(data: bytes)!
        let world = SimulationContext.world(for: "test")
        let scale = CGFloat(world.device.scale)
        let small = resized(image, to: CGSize(width: 64, height: 48))!
        let result = small.simImage(in: world)
        log.add(
          "size \(Int(small.size.width))x\(Int(small.size.height)) "
            + "pixels \(result.pixelWidth == Int(64 * scale) && result.pixelHeight == Int(48 * scale)) "
            + "scale \(small.scale == scale) source \(result.provenance?.source == image.simImage(in: world).provenance?.source) "
            + "transforms \(result.provenance?.transforms.count ?? -1) decoded \(result.isDecoded) "
            + "left \(UIGraphicsGetCurrentContext() == nil) on \(simulatedThreadName())")
      }
    }
    let line = try #require(log.lines.first)
    #expect(
      line.hasPrefix(
        "size 64x48 pixels true scale true source true transforms 1 decoded true left true on w1 @"
      ), "\(line)")
    // The decode and the resample took virtual time on the worker, at the draw.
    #expect(!line.hasSuffix(" @0"))
    let decodes = outcome.trace.split(separator: "\n").filter { $0.contains("image.decode") }
    #expect(decodes.count == 1)
    #expect(decodes.allSatisfy { $0.contains("thread=w1") })
  }

  @Test("two workers that block inside their contexts each get their own canvas")
  func stackPerThread() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      for (index, side) in [64, 32].enumerated() {
        DispatchQueue.global().async {
          let image = UIImage(data: bytes)!
          UIGraphicsBeginImageContextWithOptions(CGSize(width: side, height: side), true, 1)
          log.add("\(index) began on \(simulatedThreadName())")
          // Blocks this worker for the decode and resample: the other one runs meanwhile.
          image.draw(in: CGRect(x: 0, y: 0, width: side, height: side))
          let result = UIGraphicsGetImageFromCurrentImageContext()
          UIGraphicsEndImageContext()
          log.add(
            "\(index) got \(result.map { "\(Int($0.size.width))" } ?? "nil") "
              + "left \(UIGraphicsGetCurrentContext() == nil)")
        }
      }
    }
    let lines = log.lines.map { $0.components(separatedBy: " @")[0] }
    // Both began before either finished: their contexts were open at once.
    #expect(Array(lines.prefix(2)) == ["0 began on w1", "1 began on w2"])
    #expect(Set(lines.dropFirst(2)) == ["0 got 64 left true", "1 got 32 left true"])
  }

  @Test("no image context: nil; a pushed context is current but not an image context")
  func currentContexts() throws {
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        log.add("none \(UIGraphicsGetImageFromCurrentImageContext() == nil)")
        UIGraphicsEndImageContext()  // nothing to end: does nothing
        let bitmap = CGContext(
          data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo.byteOrder32Little)!
        UIGraphicsPushContext(bitmap)
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8)).fill()
        UIGraphicsEndImageContext()  // the top is not an image context: it stays
        log.add(
          "pushed \(UIGraphicsGetCurrentContext() === bitmap) "
            + "image \(UIGraphicsGetImageFromCurrentImageContext() == nil) \(bitmap.operations)")
        UIGraphicsPopContext()
        UIGraphicsBeginImageContext(CGSize(width: 10, height: 5))
        let blank = UIGraphicsGetImageFromCurrentImageContext()
        let world = SimulationContext.world(for: "test")
        log.add(
          "blank \(blank?.simImage(in: world).kind == .placeholder) "
            + "\(Int(blank?.size.width ?? 0))x\(Int(blank?.size.height ?? 0)) scale \(blank?.scale ?? 0)"
        )
        UIGraphicsEndImageContext()
        var inside = false
        let format = UIGraphicsImageRendererFormat.default()
        _ = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image {
          ctx in
          inside = UIGraphicsGetCurrentContext() === ctx.cgContext
        }
        log.add("renderer \(inside) after \(UIGraphicsGetCurrentContext() == nil)")
      }
    }
    #expect(
      log.lines.map { $0.components(separatedBy: " @")[0] } == [
        "none true",
        "pushed true image true [\"fill path\"]",
        "blank true 10x5 scale 1.0",
        "renderer true after true",
      ])
  }
}

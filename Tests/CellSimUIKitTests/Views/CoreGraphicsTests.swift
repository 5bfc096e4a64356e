import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import SimPlatform
import TestSupport
import Testing

@Suite("Core Graphics redraws force a decode on the calling thread and keep the content")
struct CoreGraphicsTests {
  @Test("Apple's raw values: premultipliedFirst | byteOrder32Little is 0x2002")
  func rawValues() {
    #expect(
      CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        == 0x2002)
    #expect(CGImageAlphaInfo.noneSkipLast.rawValue == 5)
    #expect(CGBitmapInfo.byteOrder32Big.rawValue == 0x4000)
    #expect(CGInterpolationQuality.high.rawValue == 3)
    let context = CGContext(
      data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
      space: CGColorSpaceCreateDeviceRGB(),
      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
        | CGBitmapInfo.byteOrder32Little.rawValue)
    #expect(context?.alphaInfo == .premultipliedFirst && context?.bytesPerRow == 40)
    // Core Graphics refuses an empty size and a row too short for the width.
    #expect(
      CGContext(
        data: nil, width: 0, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: 0) == nil)
    #expect(
      CGContext(
        data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 8,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo.byteOrder32Little) == nil)
  }

  @Test("the force-decompress idiom decodes on the worker, before display, keeping the source")
  func forceDecompressOnAWorker() throws {
    let bytes = try photoBytes()
    let log = Log()
    let outcome = try simulate {
      DispatchQueue.global().async {
        let image = UIImage(data: bytes)!
        let world = SimulationContext.world(for: "test")
        let source = image.simImage(in: world)
        log.add("before \(source.isDecoded) on \(simulatedThreadName())")
        let decoded = image.decodedImage()
        let result = decoded.simImage(in: world)
        log.add(
          "after \(result.isDecoded) same provenance \(result.provenance == source.provenance) "
            + "size \(decoded.size == image.size)")
        DispatchQueue.main.async {
          let view = UIImageView(image: decoded)
          log.add("shown \(view.image?.simImage(in: world).isDecoded == true)")
        }
      }
    }
    #expect(log.lines.count == 3)
    #expect(log.lines.first == "before false on w1 @0")
    // The decode took virtual time on the worker.
    #expect(log.lines[1].hasPrefix("after true same provenance true size true @"))
    #expect(!log.lines[1].hasSuffix(" @0"))
    let decodes = outcome.trace.split(separator: "\n").filter { $0.contains("image.decode") }
    #expect(decodes.count == 1)
    #expect(decodes.allSatisfy { $0.contains("thread=w1") })
  }

  @Test("a redraw at another size is the source's resample; nothing drawn is a placeholder")
  func redrawAtAnotherSize() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let image = UIImage(data: bytes)!
        let world = SimulationContext.world(for: "test")
        let source = image.simImage(in: world)
        let small = image.decodedImage(pixelSize: CGSize(width: 64, height: 48))!
        let provenance = small.simImage(in: world).provenance
        log.add(
          "size \(Int(small.size.width))x\(Int(small.size.height)) source \(provenance?.source == source.provenance?.source) "
            + "transforms \(provenance?.transforms.count ?? -1) decoded \(source.isDecoded)")
        let empty = CGContext(
          data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo.byteOrder32Little)!
        empty.setFillColor(UIColor.red.cgColor)
        empty.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        let blank = empty.makeImage().map { UIImage(cgImage: $0) }
        log.add(
          "blank \(blank?.simImage(in: world).kind == .placeholder) \(empty.operations)")
      }
    }
    #expect(
      log.lines.map { $0.components(separatedBy: " @")[0] } == [
        "size 64x48 source true transforms 1 decoded true",
        "blank true [\"fill color\", \"fill\"]",
      ])
  }

  @Test("a renderer's cgContext: rounded-corner clip and CG draws reach the renderer")
  func rendererCGContext() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let image = UIImage(data: bytes)!
        let world = SimulationContext.world(for: "test")
        let size = CGSize(width: 40, height: 40)
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        var current: UIImage?
        var operations: [String] = []
        let rounded = UIGraphicsImageRenderer(size: size, format: format).image { ctx in
          let rect = CGRect(origin: .zero, size: size)
          ctx.cgContext.interpolationQuality = .high
          ctx.cgContext.addPath(UIBezierPath(roundedRect: rect, cornerRadius: 8).cgPath)
          ctx.cgContext.clip()
          ctx.cgContext.translateBy(x: 0, y: size.height)
          ctx.cgContext.scaleBy(x: 1, y: -1)
          ctx.cgContext.draw(image.cgImage!, in: rect)
          current = ctx.currentImage
          operations = ctx.cgContext.operations
        }
        let provenance = rounded.simImage(in: world).provenance
        log.add(
          "size \(Int(rounded.size.width))x\(Int(rounded.size.height)) source \(provenance?.source == image.simImage(in: world).provenance?.source) "
            + "current \(current?.simImage(in: world).provenance == provenance) \(operations.count)"
        )
      }
    }
    #expect(
      log.lines.map { $0.components(separatedBy: " @")[0] } == [
        "size 40x40 source true current true 5"
      ])
  }

  @Test("a progress ring's path: lineWidth is 1 until set, then kept")
  func bezierPathLineWidth() {
    let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 150, height: 150))
    #expect(ring.lineWidth == CGFloat(1))
    ring.lineWidth = 5
    #expect(ring.lineWidth == CGFloat(5))
    #expect(ring.bounds == CGRect(x: 0, y: 0, width: 150, height: 150))
  }

  @Test(
    "a table that force-decompresses off main: the oracle sees the right photos, main decodes none")
  func hostedDecompressingTable() throws {
    let scenario = try Scenario(
      contentsOf: Repository.url("Scenarios/invariants/no_cross_cell_image.yaml"),
      fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      makeViewController: { DecompressingPhotosViewController() },
      rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(
      scenario, screen: screen, fixturesRoot: Repository.fixtures, keepTrace: true)
    #expect(result.violations.count(.noCrossCellImage) == 0, "\(result.violations)")
    let decodes = (result.traceText ?? "").split(separator: "\n").filter {
      $0.contains("image.decode")
    }
    #expect(!decodes.isEmpty)
    #expect(decodes.allSatisfy { !$0.contains("thread=main") })
  }

  @Test("equalTo(_:) on points, sizes and rectangles compares as Core Graphics does")
  func geometryEquality() {
    #expect(CGSize(width: 3, height: 4).equalTo(CGSize(width: 3, height: 4)))
    #expect(!CGSize(width: 3, height: 4).equalTo(CGSize(width: 4, height: 3)))
    #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
    #expect(!CGPoint(x: 1, y: 2).equalTo(.zero))
    #expect(
      CGRect(x: 0, y: 0, width: -10, height: -10).equalTo(
        CGRect(x: -10, y: -10, width: 10, height: 10)))
    #expect(
      CGRect.null.equalTo(.null) && !CGRect.zero.equalTo(CGRect(x: 0, y: 0, width: 1, height: 1)))
  }
}

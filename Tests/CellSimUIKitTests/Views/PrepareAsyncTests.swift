// Written as iOS code: the views are used only through the layer. iOS 15's completion-handler
// forms of image preparation, as cells call them from the main thread.
import CellSimUIKit
import TestSupport
import Testing

@Suite("UIImage's completion-handler preparation")
struct PrepareAsyncTests {
  @Test("prepareForDisplay and prepareThumbnail decode on a worker and call back there")
  func completionForms() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      DispatchQueue.main.async {
        let image = UIImage(data: bytes)!
        image.prepareForDisplay { prepared in
          log.add("display \(prepared!.contentImage!.isDecoded) main=\(Thread.isMainThread)")
        }
        image.prepareThumbnail(of: CGSize(width: 32, height: 32)) { thumbnail in
          let side = max(thumbnail!.size.width, thumbnail!.size.height)
          log.add("thumbnail \(side) main=\(Thread.isMainThread)")
        }
        log.add("returned")
      }
    }
    #expect(log.lines.count == 3 && log.lines[0] == "returned @0")
    #expect(log.lines.contains { $0.hasPrefix("display true main=false @") && !$0.hasSuffix("@0") })
    #expect(log.lines.contains { $0.hasPrefix("thumbnail 32.0 main=false @") })
  }
}

@Suite("UIColor's drawing calls")
struct ColorDrawingTests {
  @Test("setFill, setStroke and set reach the current context; without one they do nothing")
  func setFillAndStroke() throws {
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        UIColor.red.setFill()
        let context = CGContext(
          data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo.byteOrder32Little)!
        UIGraphicsPushContext(context)
        UIColor.red.setFill()
        UIColor.blue.setStroke()
        UIColor.white.set()
        UIGraphicsPopContext()
        log.add("\(context.operations)")
      }
    }
    #expect(
      log.lines.map { $0.components(separatedBy: " @")[0] } == [
        "[\"fill color\", \"stroke color\", \"fill color\", \"stroke color\"]"
      ])
  }
}

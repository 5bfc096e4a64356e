import SimPlatform
import SimThreads

/// CoreGraphics' `CGImage`, as the bitmap of a `UIImage`: its size and its pixel format. A
/// `UIImage(cgImage:)` made from it is the same image (same provenance). Bitmap contexts,
/// colour spaces and pixel-format flags: `CGContext.swift`, `CoreGraphics.swift`. Not
/// modelled: data providers.
public final class CGImage: @unchecked Sendable {
  let image: Image
  /// The pixel-format flags (a decoded iOS bitmap's by default: premultiplied RGBA).
  public let bitmapInfo: CGBitmapInfo
  /// The alpha info (`.premultipliedLast` by default).
  public let alphaInfo: CGImageAlphaInfo
  /// A crop of `image` (`cropping(to:)`), in its pixels; nil for the whole image.
  let crop: CGRect?

  init(
    image: Image, bitmapInfo: CGBitmapInfo? = nil, alphaInfo: CGImageAlphaInfo = .premultipliedLast,
    crop: CGRect? = nil
  ) {
    self.image = image
    self.alphaInfo = alphaInfo
    self.bitmapInfo = bitmapInfo ?? CGBitmapInfo(rawValue: alphaInfo.rawValue)
    self.crop = crop
  }
  /// The width in pixels.
  public var width: Int { crop.map { Int($0.width) } ?? image.pixelWidth }
  /// The height in pixels.
  public var height: Int { crop.map { Int($0.height) } ?? image.pixelHeight }
  /// 8.
  public var bitsPerComponent: Int { 8 }
  /// 32 (RGBA8).
  public var bitsPerPixel: Int { 32 }
  /// `width × 4`.
  public var bytesPerRow: Int { width * 4 }
  /// The colour space: device RGB.
  public var colorSpace: CGColorSpace? { CGColorSpaceCreateDeviceRGB() }

  /// `cropping(to:)`: nil when `rect` misses the image; the image itself when it covers it.
  /// Otherwise a crop that reports the rectangle's size but keeps the source's pixels and
  /// provenance (where they are drawn or shown, the whole source is: off-centre crops are not
  /// modelled on pixels), as Core Graphics' crop is lazy and costs nothing when made.
  public func cropping(to rect: CGRect) -> CGImage? {
    let bounds = CGRect(x: 0, y: 0, width: image.pixelWidth, height: image.pixelHeight)
    let base = crop ?? bounds
    let cut = rect.integral.intersection(base)
    guard !cut.isNull, cut.width >= 1, cut.height >= 1 else { return nil }
    return CGImage(
      image: image, bitmapInfo: bitmapInfo, alphaInfo: alphaInfo, crop: cut == bounds ? nil : cut)
  }
}

extension UIImage {
  /// `UIImage.Orientation` (kept; images are always drawn up).
  public enum Orientation: Int, Sendable {
    case up = 0
    case down = 1
    case left = 2
    case right = 3
    case upMirrored = 4
    case downMirrored = 5
    case leftMirrored = 6
    case rightMirrored = 7
  }

  /// `UIImage(cgImage:)`: the same pixels, with the same provenance.
  public convenience init(cgImage: CGImage) {
    self.init(content: .bitmap(cgImage.image), scale: 1)
  }

  /// `UIImage(cgImage:scale:orientation:)` (the orientation is not modelled).
  public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
    self.init(content: .bitmap(cgImage.image), scale: scale > 0 ? scale : 1)
  }

  /// The bitmap of a content image (nil for named and system images). Reading it decodes
  /// nothing: the image stays encoded until displayed or prepared.
  public var cgImage: CGImage? { contentImage.map { CGImage(image: $0) } }

  /// Always `.up`.
  public var imageOrientation: Orientation { .up }

  /// Draws the image into the calling thread's current UIKit graphics context, filling `rect`:
  /// a `UIGraphicsImageRenderer`'s (priced when the renderer makes its image), or a bitmap
  /// context (`UIGraphicsBeginImageContextWithOptions`, `UIGraphicsPushContext`), priced now as
  /// `CGContext.draw(_:in:)` prices it. Nothing happens without a current context, as in UIKit.
  public func draw(in rect: CGRect) {
    guard let context = CGContext.current else { return }
    if let renderer = context.renderer {
      renderer.drawn.append((self, rect))
    } else if let cgImage {
      context.draw(cgImage, in: rect)
    } else {
      context.record("draw named image")
    }
  }

  /// Draws the image at `point`, at its size.
  public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

  /// `draw(in:blendMode:alpha:)`: as `draw(in:)`; the blend mode and alpha are recorded.
  public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
    CGContext.current?.record("blend \(blendMode.rawValue) alpha \(alpha)")
    draw(in: rect)
  }

  /// `draw(at:blendMode:alpha:)`: as `draw(at:)`; the blend mode and alpha are recorded.
  public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
    draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
  }
}

/// UIKit's `UIGraphicsImageRendererFormat`: the scale (the device's screen scale by default) and
/// opacity (kept).
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
  /// Points × scale = pixels.
  open var scale: CGFloat
  /// `opaque` (kept).
  open var opaque = false

  /// A format at the device's screen scale (1 outside any world).
  public override init() {
    scale = SimulationContext.world.map { CGFloat($0.device.scale) } ?? 1
  }

  /// The default format.
  open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
  /// The preferred format (the default).
  open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// UIKit's `UIGraphicsImageRendererContext`: what `image(actions:)` hands its closure.
open class UIGraphicsImageRendererContext: NSObject {
  /// The renderer's format.
  public let format: UIGraphicsImageRendererFormat
  /// The images drawn so far, with their rectangles.
  var drawn: [(UIImage, CGRect)] = []
  /// The canvas, in pixels.
  let pixelWidth: Int
  let pixelHeight: Int

  init(format: UIGraphicsImageRendererFormat, pixelWidth: Int, pixelHeight: Int) {
    self.format = format
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }

  /// Fills `rect` with the current colour (recorded, nothing is drawn).
  open func fill(_ rect: CGRect) { cgContext.fill(rect) }

  /// The Core Graphics context: what it draws goes to the renderer, which prices it when it
  /// makes its image (`CGContext.swift`).
  public private(set) lazy var cgContext: CGContext = {
    let context = CGContext(
      width: pixelWidth, height: pixelHeight, bitsPerComponent: 8, bytesPerRow: 0,
      space: CGColorSpaceCreateDeviceRGB(),
      bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue))
    context.renderer = self
    return context
  }()

  /// The image drawn so far, made as `image(actions:)` makes its result (a decode and a
  /// resample of the first content image drawn, on the calling thread).
  public var currentImage: UIImage { render() }

  /// The canvas as an image (see `UIGraphicsImageRenderer`).
  func render() -> UIImage {
    let world = SimulationContext.world(for: "UIGraphicsImageRenderer.image(actions:)")
    guard let source = drawn.lazy.compactMap({ $0.0.contentImage }).first else {
      return UIImage(
        simImage: Image(kind: .placeholder, width: pixelWidth, height: pixelHeight, world: world),
        scale: format.scale)
    }
    guard Blocking.canBlock else {
      preconditionFailure(
        "CellSimUIKit: UIGraphicsImageRenderer.image(actions:) was called outside a simulated "
          + "thread's blocking code")
    }
    var result: Image?
    _ = Blocking.perform("decode", detail: "UIGraphicsImageRenderer") { execution, done in
      world.decoder.resample(
        source, to: .aspectFill(width: self.pixelWidth, height: self.pixelHeight), on: execution
      ) {
        result = $0
        done()
      }
    }
    return UIImage(simImage: result ?? source, scale: format.scale)
  }
}

/// UIKit's `UIGraphicsImageRenderer`: redraws images into a new bitmap, as loaders do to force a
/// decode or to make a thumbnail.
///
/// `image(actions:)` runs `actions`, then makes the result as CPU work of the calling simulated
/// thread, blocking it: when a content image was drawn, that image is decoded (at the device's
/// decode cost, if still encoded) and resampled to the canvas's pixel size (aspect fill, at the
/// device's resample cost), and the result keeps its provenance plus the resample, so the
/// oracle still knows which row's bytes it shows. Only the first content image drawn counts, and
/// it is taken to fill the canvas. With no content image drawn, the result is a placeholder of
/// the canvas's size. `cgContext` draws into the same list (`CGContext.swift`); its paths, fills,
/// clips and transforms are recorded, not drawn. Not modelled: text, blend modes' effect.
open class UIGraphicsImageRenderer: NSObject, @unchecked Sendable {
  /// The canvas, in points.
  public let bounds: CGRect
  /// The format.
  public let format: UIGraphicsImageRendererFormat

  /// A renderer for a canvas of `size` points, at the default format.
  public convenience init(size: CGSize) {
    self.init(bounds: CGRect(origin: .zero, size: size), format: .default())
  }

  /// A renderer for a canvas of `size` points, at `format`.
  public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
    self.init(bounds: CGRect(origin: .zero, size: size), format: format)
  }

  /// A renderer for `bounds`, at `format`.
  public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
    self.bounds = bounds
    self.format = format
  }

  /// Runs `actions` and returns the image they drew (see the type's notes).
  open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
    let world = SimulationContext.world(for: "UIGraphicsImageRenderer.image(actions:)")
    let state = ViewLayerState.of(world)
    let width = max(1, Int((bounds.width * format.scale).rounded()))
    let height = max(1, Int((bounds.height * format.scale).rounded()))
    let context = UIGraphicsImageRendererContext(
      format: format, pixelWidth: width, pixelHeight: height)
    // UIKit makes the renderer's context the thread's current one while `actions` runs.
    state.pushContext(context.cgContext)
    actions(context)
    state.popContext(context.cgContext)
    return context.render()
  }

  /// `pngData(actions:)`: the image `actions` draw, as `pngData()` encodes it (so the bytes
  /// read back with the image's provenance).
  open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
    image(actions: actions).pngData() ?? Data()
  }

  /// `jpegData(withCompressionQuality:actions:)`: as `UIImage.jpegData(compressionQuality:)`,
  /// PNG bytes (CellSim's images are PNG only); the quality is ignored.
  open func jpegData(
    withCompressionQuality compressionQuality: CGFloat,
    actions: (UIGraphicsImageRendererContext) -> Void
  ) -> Data {
    image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
  }
}

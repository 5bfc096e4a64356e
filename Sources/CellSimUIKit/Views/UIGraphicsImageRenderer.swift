package import SimPlatform
import SimThreads

/// CoreGraphics' `CGImage`, as the bitmap of a `UIImage`: its size and its pixel format. A
/// `UIImage(cgImage:)` made from it is the same image (same provenance). Not modelled: bitmap
/// contexts, data providers, colour spaces.
public final class CGImage: @unchecked Sendable {
  let image: Image
  init(image: Image) { self.image = image }
  /// The width in pixels.
  public var width: Int { image.pixelWidth }
  /// The height in pixels.
  public var height: Int { image.pixelHeight }
  /// 8.
  public var bitsPerComponent: Int { 8 }
  /// 32 (RGBA8).
  public var bitsPerPixel: Int { 32 }
  /// `width × 4`.
  public var bytesPerRow: Int { width * 4 }
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
  public var cgImage: CGImage? { contentImage.map(CGImage.init(image:)) }

  /// Always `.up`.
  public var imageOrientation: Orientation { .up }

  /// Draws the image into the current `UIGraphicsImageRenderer` context, filling `rect`.
  public func draw(in rect: CGRect) {
    guard let world = SimulationContext.world else { return }
    ViewLayerState.of(world).drawing.last?.drawn.append((self, rect))
  }

  /// Draws the image at `point`, at its size.
  public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
}

/// UIKit's `UIGraphicsImageRendererFormat`: the scale (the device's screen scale by default) and
/// opacity (kept).
open class UIGraphicsImageRendererFormat: @unchecked Sendable {
  /// Points × scale = pixels.
  open var scale: CGFloat
  /// `opaque` (kept).
  open var opaque = false

  /// A format at the device's screen scale (1 outside any world).
  public init() {
    scale = SimulationContext.world.map { CGFloat($0.device.scale) } ?? 1
  }

  /// The default format.
  open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
  /// The preferred format (the default).
  open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// UIKit's `UIGraphicsImageRendererContext`: what `image(actions:)` hands its closure.
open class UIGraphicsImageRendererContext {
  /// The renderer's format.
  public let format: UIGraphicsImageRendererFormat
  /// The images drawn so far, with their rectangles.
  var drawn: [(UIImage, CGRect)] = []

  init(format: UIGraphicsImageRendererFormat) { self.format = format }

  /// Fills `rect` with the current colour (nothing is drawn).
  open func fill(_ rect: CGRect) {}
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
/// the canvas's size. Not modelled: paths, fills, text, clipping, blend modes, `cgContext`.
open class UIGraphicsImageRenderer: @unchecked Sendable {
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
    let context = UIGraphicsImageRendererContext(format: format)
    state.drawing.append(context)
    actions(context)
    state.drawing.removeLast()
    let width = max(1, Int((bounds.width * format.scale).rounded()))
    let height = max(1, Int((bounds.height * format.scale).rounded()))
    guard let source = context.drawn.lazy.compactMap({ $0.0.contentImage }).first else {
      return UIImage(
        simImage: Image(kind: .placeholder, width: width, height: height, world: world),
        scale: format.scale)
    }
    guard Blocking.canBlock else {
      preconditionFailure(
        "CellSimUIKit: UIGraphicsImageRenderer.image(actions:) was called outside a simulated "
          + "thread's blocking code")
    }
    var result: Image?
    _ = Blocking.perform("decode", detail: "UIGraphicsImageRenderer") { execution, done in
      world.decoder.resample(source, to: .aspectFill(width: width, height: height), on: execution) {
        result = $0
        done()
      }
    }
    return UIImage(simImage: result ?? source, scale: format.scale)
  }
}

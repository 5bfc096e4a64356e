import Foundation
package import SimPlatform
import SimThreads

/// Core Graphics' `CGContext`, as image loaders use a bitmap context: to force a decode
/// (SDWebImage's and Kingfisher's "decompress": make a context the image's size, draw the
/// image into it, `makeImage()`), or to redraw it at another size.
///
/// A bitmap context (`CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:
/// bitmapInfo:)`) prices its work as `UIGraphicsImageRenderer` does, on the calling simulated
/// thread, blocking it: `draw(_:in:)` of a content image that is still encoded decodes it (the
/// device's decode cost) and, when the image's pixel size differs from the context's, resamples
/// it to the context's size (aspect fill, the device's resample cost). The image drawn is taken
/// to fill the canvas, and only the first content image drawn counts, as in the renderer.
/// `makeImage()` then gives that image, already decoded, so the main thread's lazy decode at
/// first display has nothing left to do: the source itself when the sizes match (same
/// provenance), else the resample (the source's provenance plus the resample), so the oracle
/// still knows whose content it is. With no content image drawn it gives a placeholder of the
/// context's size. Drawing that needs work must run in blocking code (a queue's block, an
/// operation's `main()`), as `UIGraphicsImageRenderer` requires.
///
/// The context of a `UIGraphicsImageRenderer` (`UIGraphicsImageRendererContext.cgContext`)
/// instead hands what it draws to its renderer, which prices it when it makes its image.
///
/// Recorded, never drawn: paths, clips, fills, strokes, colours, blend modes, transforms
/// (`operations`); `interpolationQuality` is kept. Not modelled: the pixel buffer (`data` is
/// always nil: a context never exposes pixels here), text, PDF contexts, layers.
public final class CGContext: @unchecked Sendable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// The bits per component the context was made with.
  public let bitsPerComponent: Int
  /// The bytes per row the context was made with (`width × 4` when it was given 0).
  public let bytesPerRow: Int
  /// The colour space.
  public let colorSpace: CGColorSpace?
  /// The bitmap info the context was made with.
  public let bitmapInfo: CGBitmapInfo
  /// The interpolation quality (kept; it changes no cost).
  public var interpolationQuality: CGInterpolationQuality = .default
  /// What was done to the context, in order (`draw 640×427`, `clip`, `fill`, …).
  package private(set) var operations: [String] = []
  /// The renderer context this one draws for, if it is a renderer's.
  weak var renderer: UIGraphicsImageRendererContext?
  /// The image the canvas shows: the first content image drawn, decoded (and resampled).
  var content: Image?
  /// Saved graphics states' depth (`saveGState`/`restoreGState`).
  var savedStates = 0
  /// The scale of an image context (`UIGraphicsBeginImageContextWithOptions`); nil for any
  /// other context, which `UIGraphicsGetImageFromCurrentImageContext()` answers with nil.
  var imageContextScale: CGFloat?

  /// The alpha info of `bitmapInfo`.
  public var alphaInfo: CGImageAlphaInfo {
    CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
  }

  /// The pixel buffer: always nil (pixels are not exposed).
  public var data: UnsafeMutableRawPointer? { nil }

  init(
    width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, space: CGColorSpace?,
    bitmapInfo: CGBitmapInfo
  ) {
    self.width = width
    self.height = height
    self.bitsPerComponent = bitsPerComponent
    self.bytesPerRow = bytesPerRow > 0 ? bytesPerRow : width * 4
    self.colorSpace = space
    self.bitmapInfo = bitmapInfo
  }

  /// `CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)` with
  /// `UInt32` flags, as loaders write it: nil for an empty size, components other than 8 or 16
  /// bits, or a row too short for the width (Core Graphics refuses these too). `data` is
  /// ignored: the context keeps no pixel buffer.
  public convenience init?(
    data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
    bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32
  ) {
    self.init(
      data: data, width: width, height: height, bitsPerComponent: bitsPerComponent,
      bytesPerRow: bytesPerRow, space: Optional(space),
      bitmapInfo: CGBitmapInfo(rawValue: bitmapInfo))
  }

  /// `CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)` with
  /// `CGBitmapInfo` flags.
  public convenience init?(
    data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
    bytesPerRow: Int, space: CGColorSpace?, bitmapInfo: CGBitmapInfo
  ) {
    let components = space?.numberOfComponents ?? 0
    let alpha = bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue
    let channels = max(1, components) + (alpha == 0 ? 0 : 1)
    let minimumRow = (width * channels * bitsPerComponent + 7) / 8
    guard width >= 1, height >= 1, bitsPerComponent == 8 || bitsPerComponent == 16,
      bytesPerRow == 0 || bytesPerRow >= minimumRow
    else { return nil }
    self.init(
      width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
      space: space, bitmapInfo: bitmapInfo)
  }

  /// The calling simulated thread's current UIKit graphics context, if any: the innermost
  /// renderer's, image context or pushed context (`UIGraphicsGetCurrentContext()`).
  static var current: CGContext? {
    guard let world = SimulationContext.world else { return nil }
    return ViewLayerState.of(world).currentContexts.last
  }

  /// Records `operation`.
  func record(_ operation: String) { operations.append(operation) }

  // MARK: Images

  /// `draw(_:in:byTiling:)`: draws `image` (see the type's notes; tiling is recorded only).
  public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
    record("draw \(image.width)×\(image.height)\(byTiling ? " tiled" : "")")
    if let renderer {
      renderer.drawn.append((UIImage(cgImage: image), rect))
      return
    }
    guard content == nil, image.image.kind == .content else { return }
    content = Self.redraw(image.image, width: width, height: height, api: "CGContext.draw(_:in:)")
  }

  /// `makeImage()`: the canvas as an image (see the type's notes); nil outside any world when
  /// nothing was drawn.
  public func makeImage() -> CGImage? {
    if let renderer { return renderer.currentImage.cgImage }
    let info = (bitmapInfo, alphaInfo)
    if let content { return CGImage(image: content, bitmapInfo: info.0, alphaInfo: info.1) }
    guard let world = SimulationContext.world else { return nil }
    return CGImage(
      image: Image(kind: .placeholder, width: width, height: height, world: world),
      bitmapInfo: info.0, alphaInfo: info.1)
  }

  /// `source` on a canvas of `width` × `height` pixels, as CPU work of the calling simulated
  /// thread: decoded if still encoded, and resampled (aspect fill) if its size differs. Stops
  /// the process when work is needed outside blocking code.
  package static func redraw(_ source: Image, width: Int, height: Int, api: StaticString)
    -> Image
  {
    let sameSize = source.pixelWidth == width && source.pixelHeight == height
    if sameSize && source.isDecoded { return source }
    guard Blocking.canBlock else {
      preconditionFailure(
        "CellSimUIKit: \(api) was called outside a simulated thread's blocking code")
    }
    if sameSize {
      _ = Blocking.perform("decode", detail: "CGContext") { execution, done in
        source.decode(on: execution)
        execution.then { done() }
      }
      return source
    }
    let world = SimulationContext.world(for: api)
    var result: Image?
    _ = Blocking.perform("decode", detail: "CGContext") { execution, done in
      world.decoder.resample(source, to: .aspectFill(width: width, height: height), on: execution) {
        result = $0
        done()
      }
    }
    return result ?? source
  }

  // MARK: Recorded drawing state

  /// `saveGState()`.
  public func saveGState() {
    savedStates += 1
    record("save")
  }
  /// `restoreGState()`.
  public func restoreGState() {
    savedStates = max(0, savedStates - 1)
    record("restore")
  }
  /// `scaleBy(x:y:)` (recorded).
  public func scaleBy(x sx: CGFloat, y sy: CGFloat) { record("scale \(sx) \(sy)") }
  /// `translateBy(x:y:)` (recorded).
  public func translateBy(x tx: CGFloat, y ty: CGFloat) { record("translate \(tx) \(ty)") }
  /// `rotate(by:)` (recorded).
  public func rotate(by angle: CGFloat) { record("rotate \(angle)") }
  /// `concatenate(_:)` (recorded).
  public func concatenate(_ transform: CGAffineTransform) { record("concatenate") }
  /// `setFillColor(_:)` (recorded).
  public func setFillColor(_ color: CGColor) { record("fill color") }
  /// `setFillColor(red:green:blue:alpha:)` (recorded).
  public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    record("fill color")
  }
  /// `setStrokeColor(_:)` (recorded).
  public func setStrokeColor(_ color: CGColor) { record("stroke color") }
  /// `setLineWidth(_:)` (recorded).
  public func setLineWidth(_ width: CGFloat) { record("line width \(width)") }
  /// `setBlendMode(_:)` (recorded).
  public func setBlendMode(_ mode: CGBlendMode) { record("blend \(mode.rawValue)") }
  /// `setShouldAntialias(_:)` (recorded).
  public func setShouldAntialias(_ shouldAntialias: Bool) { record("antialias \(shouldAntialias)") }
  /// `setAllowsAntialiasing(_:)` (recorded).
  public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
    record("allows antialiasing \(allowsAntialiasing)")
  }
  /// `beginPath()` (recorded).
  public func beginPath() { record("begin path") }
  /// `closePath()` (recorded).
  public func closePath() { record("close path") }
  /// `addPath(_:)` (recorded).
  public func addPath(_ path: CGPath) { record("add path") }
  /// `addRect(_:)` (recorded).
  public func addRect(_ rect: CGRect) { record("add rect") }
  /// `addEllipse(in:)` (recorded).
  public func addEllipse(in rect: CGRect) { record("add ellipse") }
  /// `clip(using:)` (recorded).
  public func clip(using rule: CGPathFillRule = .winding) { record("clip") }
  /// `clip(to:)` (recorded).
  public func clip(to rect: CGRect) { record("clip rect") }
  /// `fill(_:)` (recorded).
  public func fill(_ rect: CGRect) { record("fill") }
  /// `fillPath(using:)` (recorded).
  public func fillPath(using rule: CGPathFillRule = .winding) { record("fill path") }
  /// `fillEllipse(in:)` (recorded).
  public func fillEllipse(in rect: CGRect) { record("fill ellipse") }
  /// `stroke(_:)` (recorded).
  public func stroke(_ rect: CGRect) { record("stroke") }
  /// `strokePath()` (recorded).
  public func strokePath() { record("stroke path") }
  /// `clear(_:)` (recorded).
  public func clear(_ rect: CGRect) { record("clear") }
}

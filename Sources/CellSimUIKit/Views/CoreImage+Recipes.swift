import Foundation

// The rest of Core Image that filter recipes in image code spell: the image's own recipe
// methods, vectors and colours as filter inputs, and more input keys. A recipe step is
// recorded on the image, as a filter's is; its pixel effect is not modelled (see `CIFilter`).

extension CIImage {
  /// `clampedToExtent()`: the image with its edge pixels extended (recorded).
  public func clampedToExtent() -> CIImage { recording("clampedToExtent") }
  /// `applyingGaussianBlur(sigma:)`: the image blurred (recorded as `CIGaussianBlur`).
  public func applyingGaussianBlur(sigma: Double) -> CIImage { recording("CIGaussianBlur") }
  /// `applyingFilter(_:parameters:)`: the image through the named filter (recorded).
  public func applyingFilter(_ filterName: String, parameters params: [String: Any]) -> CIImage {
    recording(filterName)
  }
  /// `applyingFilter(_:)`: the image through the named filter with its defaults (recorded).
  public func applyingFilter(_ filterName: String) -> CIImage { recording(filterName) }
  /// `cropped(to:)`: the image cropped (recorded; the extent stays the source's).
  public func cropped(to rect: CGRect) -> CIImage { recording("cropped") }
  /// `transformed(by:)`: the image transformed (recorded; the extent stays the source's).
  public func transformed(by matrix: CGAffineTransform) -> CIImage { recording("transformed") }

  private func recording(_ step: String) -> CIImage {
    CIImage(source: source, filters: filters + [step])
  }
}

/// Core Image's `CIVector`: up to four values, as filters take points and rectangles.
open class CIVector: NSObject, @unchecked Sendable {
  private let values: [CGFloat]

  /// `CIVector(values:count:)`.
  public init(values: UnsafePointer<CGFloat>, count: Int) {
    self.values = Array(UnsafeBufferPointer(start: values, count: count))
  }
  /// `CIVector(x:)`.
  public init(x: CGFloat) { values = [x] }
  /// `CIVector(x:y:)`.
  public init(x: CGFloat, y: CGFloat) { values = [x, y] }
  /// `CIVector(x:y:z:)`.
  public init(x: CGFloat, y: CGFloat, z: CGFloat) { values = [x, y, z] }
  /// `CIVector(x:y:z:w:)`.
  public init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { values = [x, y, z, w] }
  /// `CIVector(cgPoint:)`.
  public convenience init(cgPoint p: CGPoint) { self.init(x: p.x, y: p.y) }
  /// `CIVector(cgRect:)`: origin and size, as Core Image orders them.
  public convenience init(cgRect r: CGRect) {
    self.init(x: r.origin.x, y: r.origin.y, z: r.size.width, w: r.size.height)
  }

  /// `count`.
  open var count: Int { values.count }
  /// `value(at:)`: 0 past the end, as Core Image answers.
  open func value(at index: Int) -> CGFloat { index < values.count ? values[index] : 0 }
  /// `x`.
  open var x: CGFloat { value(at: 0) }
  /// `y`.
  open var y: CGFloat { value(at: 1) }
  /// `z`.
  open var z: CGFloat { value(at: 2) }
  /// `w`.
  open var w: CGFloat { value(at: 3) }
  /// `cgPoint`.
  open var cgPoint: CGPoint { CGPoint(x: x, y: y) }
  /// `cgRect`.
  open var cgRect: CGRect { CGRect(x: x, y: y, width: z, height: w) }
}

/// Core Image's `CIColor`: a colour as filters take one.
open class CIColor: NSObject, @unchecked Sendable {
  /// The components, 0…1.
  public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

  /// `CIColor(red:green:blue:alpha:)`.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
  /// `CIColor(red:green:blue:)`: opaque.
  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat) {
    self.init(red: red, green: green, blue: blue, alpha: 1)
  }
  /// `CIColor(color:)`: a `UIColor`'s components.
  public convenience init(color: UIColor) {
    self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
  }

  /// `CIColor.black`.
  public static var black: CIColor { CIColor(red: 0, green: 0, blue: 0) }
  /// `CIColor.white`.
  public static var white: CIColor { CIColor(red: 1, green: 1, blue: 1) }
  /// `CIColor.clear`.
  public static var clear: CIColor { CIColor(red: 0, green: 0, blue: 0, alpha: 0) }
}

/// `kCIInputBackgroundImageKey`.
public let kCIInputBackgroundImageKey = "inputBackgroundImage"
/// `kCIInputMaskImageKey`.
public let kCIInputMaskImageKey = "inputMaskImage"
/// `kCIInputColorKey`.
public let kCIInputColorKey = "inputColor"
/// `kCIInputSaturationKey`.
public let kCIInputSaturationKey = "inputSaturation"
/// `kCIInputBrightnessKey`.
public let kCIInputBrightnessKey = "inputBrightness"
/// `kCIInputContrastKey`.
public let kCIInputContrastKey = "inputContrast"
/// `kCIInputAngleKey`.
public let kCIInputAngleKey = "inputAngle"
/// `kCIInputSharpnessKey`.
public let kCIInputSharpnessKey = "inputSharpness"
/// `kCIInputEVKey`.
public let kCIInputEVKey = "inputEV"
/// `kCIInputTransformKey`.
public let kCIInputTransformKey = "inputTransform"
/// `kCIOutputImageKey`.
public let kCIOutputImageKey = "outputImage"

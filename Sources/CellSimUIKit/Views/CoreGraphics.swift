import Foundation

// Core Graphics' value types and descriptions, as image loaders use them beside a bitmap
// context (`CGContext.swift`): colour spaces, pixel-format flags, colours and paths. They are
// descriptions only: nothing here draws. Raw values are Apple's (CGImage.h, CGColorSpace.h), so
// `CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue`
// is the `UInt32` it is on iOS.

/// Core Graphics' `CGColorSpace`: a name only (the layer's bitmaps are all 8-bit RGBA).
public final class CGColorSpace: @unchecked Sendable {
  /// The colour space's name (`CGColorSpace.sRGB`), nil for a device space.
  public let name: CFString?
  /// The number of colour components (3 for RGB, 1 for gray).
  public let numberOfComponents: Int

  init(name: CFString?, components: Int) {
    self.name = name
    numberOfComponents = components
  }

  /// `CGColorSpace(name:)`: any name is accepted; gray names give one component.
  public convenience init?(name: CFString) {
    self.init(name: name, components: name.lowercased().contains("gray") ? 1 : 3)
  }

  /// `CGColorSpace.sRGB`.
  public static let sRGB: CFString = "kCGColorSpaceSRGB"
  /// `CGColorSpace.displayP3`.
  public static let displayP3: CFString = "kCGColorSpaceDisplayP3"
  /// `CGColorSpace.genericGrayGamma2_2`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2"
  /// `CGColorSpace.linearSRGB`.
  public static let linearSRGB: CFString = "kCGColorSpaceLinearSRGB"
}

/// `CGColorSpaceCreateDeviceRGB()`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
  CGColorSpace(name: nil, components: 3)
}

/// `CGColorSpaceCreateDeviceGray()`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
  CGColorSpace(name: nil, components: 1)
}

/// Core Graphics' `CGImageAlphaInfo`, with Apple's raw values.
public enum CGImageAlphaInfo: UInt32, Sendable {
  case none = 0
  case premultipliedLast = 1
  case premultipliedFirst = 2
  case last = 3
  case first = 4
  case noneSkipLast = 5
  case noneSkipFirst = 6
  case alphaOnly = 7
}

/// Core Graphics' `CGBitmapInfo`, with Apple's raw values (the alpha info sits in the low five
/// bits, the byte order in `byteOrderMask`).
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
  public var rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
  public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
  public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
  public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
  public static let byteOrderDefault = CGBitmapInfo([])
  public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
  public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
  public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
  public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

/// Core Graphics' `CGInterpolationQuality` (recorded on a context; resampling is the device's
/// one resample whatever the quality).
public enum CGInterpolationQuality: Int32, Sendable {
  case `default` = 0
  case none = 1
  case low = 2
  case high = 3
  case medium = 4
}

/// Core Graphics' `CGPathFillRule`.
public enum CGPathFillRule: Int, Sendable {
  case winding = 0
  case evenOdd = 1
}

/// Core Graphics' `CGBlendMode` (the common cases; recorded, never applied).
public enum CGBlendMode: Int32, Sendable {
  case normal = 0
  case multiply = 1
  case screen = 2
  case overlay = 3
  case clear = 16
  case copy = 17
  case sourceIn = 18
  case sourceAtop = 20
  case destinationIn = 22
}

/// Core Graphics' `CGVector` (Linux's Foundation has none): a two-dimensional vector.
public struct CGVector: Equatable, Sendable {
  /// The horizontal component.
  public var dx: CGFloat
  /// The vertical component.
  public var dy: CGFloat
  /// A vector of `dx` and `dy`.
  public init(dx: CGFloat, dy: CGFloat) { (self.dx, self.dy) = (dx, dy) }
  /// A vector of `dx` and `dy` (disfavoured, so that `.infinity` means `CGFloat`'s).
  @_disfavoredOverload
  public init(dx: Double, dy: Double) { (self.dx, self.dy) = (CGFloat(dx), CGFloat(dy)) }
  /// A vector of `dx` and `dy`.
  public init(dx: Int, dy: Int) { (self.dx, self.dy) = (CGFloat(dx), CGFloat(dy)) }
  /// The zero vector.
  public init() { (dx, dy) = (0, 0) }
  /// The zero vector.
  public static let zero = CGVector()
}

/// Core Graphics' `CGAffineTransform` (Linux's Foundation has none): the matrix, kept.
public struct CGAffineTransform: Equatable, Sendable {
  public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
  /// `CGAffineTransform(scaleX:y:)`.
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }
  /// `CGAffineTransform(translationX:y:)`.
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }
  /// `.identity`.
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  /// `CGAffineTransform()`: the identity.
  public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
  /// `CGAffineTransform(rotationAngle:)`, in radians.
  public init(rotationAngle angle: CGFloat) {
    let (sine, cosine) = (CGFloat(sin(Double(angle))), CGFloat(cos(Double(angle))))
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }
  /// Whether this is the identity.
  public var isIdentity: Bool { self == .identity }
  /// `concatenating(_:)`: this transform, then `t2`.
  public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(
      a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
      c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
      tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
  }
  /// `scaledBy(x:y:)`: a scale, then this transform.
  public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
  }
  /// `translatedBy(x:y:)`: a translation, then this transform.
  public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: tx, y: ty).concatenating(self)
  }
  /// `rotated(by:)`: a rotation, then this transform.
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle).concatenating(self)
  }
  /// `inverted()`: the inverse, or this transform when it has none (as Core Graphics does).
  public func inverted() -> CGAffineTransform {
    let determinant = a * d - b * c
    guard determinant != 0 else { return self }
    return CGAffineTransform(
      a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
      tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
  }
}

extension CGPoint {
  /// `applying(_:)`: the point transformed.
  public func applying(_ t: CGAffineTransform) -> CGPoint {
    CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }
}

extension CGSize {
  /// `applying(_:)`: the size transformed (without the translation).
  public func applying(_ t: CGAffineTransform) -> CGSize {
    CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }
}

extension CGRect {
  /// `applying(_:)`: the smallest rectangle holding the transformed corners.
  public func applying(_ t: CGAffineTransform) -> CGRect {
    let corners = [
      CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY),
      CGPoint(x: maxX, y: maxY),
    ].map { $0.applying(t) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let (x0, y0) = (xs.min() ?? 0, ys.min() ?? 0)
    return CGRect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
  }
}

/// Core Graphics' `CGColor`: its components, kept.
public final class CGColor: @unchecked Sendable {
  /// The components (red, green, blue, alpha).
  public let components: [CGFloat]?
  /// The alpha component.
  public var alpha: CGFloat { components?.last ?? 1 }
  /// The number of components.
  public var numberOfComponents: Int { components?.count ?? 0 }

  /// `CGColor(red:green:blue:alpha:)`.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    components = [red, green, blue, alpha]
  }

  /// `CGColor(gray:alpha:)`.
  public convenience init(gray: CGFloat, alpha: CGFloat) {
    self.init(red: gray, green: gray, blue: gray, alpha: alpha)
  }
}

extension UIColor {
  /// `cgColor`: the same components.
  public var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

  /// `UIColor(cgColor:)`.
  public convenience init(cgColor: CGColor) {
    let parts = cgColor.components ?? [0, 0, 0, 1]
    let rgba = parts.count >= 4 ? parts : [parts[0], parts[0], parts[0], parts.last ?? 1]
    self.init(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3])
  }
}

/// Core Graphics' `CGPath`: the rectangle it covers (paths are recorded, never filled).
public class CGPath: @unchecked Sendable {
  /// The smallest rectangle holding every point of the path.
  public internal(set) var boundingBox: CGRect

  init(boundingBox: CGRect) { self.boundingBox = boundingBox }

  /// `CGPath(rect:transform:)`.
  public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(boundingBox: rect)
  }

  /// `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`.
  public convenience init(
    roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: UnsafePointer<CGAffineTransform>?
  ) {
    self.init(boundingBox: rect)
  }

  /// `CGPath(ellipseIn:transform:)`.
  public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(boundingBox: rect)
  }

  /// Whether the path is empty.
  public var isEmpty: Bool { boundingBox.isNull }
}

/// Core Graphics' `CGMutablePath`: rectangles, rounded rectangles, ellipses and lines widen its
/// bounding box.
public final class CGMutablePath: CGPath, @unchecked Sendable {
  /// An empty path.
  public init() { super.init(boundingBox: .null) }

  func add(_ rect: CGRect) { boundingBox = boundingBox.union(rect) }

  /// `addRect(_:transform:)`.
  public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) { add(rect) }
  /// `addRoundedRect(in:cornerWidth:cornerHeight:transform:)`.
  public func addRoundedRect(
    in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: CGAffineTransform = .identity
  ) { add(rect) }
  /// `addEllipse(in:transform:)`.
  public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) { add(rect) }
  /// `addPath(_:transform:)`.
  public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
    if !path.isEmpty { add(path.boundingBox) }
  }
  /// `move(to:transform:)`.
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
    add(CGRect(origin: point, size: .zero))
  }
  /// `addLine(to:transform:)`.
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
    add(CGRect(origin: point, size: .zero))
  }
  /// `closeSubpath()`.
  public func closeSubpath() {}
}

/// UIKit's `UIRectCorner`.
public struct UIRectCorner: OptionSet, Sendable {
  public var rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let topLeft = UIRectCorner(rawValue: 1 << 0)
  public static let topRight = UIRectCorner(rawValue: 1 << 1)
  public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
  public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
  public static let allCorners = UIRectCorner(rawValue: ~0)
}

/// UIKit's `UIBezierPath`, as rounded-corner image code and progress rings use it: its `cgPath`,
/// `lineWidth`, and `addClip()`, `fill()` and `stroke()` on the current renderer context
/// (recorded there, never drawn).
open class UIBezierPath: NSObject, @unchecked Sendable {
  /// The path.
  public let cgPath: CGPath

  init(path: CGPath) { cgPath = path }

  /// `UIBezierPath()`: an empty path.
  public override convenience init() { self.init(path: CGMutablePath()) }
  /// `UIBezierPath(rect:)`.
  public convenience init(rect: CGRect) { self.init(path: CGPath(rect: rect, transform: nil)) }
  /// `UIBezierPath(ovalIn:)`.
  public convenience init(ovalIn rect: CGRect) {
    self.init(path: CGPath(ellipseIn: rect, transform: nil))
  }
  /// `UIBezierPath(roundedRect:cornerRadius:)`.
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init(
      path: CGPath(
        roundedRect: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius, transform: nil))
  }
  /// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`.
  public convenience init(
    roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize
  ) {
    self.init(
      path: CGPath(
        roundedRect: rect, cornerWidth: cornerRadii.width, cornerHeight: cornerRadii.height,
        transform: nil))
  }

  /// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`: an arc (a progress
  /// ring, a spinner's stroke). Its bounding box is the whole circle's.
  public convenience init(
    arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    let path = CGMutablePath()
    path.addEllipse(
      in: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    self.init(path: path)
  }

  /// The path's bounding box.
  open var bounds: CGRect { cgPath.boundingBox }
  /// The width `stroke()` draws with: 1.0 until set, as in UIKit (kept; strokes are recorded,
  /// not drawn).
  open var lineWidth: CGFloat = 1.0

  /// Clips the current renderer context to the path (recorded).
  open func addClip() { CGContext.current?.record("clip path") }
  /// Fills the path in the current renderer context (recorded).
  open func fill() { CGContext.current?.record("fill path") }
  /// Strokes the path in the current renderer context (recorded).
  open func stroke() { CGContext.current?.record("stroke path") }
}

/// UIKit's `UIScreen`: the device of the world the caller runs in. `bounds` (points) and `scale`
/// (pixels per point) come from the scenario's device profile, so code that sizes thumbnails by
/// `UIScreen.main.scale` asks for the pixels that device would decode; outside any world, a
/// 390×844 pt screen at 3x. Not modelled: brightness, modes, mirroring, `coordinateSpace`.
@preconcurrency @MainActor open class UIScreen {
  init() {}

  /// The main screen (deprecated on iOS 16, still what most image code reads).
  open class var main: UIScreen { mainInstance }
  static let mainInstance = UIScreen()

  /// The screen's rectangle in points.
  open var bounds: CGRect {
    guard let device = SimulationContext.world?.device else {
      return CGRect(x: 0, y: 0, width: 390, height: 844)
    }
    return CGRect(x: 0, y: 0, width: device.screenWidth, height: device.screenHeight)
  }

  /// Pixels per point.
  open var scale: CGFloat { CGFloat(SimulationContext.world?.device.scale ?? 3) }
  /// The native scale: `scale` (no display zoom).
  open var nativeScale: CGFloat { scale }
  /// The rectangle in pixels.
  open var nativeBounds: CGRect {
    CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
  }
  /// The screen's traits.
  open var traitCollection: UITraitCollection { UITraitCollection(displayScale: scale) }
}

/// UIKit's `UITraitCollection`, as far as image code reads it: `displayScale`, the world's
/// screen scale (as `UIScreen.main.scale`), and a light interface style. Not modelled: size
/// classes, dynamic type.
public final class UITraitCollection: @unchecked Sendable {
  /// `UIUserInterfaceStyle`.
  public enum Style: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
  }

  /// Pixels per point.
  public let displayScale: CGFloat
  /// The interface style: `.light`.
  public let userInterfaceStyle: UIUserInterfaceStyle

  /// `UITraitCollection(displayScale:)`.
  public init(displayScale: CGFloat) {
    self.displayScale = displayScale
    self.userInterfaceStyle = .light
  }

  /// The traits of the main screen of the world the caller runs in.
  @MainActor static var current: UITraitCollection {
    UITraitCollection(displayScale: UIScreen.main.scale)
  }
}

/// `UIUserInterfaceStyle`.
public typealias UIUserInterfaceStyle = UITraitCollection.Style

extension UIView {
  /// The view's traits: the screen's (`UITraitCollection`).
  public var traitCollection: UITraitCollection { .current }
}

extension UIViewController {
  /// The controller's traits: the screen's (`UITraitCollection`).
  public var traitCollection: UITraitCollection { .current }
}

/// UIKit's `UIAxis`.
public struct UIAxis: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// `.horizontal`.
  public static let horizontal = UIAxis(rawValue: 1 << 0)
  /// `.vertical`.
  public static let vertical = UIAxis(rawValue: 1 << 1)
  /// `.both`.
  public static let both: UIAxis = [.horizontal, .vertical]
}

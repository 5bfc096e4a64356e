/// UIKit's `UIScreen`: the device of the world the caller runs in. `bounds` (points) and `scale`
/// (pixels per point) come from the scenario's device profile, so code that sizes thumbnails by
/// `UIScreen.main.scale` asks for the pixels that device would decode; outside any world, a
/// 390×844 pt screen at 3x. `coordinateSpace` and `fixedCoordinateSpace` have its bounds (see
/// `UICoordinateSpace`). Not modelled: brightness, modes, mirroring.
@preconcurrency @MainActor open class UIScreen: NSObject {
  override init() {}

  /// The main screen (deprecated on iOS 16, still what most image code reads).
  open class var main: UIScreen { mainInstance }
  static let mainInstance = UIScreen()

  /// The screen's rectangle in points.
  open var bounds: CGRect { Self.worldScreen().bounds }

  /// Pixels per point.
  open var scale: CGFloat { Self.worldScreen().scale }

  /// The calling world's screen, from its device profile, on any thread (outside any world, a
  /// 390 × 844 point screen at 3x).
  nonisolated static func worldScreen() -> (bounds: CGRect, scale: CGFloat) {
    guard let device = SimulationContext.world?.device else {
      return (CGRect(x: 0, y: 0, width: 390, height: 844), 3)
    }
    return (
      CGRect(x: 0, y: 0, width: device.screenWidth, height: device.screenHeight),
      CGFloat(device.scale)
    )
  }
  /// The native scale: `scale` (no display zoom).
  open var nativeScale: CGFloat { scale }
  /// The rectangle in pixels.
  open var nativeBounds: CGRect {
    CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
  }
  /// The screen's traits.
  open var traitCollection: UITraitCollection { .current }
  /// The screen's coordinate space: its bounds (a run's screen never rotates).
  open var coordinateSpace: any UICoordinateSpace { ScreenCoordinateSpace(screen: self) }
  /// The screen's fixed (portrait) coordinate space: the same as `coordinateSpace`.
  open var fixedCoordinateSpace: any UICoordinateSpace { ScreenCoordinateSpace(screen: self) }
}

/// UIKit's `UITraitCollection`, as far as image and layout code reads it: `displayScale`, the
/// world's screen scale (as `UIScreen.main.scale`); a light interface style; the size classes
/// and idiom of the world's screen, from its size in points (see `sizeClasses(width:height:)`).
/// Not modelled: dynamic type, layout direction, trait changes (`traitCollectionDidChange` is
/// never called: a run's screen never rotates).
public final class UITraitCollection: NSObject, @unchecked Sendable {
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
  /// The horizontal size class.
  public let horizontalSizeClass: UIUserInterfaceSizeClass
  /// The vertical size class.
  public let verticalSizeClass: UIUserInterfaceSizeClass
  /// The idiom: `.pad` for a screen whose shorter side is at least 744 points, else `.phone`.
  public let userInterfaceIdiom: UIUserInterfaceIdiom

  init(
    displayScale: CGFloat, horizontal: UIUserInterfaceSizeClass,
    vertical: UIUserInterfaceSizeClass, idiom: UIUserInterfaceIdiom,
    style: UIUserInterfaceStyle = .light
  ) {
    self.displayScale = displayScale
    self.userInterfaceStyle = style
    self.horizontalSizeClass = horizontal
    self.verticalSizeClass = vertical
    self.userInterfaceIdiom = idiom
  }

  /// `UITraitCollection(displayScale:)`: only the scale is specified, as in UIKit.
  public convenience init(displayScale: CGFloat) {
    self.init(
      displayScale: displayScale, horizontal: .unspecified, vertical: .unspecified,
      idiom: .unspecified, style: .unspecified)
  }

  /// `UITraitCollection(horizontalSizeClass:)`: only that trait is specified.
  public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
    self.init(
      displayScale: 0, horizontal: horizontalSizeClass, vertical: .unspecified,
      idiom: .unspecified, style: .unspecified)
  }

  /// `UITraitCollection(verticalSizeClass:)`: only that trait is specified.
  public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
    self.init(
      displayScale: 0, horizontal: .unspecified, vertical: verticalSizeClass,
      idiom: .unspecified, style: .unspecified)
  }

  /// `UITraitCollection(userInterfaceStyle:)`: only that trait is specified (the collection an
  /// image asset's dark and light images are registered with).
  public convenience init(userInterfaceStyle style: UIUserInterfaceStyle) {
    self.init(
      displayScale: 0, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
      style: style)
  }

  /// `UITraitCollection(userInterfaceIdiom:)`: only that trait is specified.
  public convenience init(userInterfaceIdiom idiom: UIUserInterfaceIdiom) {
    self.init(
      displayScale: 0, horizontal: .unspecified, vertical: .unspecified, idiom: idiom,
      style: .unspecified)
  }

  /// `UITraitCollection(traitsFrom:)`: the collections combined, each trait taken from the
  /// last collection that specifies it (unspecified where none does), as UIKit documents.
  public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
    func last<T: Equatable>(_ trait: (UITraitCollection) -> T, unspecified: T) -> T {
      traitCollections.last { trait($0) != unspecified }.map(trait) ?? unspecified
    }
    self.init(
      displayScale: last(\.displayScale, unspecified: 0),
      horizontal: last(\.horizontalSizeClass, unspecified: .unspecified),
      vertical: last(\.verticalSizeClass, unspecified: .unspecified),
      idiom: last(\.userInterfaceIdiom, unspecified: .unspecified),
      style: last(\.userInterfaceStyle, unspecified: .unspecified))
  }

  /// `hasDifferentColorAppearance(comparedTo:)`: whether a dynamic colour could resolve
  /// differently, which the interface style decides here (contrast and elevation are not
  /// modelled); true against nil.
  public func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
    guard let traitCollection else { return true }
    return userInterfaceStyle != traitCollection.userInterfaceStyle
  }

  /// The size classes and idiom of a full-screen app on a screen of `width` × `height` points,
  /// as Apple's Human Interface Guidelines tabulate them: an iPad (shorter side at least 744
  /// points) is regular both ways; an iPhone in portrait is compact by regular; in landscape it
  /// is compact by compact, except the large models (longer side at least 896 points), which
  /// are regular by compact.
  package static func sizeClasses(width: CGFloat, height: CGFloat) -> (
    horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass,
    idiom: UIUserInterfaceIdiom
  ) {
    if min(width, height) >= 744 { return (.regular, .regular, .pad) }
    if height >= width { return (.compact, .regular, .phone) }
    return (width >= 896 ? .regular : .compact, .compact, .phone)
  }

  /// `UITraitCollection.current`: the traits of the main screen of the world the caller runs
  /// in (every view and controller has them: nothing overrides traits), unless code set it, as
  /// `performAsCurrent(_:)` does for its block. Not isolated to the main actor, as in UIKit. A
  /// value set outside any world is not kept.
  public static var current: UITraitCollection {
    get {
      let set = SimulationContext.world.flatMap { ViewLayerState.of($0).currentTraits }
      return set ?? screenTraits()
    }
    set {
      guard let world = SimulationContext.world else { return }
      ViewLayerState.of(world).currentTraits = newValue
    }
  }

  /// The traits of the calling world's screen (`UIScreen.worldScreen()`).
  static func screenTraits() -> UITraitCollection {
    let screen = UIScreen.worldScreen()
    let classes = sizeClasses(width: screen.bounds.width, height: screen.bounds.height)
    return UITraitCollection(
      displayScale: screen.scale, horizontal: classes.horizontal, vertical: classes.vertical,
      idiom: classes.idiom)
  }

  /// Runs `actions` with this collection as `UITraitCollection.current`, then restores it.
  public func performAsCurrent(_ actions: () throws -> Void) rethrows {
    let world = SimulationContext.world
    let previous = world.flatMap { ViewLayerState.of($0).currentTraits }
    UITraitCollection.current = self
    defer { if let world { ViewLayerState.of(world).currentTraits = previous } }
    try actions()
  }
}

/// UIKit's `UIUserInterfaceSizeClass`.
public enum UIUserInterfaceSizeClass: Int, Sendable {
  case unspecified = 0
  case compact = 1
  case regular = 2
}

/// UIKit's `UIUserInterfaceIdiom` (the idioms a table or grid of images runs on).
public enum UIUserInterfaceIdiom: Int, Sendable {
  case unspecified = -1
  case phone = 0
  case pad = 1
  case tv = 2
  case carPlay = 3
  case mac = 5
  case vision = 6
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

/// UIKit's `UIDevice`: the world's device as code asks about it. The idiom follows the screen
/// (`UITraitCollection.sizeClasses(width:height:)`); the system is iOS 17.0; the orientation is
/// portrait or landscape as the screen is taller or wider. Not modelled: battery, proximity,
/// orientation notifications (a run's screen never rotates).
@preconcurrency @MainActor open class UIDevice: NSObject {
  override init() {}

  /// `UIDevice.current`.
  open class var current: UIDevice { shared }
  static let shared = UIDevice()

  /// The idiom of the world's screen.
  open var userInterfaceIdiom: UIUserInterfaceIdiom { UITraitCollection.current.userInterfaceIdiom }
  /// `"iOS"`.
  open var systemName: String { "iOS" }
  /// `"17.0"`.
  open var systemVersion: String { "17.0" }
  /// `"iPhone"` or `"iPad"`, by the idiom.
  open var model: String { userInterfaceIdiom == .pad ? "iPad" : "iPhone" }
  /// As `model` (a generic device name, as iOS 16 and later give apps).
  open var name: String { model }
  /// As `model`.
  open var localizedModel: String { model }
  /// Portrait when the screen is at least as tall as it is wide.
  open var orientation: UIDeviceOrientation {
    let bounds = UIScreen.main.bounds
    return bounds.height >= bounds.width ? .portrait : .landscapeLeft
  }
  /// Whether multitasking is supported: true.
  open var isMultitaskingSupported: Bool { true }

  /// `orientationDidChangeNotification`: never posted (the device does not turn in a run).
  public static let orientationDidChangeNotification = Notification.Name(
    "UIDeviceOrientationDidChangeNotification")
  /// `batteryLevelDidChangeNotification`: never posted.
  public static let batteryLevelDidChangeNotification = Notification.Name(
    "UIDeviceBatteryLevelDidChangeNotification")
  /// `isGeneratingDeviceOrientationNotifications`: whether orientation notifications were
  /// asked for (kept; none is posted).
  open private(set) var isGeneratingDeviceOrientationNotifications = false
  /// `beginGeneratingDeviceOrientationNotifications()`.
  open func beginGeneratingDeviceOrientationNotifications() {
    isGeneratingDeviceOrientationNotifications = true
  }
  /// `endGeneratingDeviceOrientationNotifications()`.
  open func endGeneratingDeviceOrientationNotifications() {
    isGeneratingDeviceOrientationNotifications = false
  }
}

/// UIKit's `UIDeviceOrientation`.
public enum UIDeviceOrientation: Int, Sendable {
  case unknown = 0
  case portrait = 1
  case portraitUpsideDown = 2
  case landscapeLeft = 3
  case landscapeRight = 4
  case faceUp = 5
  case faceDown = 6

  /// Whether it is a portrait orientation.
  public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
  /// Whether it is a landscape orientation.
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// UIKit's `UIInterfaceOrientation`: the way the app's interface faces (portrait here: the
/// screen never rotates in a run).
public enum UIInterfaceOrientation: Int, Sendable {
  case unknown = 0
  case portrait = 1
  case portraitUpsideDown = 2
  case landscapeLeft = 4
  case landscapeRight = 3

  /// Whether it is a portrait orientation.
  public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
  /// Whether it is a landscape orientation.
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

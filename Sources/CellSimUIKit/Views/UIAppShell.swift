/// The app shell Xcode's templates generate: the application and scene delegates, the window and
/// the scene. They compile so that a whole app's files build beside its screens; the host never
/// launches an app (it builds the screen your test names, `HostedScreen`), so no delegate method
/// is ever called, no scene connects, and `UIApplication.shared.connectedScenes` stays empty.
/// A window keeps its root view controller and is a plain view otherwise. The host puts the
/// hosted screen in a window of its own (`UIView+Window.swift`), which no scene lists. `@main`
/// on an application delegate is not supported: the layer builds libraries, not apps (put the
/// delegate outside the module you host, or drop `@main`).
@preconcurrency @MainActor open class UIWindow: UIView {
  /// The root view controller (kept; its view is made a subview, as UIKit shows it).
  open var rootViewController: UIViewController? {
    didSet {
      oldValue?.viewIfLoaded?.removeFromSuperview()
      if let view = rootViewController?.view {
        view.frame = bounds
        addSubview(view)
      }
    }
  }
  /// The scene the window belongs to (kept).
  open weak var windowScene: UIWindowScene?
  /// Whether `makeKeyAndVisible()` or `makeKey()` was called.
  open private(set) var isKeyWindow = false
  /// `windowLevel` (kept).
  open var windowLevel: UIWindow.Level = .normal
  /// The next responder: the application object, as UIKit documents for a window.
  open override var next: UIResponder? { UIApplication.shared }

  /// UIKit's `UIWindow.Level`.
  public struct Level: RawRepresentable, Hashable, Sendable {
    /// The level's value.
    public let rawValue: CGFloat
    /// The level of `rawValue`.
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// `.normal`.
    public static let normal = Level(rawValue: 0)
    /// `.statusBar`.
    public static let statusBar = Level(rawValue: 1000)
    /// `.alert`.
    public static let alert = Level(rawValue: 2000)
  }

  /// A window for `windowScene`, the size of the screen.
  public init(windowScene: UIWindowScene) {
    self.windowScene = windowScene
    super.init(frame: UIScreen.main.bounds)
  }
  /// A window with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// A window (nibs are not modelled).
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// `makeKeyAndVisible()`: marks the window key (nothing is shown).
  open func makeKeyAndVisible() {
    makeKey()
    isHidden = false
  }
  /// `makeKey()`: the window becomes the application's key window (the one before resigns).
  open func makeKey() {
    guard let world = SimulationContext.world else {
      isKeyWindow = true
      return
    }
    let state = ViewLayerState.of(world)
    if let previous = state.keyWindow, previous !== self { previous.isKeyWindow = false }
    state.keyWindow = self
    isKeyWindow = true
  }
}

/// UIKit's `UIScene` (never connected by the layer).
@preconcurrency @MainActor open class UIScene: UIResponder {
  /// UIKit's `UIScene.ConnectionOptions` (never made by the layer).
  @preconcurrency @MainActor open class ConnectionOptions {
    /// The URLs the scene was opened with.
    open var urlContexts: Set<UIOpenURLContext> { [] }
    /// Empty options (UIKit makes them; the package's tests do).
    package init() {}
  }
  /// UIKit's `UIScene.ActivationState`.
  public enum ActivationState: Int, Sendable {
    case unattached = -1
    case foregroundActive = 0
    case foregroundInactive = 1
    case background = 2
  }
  /// The scene's session.
  public let session: UISceneSession
  /// The delegate (kept).
  open var delegate: (any UISceneDelegate)?
  /// `activationState`: unattached (no scene is ever connected).
  open var activationState: ActivationState { .unattached }
  /// A scene for `session`.
  public init(session: UISceneSession, connectionOptions: ConnectionOptions) {
    self.session = session
    super.init()
  }
}

/// UIKit's `UIWindowScene` (never connected by the layer).
@preconcurrency @MainActor open class UIWindowScene: UIScene {
  /// The scene's windows.
  open var windows: [UIWindow] { [] }
  /// The screen.
  open var screen: UIScreen { UIScreen.main }
  /// The scene's coordinate space: its screen's (a scene fills the screen).
  open var coordinateSpace: any UICoordinateSpace { screen.coordinateSpace }
  /// The interface's orientation: portrait when the screen is at least as tall as it is wide.
  open var interfaceOrientation: UIInterfaceOrientation {
    screen.bounds.height >= screen.bounds.width ? .portrait : .landscapeLeft
  }

  /// UIKit's `UIWindowScene.GeometryPreferences` (iOS 16): what `requestGeometryUpdate` asks for.
  @preconcurrency @MainActor open class GeometryPreferences: NSObject {
    /// `UIWindowScene.GeometryPreferences.iOS`.
    // swift-format-ignore: TypeNamesShouldBeCapitalized
    @preconcurrency @MainActor open class iOS: GeometryPreferences {
      /// The orientations asked for (nil: no change).
      open var interfaceOrientations: UIInterfaceOrientationMask?
      /// `init()`.
      public override init() { super.init() }
      /// `init(interfaceOrientations:)`.
      public convenience init(interfaceOrientations: UIInterfaceOrientationMask) {
        self.init()
        self.interfaceOrientations = interfaceOrientations
      }
    }
  }

  /// `requestGeometryUpdate(_:errorHandler:)` (iOS 16): kept, never granted — a run's screen keeps
  /// its size and orientation; the error handler is not called (UIKit calls it only on failure,
  /// asynchronously, and may not).
  open func requestGeometryUpdate(
    _ geometryPreferences: GeometryPreferences, errorHandler: ((any Error) -> Void)? = nil
  ) {}
}

/// UIKit's `UISceneSession`.
@preconcurrency @MainActor open class UISceneSession: NSObject {
  /// UIKit's `UISceneSession.Role`.
  public struct Role: RawRepresentable, Hashable, Sendable {
    /// The role's name.
    public let rawValue: String
    /// The role named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `.windowApplication`.
    public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
  }
  /// The role.
  public let role: Role
  /// The configuration.
  public let configuration: UISceneConfiguration
  /// A session of `role`.
  public init(role: Role) {
    self.role = role
    self.configuration = UISceneConfiguration(name: nil, sessionRole: role)
  }
}

/// UIKit's `UISceneConfiguration` (kept).
@preconcurrency @MainActor open class UISceneConfiguration: NSObject {
  /// The name.
  public let name: String?
  /// The role.
  public let role: UISceneSession.Role
  /// `delegateClass` (kept).
  open var delegateClass: AnyClass?
  /// `UISceneConfiguration(name:sessionRole:)`.
  public init(name: String?, sessionRole: UISceneSession.Role) {
    self.name = name
    self.role = sessionRole
  }
}

/// UIKit's `UIOpenURLContext` (never made by the layer).
@preconcurrency @MainActor open class UIOpenURLContext: NSObject {
  /// The URL.
  public let url: URL
  init(url: URL) { self.url = url }
}

/// UIKit's `UISceneDelegate` (every method optional; never called).
@preconcurrency @MainActor public protocol UISceneDelegate: AnyObject {
  /// The scene connected.
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions)
  /// The scene disconnected.
  func sceneDidDisconnect(_ scene: UIScene)
  /// The scene became active.
  func sceneDidBecomeActive(_ scene: UIScene)
  /// The scene will resign.
  func sceneWillResignActive(_ scene: UIScene)
  /// The scene will enter the foreground.
  func sceneWillEnterForeground(_ scene: UIScene)
  /// The scene entered the background.
  func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
  /// Does nothing.
  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {}
  /// Does nothing.
  public func sceneDidDisconnect(_ scene: UIScene) {}
  /// Does nothing.
  public func sceneDidBecomeActive(_ scene: UIScene) {}
  /// Does nothing.
  public func sceneWillResignActive(_ scene: UIScene) {}
  /// Does nothing.
  public func sceneWillEnterForeground(_ scene: UIScene) {}
  /// Does nothing.
  public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// UIKit's `UIWindowSceneDelegate`: a scene delegate with a window (never called).
@preconcurrency @MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {
  /// The scene's window.
  var window: UIWindow? { get set }
}

/// UIKit's `UIApplicationDelegate` (every method optional; never called: the layer launches no
/// app).
@preconcurrency @MainActor public protocol UIApplicationDelegate: AnyObject {
  /// The app finished launching.
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool
  /// The configuration for a connecting scene.
  func application(
    _ application: UIApplication,
    configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration
  /// Scene sessions were discarded.
  func application(
    _ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
  /// The app received a memory warning.
  func applicationDidReceiveMemoryWarning(_ application: UIApplication)
}

extension UIApplicationDelegate {
  /// The entry point `@main` gives an application delegate. The layer launches no app: calling
  /// it stops the process, saying to host the screen with `UIKitHost` instead.
  public static func main() {
    preconditionFailure(
      "CellSimUIKit: \(Self.self).main(): the layer launches no app; host your screen with "
        + "UIKitHost.run(_:screen:fixturesRoot:) instead")
  }

  /// `window`, UIKit's optional requirement, read through the protocol as UIKit's is: the
  /// outer optional says whether the delegate declares a `window` property (nil when it does
  /// not), the inner one is its value, so `delegate.window??.rootViewController` compiles and
  /// means what it does on iOS. The delegate's own `window` property is found by reflection (a
  /// stored property of that name and type); read on the delegate's own type, `window` is that
  /// property itself.
  public var window: UIWindow?? {
    for child in Mirror(reflecting: self).children where child.label == "window" {
      if let window = child.value as? UIWindow? { return .some(window) }
    }
    return .none
  }

  /// True.
  public func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
  /// The default configuration for the session's role.
  public func application(
    _ application: UIApplication,
    configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
  }
  /// Does nothing.
  public func application(
    _ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>
  ) {}
  /// Does nothing.
  public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
}

extension UIApplication {
  /// UIKit's `UIApplication.LaunchOptionsKey`.
  public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// The key named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `.url`.
    public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
  }

  /// `connectedScenes`: empty (the layer connects no scene).
  public var connectedScenes: Set<UIScene> { [] }
}

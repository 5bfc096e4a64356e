import Foundation

/// A minimal `UIApplication`: the notification names loaders observe, `shared`, and the
/// network activity indicator tutorials switch on around a fetch (kept per world, never drawn).
/// `open(_:options:completionHandler:)` is recorded (the app stays in the foreground);
/// `keyWindow` and `windows` give the hosted screen's window; `delegate` is kept per world (nil
/// until set: the layer launches no app). Not modelled: the application's state, scenes.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
  override init() {}

  /// The app's one application object.
  open class var shared: UIApplication { sharedInstance }
  static let sharedInstance = UIApplication()

  /// `isNetworkActivityIndicatorVisible` (deprecated in iOS 13, still in tutorials): kept for
  /// the world the caller runs in, so a run starts with it off as a launch does.
  open var isNetworkActivityIndicatorVisible: Bool {
    get { SimulationContext.world.map { ViewLayerState.of($0).networkActivityIndicator } ?? false }
    set {
      guard let world = SimulationContext.world else { return }
      ViewLayerState.of(world).networkActivityIndicator = newValue
    }
  }

  /// `keyWindow` (deprecated in iOS 13, still in code that reads the screen's safe area or
  /// presents from the root): the window last made key in the caller's world (the hosted
  /// screen's, which the host makes key), or nil.
  open var keyWindow: UIWindow? {
    SimulationContext.world.flatMap { ViewLayerState.of($0).keyWindow }
  }

  /// `windows` (deprecated in iOS 15): the key window, if any (the layer makes no other).
  open var windows: [UIWindow] { keyWindow.map { [$0] } ?? [] }

  /// `delegate` (`unowned(unsafe)` in UIKit, weak here), kept for the world the caller runs in.
  /// The layer launches no app, so it is nil until the app or a test sets it: an
  /// `AppDelegate.shared()` that force-casts it stops, as with no delegate on a device.
  open var delegate: (any UIApplicationDelegate)? {
    get { SimulationContext.world.flatMap { ViewLayerState.of($0).applicationDelegate } }
    set {
      guard let world = SimulationContext.world else { return }
      ViewLayerState.of(world).applicationDelegate = newValue
    }
  }

  /// The next responder, the last in the chain: the app delegate if it is a `UIResponder`, as
  /// UIKit documents (the template's `AppDelegate: UIResponder`), else nil.
  open override var next: UIResponder? { delegate as? UIResponder }

  /// UIKit's `UIApplication.OpenExternalURLOptionsKey`.
  public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// The key named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Open the URL only if an installed app claims it as a universal link.
    public static let universalLinksOnly = OpenExternalURLOptionsKey(
      rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
  }

  /// `canOpenURL(_:)`: true for `http` and `https` URLs (Safari is always installed), false for
  /// other schemes (no other app is).
  open func canOpenURL(_ url: URL) -> Bool {
    ["http", "https"].contains(url.scheme?.lowercased() ?? "")
  }

  /// `open(_:options:completionHandler:)`: records the URL in the world's trace
  /// (`uikit.open_url`) and keeps the app in the foreground, since no other app runs. The
  /// completion runs on the next main-thread turn with `canOpenURL(url)`, false with
  /// `.universalLinksOnly` (no app claims a link).
  open func open(
    _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
    completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
  ) {
    let opened = recordOpen(url, options: options)
    guard let completion, let world = SimulationContext.world else { return }
    world.main.async(label: "UIApplication.open.completion") {
      MainActor.assumeIsolated { completion(opened) }
    }
  }

  /// `open(_:options:) async`: as the completion-handler form, returning what it would be given.
  open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
    recordOpen(url, options: options)
  }

  func recordOpen(_ url: URL, options: [OpenExternalURLOptionsKey: Any]) -> Bool {
    let universalOnly = (options[.universalLinksOnly] as? Bool) ?? false
    if let world = SimulationContext.world {
      ViewLayerState.of(world).openedURLs.append(url)
      world.trace.record(at: world.now, "uikit.open_url") { $0.field("url", url.absoluteString) }
    }
    return !universalOnly && canOpenURL(url)
  }
}

extension UIApplication {
  /// `openSettingsURLString`: Apple's value, `app-settings:`. Opening it is recorded as any
  /// `open(_:)` is (`uikit.open_url`); no Settings app runs.
  nonisolated public static let openSettingsURLString = "app-settings:"
  /// Posted by the layer at each memory warning of the world (`World.deliverMemoryWarning`).
  nonisolated public static let didReceiveMemoryWarningNotification = NSNotification.Name(
    "UIApplicationDidReceiveMemoryWarningNotification")
  /// Not posted by the simulation (no lifecycle events yet); a test may post it.
  nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
    "UIApplicationDidEnterBackgroundNotification")
  /// Not posted by the simulation; a test may post it.
  nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
    "UIApplicationWillEnterForegroundNotification")
  /// Not posted by the simulation; a test may post it.
  nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
    "UIApplicationDidBecomeActiveNotification")
  /// Not posted by the simulation; a test may post it.
  nonisolated public static let willResignActiveNotification = NSNotification.Name(
    "UIApplicationWillResignActiveNotification")
  /// Not posted by the simulation (the app is never terminated in a run); a test may post it.
  nonisolated public static let willTerminateNotification = NSNotification.Name(
    "UIApplicationWillTerminateNotification")
}

extension UIApplication {
  /// UIKit's `UIApplication.State`, with its raw values.
  public enum State: Int, Sendable {
    case active = 0
    case inactive = 1
    case background = 2
  }

  /// `applicationState`: `.active` (a run is an app in the foreground; the simulation has no
  /// lifecycle events).
  public var applicationState: State { .active }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension NSNotification.Name {
  /// `UIApplicationDidReceiveMemoryWarning` (Swift 4 spelling).
  @available(swift, obsoleted: 4.2, renamed: "UIApplication.didReceiveMemoryWarningNotification")
  public static let UIApplicationDidReceiveMemoryWarning =
    UIApplication.didReceiveMemoryWarningNotification
  /// `UIApplicationDidEnterBackground` (Swift 4 spelling).
  @available(swift, obsoleted: 4.2, renamed: "UIApplication.didEnterBackgroundNotification")
  public static let UIApplicationDidEnterBackground = UIApplication.didEnterBackgroundNotification
  /// `UIApplicationWillEnterForeground` (Swift 4 spelling).
  @available(swift, obsoleted: 4.2, renamed: "UIApplication.willEnterForegroundNotification")
  public static let UIApplicationWillEnterForeground =
    UIApplication.willEnterForegroundNotification
  /// `UIApplicationDidBecomeActive` (Swift 4 spelling).
  @available(swift, obsoleted: 4.2, renamed: "UIApplication.didBecomeActiveNotification")
  public static let UIApplicationDidBecomeActive = UIApplication.didBecomeActiveNotification
}

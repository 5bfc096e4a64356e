import Foundation

/// A minimal `UIApplication`: the notification names loaders observe, `shared`, and the
/// network activity indicator tutorials switch on around a fetch (kept per world, never drawn).
/// Not modelled: the application's state, its delegate, scenes, `open(_:)`.
@preconcurrency @MainActor
open class UIApplication {
  init() {}

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
}

extension UIApplication {
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
}

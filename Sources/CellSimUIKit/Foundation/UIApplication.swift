import Foundation

/// A minimal `UIApplication`: only the notification names loaders observe. The application
/// object itself (`UIApplication.shared`, its state, its delegate) is not modelled yet.
@MainActor
open class UIApplication {
  init() {}
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

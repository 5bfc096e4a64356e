import Foundation

/// UIKit's `UIBackgroundTaskIdentifier`: a background task's token.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
  /// The token's value.
  public let rawValue: Int
  /// The token `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// `.invalid`: no task (what `beginBackgroundTask` returns outside any world).
  public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

extension UIApplication {
  /// `beginBackgroundTask(expirationHandler:)`: asks for time to finish work (a download) if
  /// the app goes to the background. The app stays in the foreground for the whole run, so the
  /// request is only kept: the expiration handler never runs. Identifiers count from 1 in each
  /// run.
  public func beginBackgroundTask(
    expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
  ) -> UIBackgroundTaskIdentifier {
    beginBackgroundTask(withName: nil, expirationHandler: handler)
  }

  /// `beginBackgroundTask(withName:expirationHandler:)`: as
  /// `beginBackgroundTask(expirationHandler:)`; the name is not kept.
  public func beginBackgroundTask(
    withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
  ) -> UIBackgroundTaskIdentifier {
    guard let world = SimulationContext.world else { return .invalid }
    let state = ViewLayerState.of(world)
    let identifier = state.nextBackgroundTask
    state.nextBackgroundTask += 1
    state.backgroundTasks.insert(identifier)
    return UIBackgroundTaskIdentifier(rawValue: identifier)
  }

  /// `endBackgroundTask(_:)`: ends the task `identifier` (an unknown or ended one is ignored).
  public func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
    guard let world = SimulationContext.world else { return }
    ViewLayerState.of(world).backgroundTasks.remove(identifier.rawValue)
  }

  /// `backgroundTimeRemaining`: `.greatestFiniteMagnitude`, as UIKit answers in the
  /// foreground, where the app stays.
  public var backgroundTimeRemaining: TimeInterval { .greatestFiniteMagnitude }

  /// The background tasks begun and not ended in the caller's world (for tests).
  package var openBackgroundTasks: Int {
    SimulationContext.world.map { ViewLayerState.of($0).backgroundTasks.count } ?? 0
  }
}

import Foundation
import SimPlatform

// `_KeyValueCodingAndObserving` is declared beside `Operation`, its first conformer.
extension Progress: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving where Self: Progress {
  /// `observe(_:options:changeHandler:)` on a `Progress`: the key-value observing download
  /// screens do on a task's `progress` (`\.fractionCompleted`, `\.completedUnitCount`, …).
  /// Swift on Linux has no key-value observing, so the value is read at each frame's scroll
  /// phase on the main thread, and a frame where it differs from the last one read calls
  /// `changeHandler` there with the old and new values asked for. Divergence: Foundation calls
  /// the handler inside each change, on the thread that made it (a task's progress moves on the
  /// session's own queue); here several changes between two frames are heard once, on the main
  /// thread. `.initial` calls the handler at once; `.prior` makes no prior call. The
  /// observation lasts while the returned `NSKeyValueObservation` lives.
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    let world = SimulationContext.world(for: "Progress.observe(_:options:changeHandler:)")
    return frameObservation(
      of: self, keyPath, options: options, in: world, changeHandler: changeHandler
    ).observation
  }
}

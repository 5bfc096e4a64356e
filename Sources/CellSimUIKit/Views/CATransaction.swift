import Foundation
import SimPlatform

/// `kCATransition`: the key Core Animation uses for a layer's transition animation.
public let kCATransition = "transition"

/// Core Animation's `CATransaction`: explicit transactions (`begin()`, `commit()`), with their
/// duration, timing function, disabled actions, values and completion block, one stack per run.
///
/// Animations are kept on layers, never run (see `CALayer`), so a transaction changes nothing a
/// person sees; what it times is its completion block, which image code uses to set an image
/// after a fade. The block runs on the main thread when the animations added to layers inside
/// the transaction would have ended (each one's `duration`, or the transaction's, or Core
/// Animation's 0.25 s, times its repeat count), or on the next turn when none was added, as
/// Apple documents; an animation that repeats for ever means it never runs. Outside `begin()`
/// and `commit()` (the implicit transaction of a run-loop turn), the setters are kept for
/// nothing, and a completion block runs on the next turn.
open class CATransaction: NSObject {
  /// One open transaction.
  struct Entry {
    var duration: CFTimeInterval?
    var timingFunction: CAMediaTimingFunction?
    var disablesActions = false
    var completion: (() -> Void)?
    /// When the longest animation added inside it would end, in seconds from its start.
    var longestAnimation: CFTimeInterval = 0
    /// Whether an animation that never ends was added.
    var hasEndlessAnimation = false
    var values: [String: Any] = [:]
  }

  /// The open transactions of a run, innermost last.
  final class Stack {
    var entries: [Entry] = []
  }

  static func stack() -> Stack? {
    SimulationContext.world.map { $0.layerAttachment { Stack() } }
  }

  /// `begin()`: opens a transaction.
  open class func begin() { stack()?.entries.append(Entry()) }

  /// `commit()`: closes the innermost transaction; its completion block is scheduled (see the
  /// type's notes), and its animations count for the enclosing one.
  open class func commit() {
    guard let stack = stack(), let entry = stack.entries.popLast() else { return }
    if let parent = stack.entries.indices.last {
      stack.entries[parent].longestAnimation = max(
        stack.entries[parent].longestAnimation, entry.longestAnimation)
      stack.entries[parent].hasEndlessAnimation =
        stack.entries[parent].hasEndlessAnimation || entry.hasEndlessAnimation
    }
    guard let completion = entry.completion, !entry.hasEndlessAnimation else { return }
    schedule(completion, after: entry.longestAnimation)
  }

  /// `flush()`: nothing to flush (nothing is drawn).
  open class func flush() {}
  /// `lock()` (the run's stack is only touched by the thread holding the baton).
  open class func lock() {}
  /// `unlock()`.
  open class func unlock() {}

  /// `animationDuration()`: the innermost transaction's, else 0.25 s.
  open class func animationDuration() -> CFTimeInterval {
    stack()?.entries.last?.duration ?? 0.25
  }
  /// `setAnimationDuration(_:)`.
  open class func setAnimationDuration(_ duration: CFTimeInterval) {
    update { $0.duration = duration }
  }
  /// `animationTimingFunction()`.
  open class func animationTimingFunction() -> CAMediaTimingFunction? {
    stack()?.entries.last?.timingFunction
  }
  /// `setAnimationTimingFunction(_:)`.
  open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
    update { $0.timingFunction = function }
  }
  /// `disableActions()`.
  open class func disableActions() -> Bool { stack()?.entries.last?.disablesActions ?? false }
  /// `setDisableActions(_:)`.
  open class func setDisableActions(_ flag: Bool) { update { $0.disablesActions = flag } }
  /// `completionBlock()`.
  open class func completionBlock() -> (() -> Void)? { stack()?.entries.last?.completion }
  /// `setCompletionBlock(_:)`: runs `block` when the transaction's animations end (see the
  /// type's notes).
  open class func setCompletionBlock(_ block: (() -> Void)?) {
    guard let stack = stack(), !stack.entries.isEmpty else {
      if let block { schedule(block, after: 0) }
      return
    }
    stack.entries[stack.entries.count - 1].completion = block
  }
  /// `value(forKey:)`.
  open class func value(forKey key: String) -> Any? { stack()?.entries.last?.values[key] }
  /// `setValue(_:forKey:)`.
  open class func setValue(_ value: Any?, forKey key: String) {
    update { $0.values[key] = value }
  }

  /// Changes the innermost open transaction, if any.
  static func update(_ change: (inout Entry) -> Void) {
    guard let stack = stack(), !stack.entries.isEmpty else { return }
    change(&stack.entries[stack.entries.count - 1])
  }

  /// Counts `animation`, just added to a layer, for the innermost open transaction.
  static func noteAnimation(_ animation: CAAnimation) {
    update { entry in
      if animation.repeatCount.isInfinite || animation.repeatDuration.isInfinite {
        entry.hasEndlessAnimation = true
        return
      }
      let duration = animation.duration > 0 ? animation.duration : (entry.duration ?? 0.25)
      let repeats = Double(max(1, animation.repeatCount))
      let length = max(duration * repeats, animation.repeatDuration)
      entry.longestAnimation = max(
        entry.longestAnimation,
        max(0, animation.beginTime) + length * (animation.autoreverses ? 2 : 1))
    }
  }

  /// Runs `block` on the run's main thread `seconds` from now.
  static func schedule(_ block: @escaping () -> Void, after seconds: CFTimeInterval) {
    guard let world = SimulationContext.world else { return }
    let box = Unchecked(value: block)
    world.main.asyncAfter(UIView.simDuration(seconds), label: "CATransaction.completion") {
      box.value()
    }
  }
}

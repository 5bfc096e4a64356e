import SimPlatform

/// A progress bar bound to a `Progress` (`observedProgress`), as download screens bind one to a
/// task's `progress`. UIKit observes the object and updates the bar on the main thread; here the
/// bar reads the object's `fractionCompleted` at once when bound and then at each frame's display
/// link phase, before the layout pass, so every frame shows the value the object had when the
/// frame began. Any `Progress` works: a task's (which the simulated network advances chunk by
/// chunk) or one the app advances itself.
extension UIProgressView {
  /// Starts following the observed progress (nothing when it was set to nil).
  func followObservedProgress() {
    guard observedProgress != nil else { return }
    readObservedProgress()
    guard let world = SimulationContext.world else { return }
    ObservedProgressViews.of(world).follow(self, in: world)
  }

  /// Sets the bar from its observed progress, if it has one and the value changed.
  func readObservedProgress() {
    guard let progress = observedProgress else { return }
    let fraction = Float(progress.fractionCompleted)
    if fraction != value { setProgress(fraction, animated: false) }
  }
}

/// A world's progress bars bound to a progress object, read at each frame (an attachment of
/// the world, with one frame observer made at the first binding).
@MainActor final class ObservedProgressViews {
  private var views: [WeakProgressView] = []
  private var observing = false

  static func of(_ world: World) -> ObservedProgressViews {
    world.layerAttachment { ObservedProgressViews() }
  }

  // Plain loops, not closures: a closure formed here is main-actor isolated, and frames outside a
  // hosted run read the bars on the thread that drives the world, where the runtime's isolation
  // check of such a closure would stop the process.
  func follow(_ view: UIProgressView, in world: World) {
    var known = false
    for entry in views where entry.view === view { known = true }
    if !known { views.append(WeakProgressView(view: view)) }
    guard !observing else { return }
    observing = true
    world.main.addFrameObserver(.displayLink, owner: self) { [weak self] _ in self?.readAll() }
  }

  /// Reads every bar still bound, in the order bound, dropping those gone or unbound.
  func readAll() {
    var bound: [WeakProgressView] = []
    for entry in views {
      guard let view = entry.view, view.observedProgress != nil else { continue }
      view.readObservedProgress()
      bound.append(entry)
    }
    views = bound
  }

  private struct WeakProgressView {
    weak var view: UIProgressView?
  }
}

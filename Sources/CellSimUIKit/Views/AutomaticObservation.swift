import Observation
package import SimPlatform

/// UIKit's automatic observation tracking (on by default in iOS 26; in iOS 18 to 25 with the
/// `UIObservationTrackingEnabled` Info.plist key): while UIKit runs one of the methods that
/// support it, it records the `@Observable` properties the method reads, and when one of them
/// changes it invalidates the method, which runs again in the next update pass.
///
/// The methods tracked here, as Apple's documentation lists them for each: a view's
/// `updateProperties()`, `layoutSubviews()` and `updateConstraints()`; a view controller's
/// `updateProperties()`, `viewWillLayoutSubviews()`, `viewDidLayoutSubviews()`,
/// `updateViewConstraints()` and `updateContentUnavailableConfiguration(using:)`; a cell's
/// `updateConfiguration(using:)` and `configurationUpdateHandler`; a button's
/// `updateConfiguration()` and `configurationUpdateHandler`. (`draw(_:)` supports it too, and is
/// never called: nothing is drawn.)
///
/// In a world, a change to a tracked property (on any simulated thread) marks its method for an
/// update, and the update pass runs on the next main-thread turn (the pass UIKit runs before
/// the next frame), in the order the reads were tracked, whatever order the Observation
/// registrar tells its observers in. Only each method's last run counts: when a method runs
/// again, what its earlier run read no longer invalidates it (a reused cell is not updated for
/// the row it showed before). A view is updated only while it is in a window; a cell off
/// screen is updated when it is displayed again. `setNeedsUpdateProperties()` asks for the same
/// pass.
///
/// `UIKitHost` turns tracking off for a screen whose `HostedScreen.observationTracking` is
/// false, as on iOS 18 to 25 without the Info.plist key: the methods then run again only when
/// invalidated by hand.
@MainActor package enum AutomaticObservation {
  /// A tracked method of an object (a slot of `TrackedReads`).
  enum Method {
    /// A view's `layoutSubviews()`, a controller's `viewWillLayoutSubviews()`.
    case layout
    /// A controller's `viewDidLayoutSubviews()`.
    case didLayout
    /// `updateProperties()`.
    case properties
    /// A view's `updateConstraints()`, a controller's `updateViewConstraints()`.
    case constraints
    /// A cell's or button's configuration update and its handler.
    case configuration
    /// A view controller's `updateContentUnavailableConfiguration(using:)`.
    case contentUnavailable
  }

  /// Runs `body` (the object's `method`) and returns its result; while tracking is on in the
  /// caller's world, records what it reads, and on the first change of any of it, unless `owner`
  /// ran `method` again since, calls `invalidate` (which marks the method and returns what to
  /// update: the view, or the view controller) on the next main-thread turn and updates it.
  static func track<Result>(
    _ owner: UIResponder, _ method: Method,
    invalidate: @escaping @MainActor () -> UIResponder?, run body: () -> Result
  ) -> Result {
    guard let world = SimulationContext.world else { return body() }
    let passes = UpdatePasses.of(world)
    guard passes.trackingEnabled else { return body() }
    let sequence = passes.nextSequence()
    owner.trackedReads[method] = sequence
    let pending = Unchecked(
      value: PendingUpdate(
        sequence: sequence, owner: owner, method: method, invalidate: invalidate, passes: passes))
    return withObservationTracking(
      body,
      onChange: {
        pending.value.passes?.add(pending.value)
      })
  }

  /// Asks for an update pass of `target` (a view or a view controller) on the next main-thread
  /// turn, after marking it: `setNeedsUpdateProperties()`. Outside a world, nothing is asked.
  static func requestPass(for target: UIResponder) {
    guard let world = SimulationContext.world else { return }
    let passes = UpdatePasses.of(world)
    passes.add(
      PendingUpdate(
        sequence: passes.nextSequence(), owner: target, method: nil,
        invalidate: { [weak target] in target },
        passes: passes))
  }

  /// Turns tracking on or off in `world` (on unless turned off).
  nonisolated package static func setTrackingEnabled(_ enabled: Bool, in world: World) {
    UpdatePasses.of(world).trackingEnabled = enabled
  }
}

/// A view or view controller, as its `updateProperties()` is tracked.
@MainActor protocol PropertiesUpdating: UIResponder {
  var needsPropertiesUpdate: Bool { get set }
  func updateProperties()
}

extension PropertiesUpdating {
  /// Runs `updateProperties()` if it is due (tracked; a change to what it read makes it due
  /// again and names the object for the pass).
  func runPropertiesUpdateIfNeeded() {
    guard needsPropertiesUpdate else { return }
    needsPropertiesUpdate = false
    AutomaticObservation.track(
      self, .properties,
      invalidate: { [weak self] in
        self?.needsPropertiesUpdate = true
        return self
      },
      run: { updateProperties() })
  }
}

extension UIView: PropertiesUpdating {}
extension UIViewController: PropertiesUpdating {}

/// The last tracked run of each of an object's tracked methods (0: none), held inline in every
/// responder, so that no view pays an allocation for it.
struct TrackedReads {
  private var layout: UInt64 = 0
  private var didLayout: UInt64 = 0
  private var properties: UInt64 = 0
  private var constraints: UInt64 = 0
  private var configuration: UInt64 = 0
  private var contentUnavailable: UInt64 = 0

  /// The sequence of `method`'s last tracked run.
  subscript(method: AutomaticObservation.Method) -> UInt64 {
    get {
      switch method {
      case .layout: layout
      case .didLayout: didLayout
      case .properties: properties
      case .constraints: constraints
      case .configuration: configuration
      case .contentUnavailable: contentUnavailable
      }
    }
    set {
      switch method {
      case .layout: layout = newValue
      case .didLayout: didLayout = newValue
      case .properties: properties = newValue
      case .constraints: constraints = newValue
      case .configuration: configuration = newValue
      case .contentUnavailable: contentUnavailable = newValue
      }
    }
  }
}

/// An update waiting for its pass: a tracked run whose reads changed, or a request.
final class PendingUpdate {
  let sequence: UInt64
  weak var owner: UIResponder?
  /// The tracked method (nil: a request, which no later run makes stale).
  let method: AutomaticObservation.Method?
  let invalidate: @MainActor () -> UIResponder?
  /// The world's passes (nil once the world is torn down).
  weak var passes: UpdatePasses?

  init(
    sequence: UInt64, owner: UIResponder, method: AutomaticObservation.Method?,
    invalidate: @escaping @MainActor () -> UIResponder?, passes: UpdatePasses
  ) {
    self.sequence = sequence
    self.owner = owner
    self.method = method
    self.invalidate = invalidate
    self.passes = passes
  }
}

/// A world's update passes: the order of tracked runs, and the updates that are due.
final class UpdatePasses {
  /// Whether observation tracking is on (iOS 26's default).
  var trackingEnabled = true
  private var lastSequence: UInt64 = 0
  /// The updates due at the next pass.
  private var due: [PendingUpdate] = []
  private var scheduled = false
  private unowned let world: World

  init(world: World) { self.world = world }

  static func of(_ world: World) -> UpdatePasses {
    world.layerAttachment { UpdatePasses(world: world) }
  }

  func nextSequence() -> UInt64 {
    lastSequence += 1
    return lastSequence
  }

  /// Makes `update` due at the next pass, on the next main-thread turn. For a change, called by
  /// the Observation registrar on the thread that made it, before the new value is stored; a
  /// change made outside the world (a test's code after the run) updates nothing.
  func add(_ update: PendingUpdate) {
    guard SimulationContext.world === world else { return }
    due.append(update)
    guard !scheduled else { return }
    scheduled = true
    let passes = Unchecked(value: self)
    world.main.async(label: "UIKit.updatePass") { _ in
      onMainActor { passes.value.runPass() }
    }
  }

  /// The pass: marks each due update whose owner is alive and, for a tracked run, has not run
  /// the method again since, in the order they were tracked; then updates what they name, in
  /// the same order, each once: a view in a window lays out (`layoutIfNeeded()`, which updates
  /// its properties and configuration first), a view controller whose view is in one runs its
  /// layout pass.
  @MainActor func runPass() {
    scheduled = false
    let batch = due.sorted { $0.sequence < $1.sequence }
    due.removeAll()
    var targets: [UIResponder] = []
    for update in batch {
      guard let owner = update.owner else { continue }
      if let method = update.method,
        owner.trackedReads[method] != update.sequence
      {
        continue
      }
      if let target = update.invalidate(), !targets.contains(where: { $0 === target }) {
        targets.append(target)
      }
    }
    for target in targets {
      if let controller = target as? UIViewController {
        if controller.viewIfLoaded?.window != nil { controller.engineLayoutPass(full: false) }
      } else if let view = target as? UIView, view.window != nil {
        view.layoutIfNeeded()
      }
    }
  }
}

import SimPlatform

// `_KeyValueCodingAndObserving` is declared beside `Operation`, its first conformer.
extension UIScrollView: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving where Self: UIScrollView {
  /// `observe(_:options:changeHandler:)` on a scroll view (a table or a collection view): the
  /// key-value observing pagination and parallax code does on `\.contentOffset` (or
  /// `\.contentSize`, `\.isDragging`, …). The value is read at every frame's scroll phase,
  /// where the simulated scroll moves, and a frame where it differs from the last one read calls
  /// `changeHandler` on the main thread with the old and new values asked for, before the
  /// delegate's `scrollViewDidScroll(_:)` of the same frame when the observation was made
  /// first. A content offset your own code sets (`contentOffset`, `setContentOffset(_:animated:)`
  /// without animation) is heard inside the set, as KVO hears it. Divergence: `.prior` makes no
  /// prior call. `.initial` calls the handler at once. The
  /// observation lasts while the returned `NSKeyValueObservation` lives.
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
    changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
  ) -> NSKeyValueObservation {
    let world = SimulationContext.world(for: "UIScrollView.observe(_:options:changeHandler:)")
    let (observation, poller) = frameObservation(
      of: self, keyPath, options: options, in: world, changeHandler: changeHandler)
    keyValuePollers.append(WeakPoller(poller))
    return observation
  }
}

/// Starts a key-value observation read at each frame's scroll phase: `.initial` calls the
/// handler at once, and a frame where the value differs from the last one read calls it with
/// the values asked for. The observation lasts while the returned `NSKeyValueObservation`
/// lives; the poller can also be asked at once (`poll()`).
func frameObservation<Root: AnyObject, Value: Equatable>(
  of object: Root, _ keyPath: KeyPath<Root, Value>, options: NSKeyValueObservingOptions,
  in world: World, changeHandler: @escaping (Root, NSKeyValueObservedChange<Value>) -> Void
) -> (observation: NSKeyValueObservation, poller: KeyPathPoller<Root, Value>) {
  let poller = KeyPathPoller(object, keyPath, options, changeHandler)
  if options.contains(.initial) {
    changeHandler(object, poller.change(old: nil, new: object[keyPath: keyPath]))
  }
  let token = FrameObserverToken()
  world.main.addFrameObserver(FramePhase.scroll, owner: token) { _ in
    poller.poll()
  }
  let observation = NSKeyValueObservation(world: world) { [weak world] in
    world?.main.removeFrameObservers(owner: token)
  }
  return (observation, poller)
}

/// The owner a frame observer is registered and removed with.
private final class FrameObserverToken {}

/// An observation that can read its value now and call its handler if it changed.
protocol KeyValuePolling: AnyObject {
  func poll()
}

/// A scroll view's reference to one of its observations, which the observation's frame
/// observer keeps alive.
final class WeakPoller {
  weak var poller: (any KeyValuePolling)?
  init(_ poller: any KeyValuePolling) { self.poller = poller }
}

extension UIScrollView {
  /// Calls the handlers of the observations whose values changed: inside the change, when the
  /// app sets the content offset itself, as KVO does.
  func notifyKeyValueObservers() {
    guard !keyValuePollers.isEmpty else { return }
    keyValuePollers.removeAll { $0.poller == nil }
    for entry in keyValuePollers { entry.poller?.poll() }
  }
}

/// Reads one key path of one object (a scroll view, a progress) at each frame, calling the
/// handler when it changed.
final class KeyPathPoller<Root: AnyObject, Value: Equatable>: KeyValuePolling {
  weak var object: Root?
  let keyPath: KeyPath<Root, Value>
  let options: NSKeyValueObservingOptions
  let handler: (Root, NSKeyValueObservedChange<Value>) -> Void
  var last: Value

  init(
    _ object: Root, _ keyPath: KeyPath<Root, Value>, _ options: NSKeyValueObservingOptions,
    _ handler: @escaping (Root, NSKeyValueObservedChange<Value>) -> Void
  ) {
    self.object = object
    self.keyPath = keyPath
    self.options = options
    self.handler = handler
    self.last = object[keyPath: keyPath]
  }

  func change(old: Value?, new: Value) -> NSKeyValueObservedChange<Value> {
    NSKeyValueObservedChange(
      kind: .setting, newValue: options.contains(.new) ? new : nil,
      oldValue: options.contains(.old) ? old : nil, indexes: nil, isPrior: false)
  }

  func poll() {
    guard let object else { return }
    let value = object[keyPath: keyPath]
    guard value != last else { return }
    let old = last
    last = value
    handler(object, change(old: old, new: value))
  }
}

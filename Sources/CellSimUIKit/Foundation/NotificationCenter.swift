import Foundation
import SimPlatform

/// Foundation's `NotificationCenter`, block-based observers only, kept per world.
///
/// - `addObserver(forName:object:queue:using:)` registers in the calling world; a post reaches
///   the observers of the posting world whose name (nil: any) and object (nil: any; else the
///   same instance, or an equal `NSObject`) match, in registration order. With a `queue`, the
///   block runs there later as an operation (blocking code); with nil, at once, on the posting
///   thread.
/// - The world's memory warning is posted as `UIApplication.didReceiveMemoryWarningNotification`
///   (from the first observer in that world on).
/// - Selector-based observers (`addObserver(_:selector:name:object:)`) need the Objective-C
///   runtime: not modelled.
open class NotificationCenter: NSObject, @unchecked Sendable {
  /// The default center.
  public static let `default` = NotificationCenter()

  final class Observer: NSObject, @unchecked Sendable {
    let name: NSNotification.Name?
    let object: AnyObject?
    let queue: OperationQueue?
    let block: @Sendable (Notification) -> Void
    init(
      name: NSNotification.Name?, object: AnyObject?, queue: OperationQueue?,
      block: @escaping @Sendable (Notification) -> Void
    ) {
      self.name = name
      self.object = object
      self.queue = queue
      self.block = block
    }

    func matches(_ notification: Notification) -> Bool {
      if let name, name != notification.name { return false }
      guard let object else { return true }
      guard let posted = notification.object.map({ $0 as AnyObject }) else { return false }
      if let left = object as? NSObject, let right = posted as? NSObject {
        return left === right || left.isEqual(right)
      }
      return object === posted
    }
  }

  final class Registry {
    var observers: [Observer] = []
  }

  let registries = PerWorld<Registry>()

  /// A new, empty center.
  public override init() {}

  /// Registers `block` for notifications named `name` (nil: all) from `obj` (nil: any sender);
  /// returns the token to pass to `removeObserver(_:)` (discardable, as the Objective-C
  /// method imports on Apple's platforms).
  @discardableResult
  open func addObserver(
    forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue?,
    using block: @escaping @Sendable (Notification) -> Void
  ) -> any NSObjectProtocol {
    let world = SimulationContext.world(for: "NotificationCenter.addObserver")
    let observer = Observer(
      name: name, object: obj.map { $0 as AnyObject }, queue: queue, block: block)
    registry(in: world).observers.append(observer)
    return observer
  }

  func registry(in world: World) -> Registry {
    registries.value(in: world) {
      let registry = Registry()
      world.reports.subscribe(to: [.memoryWarning]) { [weak self, weak world] _ in
        guard let world else { return }
        self?.deliver(
          Notification(name: UIApplication.didReceiveMemoryWarningNotification), in: world)
      }
      return registry
    }
  }

  /// `addObserver(_:selector:name:object:)`: accepted and never called, since a selector
  /// cannot be performed without the Objective-C runtime (use the block form, which runs). The
  /// selector defaults to an empty one, so that a call whose `#selector` line was removed still
  /// compiles (see `Selector`).
  open func addObserver(
    _ observer: Any, selector aSelector: Selector = "", name aName: NSNotification.Name?,
    object anObject: Any?
  ) {
    _ = SimulationContext.world(for: "NotificationCenter.addObserver")
  }

  /// Removes the observer `observer` (a token from `addObserver`).
  open func removeObserver(_ observer: Any) {
    let world = SimulationContext.world(for: "NotificationCenter.removeObserver")
    let token = observer as AnyObject
    registries.existing(in: world)?.observers.removeAll { $0 === token }
  }

  /// Removes `observer`'s registrations for `aName` (nil: all) (objects are not compared).
  open func removeObserver(_ observer: Any, name aName: NSNotification.Name?, object anObject: Any?)
  {
    let world = SimulationContext.world(for: "NotificationCenter.removeObserver")
    let token = observer as AnyObject
    registries.existing(in: world)?.observers.removeAll {
      $0 === token && (aName == nil || $0.name == aName)
    }
  }

  /// Posts `notification` to the calling world's matching observers.
  open func post(_ notification: Notification) {
    let world = SimulationContext.world(for: "NotificationCenter.post")
    deliver(notification, in: world)
  }

  /// Posts a notification named `aName` from `anObject`.
  open func post(name aName: NSNotification.Name, object anObject: Any?) {
    post(Notification(name: aName, object: anObject))
  }

  /// Posts a notification named `aName` from `anObject` with `aUserInfo`.
  open func post(
    name aName: NSNotification.Name, object anObject: Any?, userInfo aUserInfo: [AnyHashable: Any]?
  ) {
    post(Notification(name: aName, object: anObject, userInfo: aUserInfo))
  }

  func deliver(_ notification: Notification, in world: World) {
    guard let registry = registries.existing(in: world) else { return }
    let matching = registry.observers.filter { $0.matches(notification) }
    let box = Unchecked(notification)
    for observer in matching {
      if let queue = observer.queue {
        let block = observer.block
        queue.enqueue(in: world, label: "notification \(notification.name.rawValue)") {
          block(box.value)
        }
      } else {
        observer.block(notification)
      }
    }
  }
}

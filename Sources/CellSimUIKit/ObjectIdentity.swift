/// Equality and hashing by identity for the layer's classes that are `NSObject` subclasses on
/// iOS, where `NSObject`'s `isEqual(_:)` and `hash` compare identities unless a class overrides
/// them (none of these does).
///
/// This is what iOS code relies on when it writes `contentView.subviews.contains(imageView)`,
/// `runningTasks.firstIndex(of: task)`, `operations.contains(operation)`,
/// `OperationQueue.current == .main`, `Set<UIImageView>` or `[UIImageView: URL]`: each compiles
/// against the layer and means "the same object", as it does on iOS.
///
/// Covered: `UIResponder` (so every view, image view, cell, table and view controller),
/// `URLSessionTask` (and its data task), `Operation` (and `BlockOperation`), `OperationQueue`;
/// `UIImage` has the same rule in `UIImage+Encoding.swift`.
///
/// Divergence: there is no `NSObject`, so `isEqual(_:)` and `hash` cannot be overridden; `==`
/// and `hash(into:)` are not `open` either. The views' `==` is `nonisolated`, as `NSObject`'s
/// is: a view may be compared or hashed off the main actor.
extension UIResponder: Hashable {
  /// Identity.
  nonisolated public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }

  /// Hashes the object's identity.
  nonisolated public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension URLSessionTask: Hashable {
  /// Identity.
  public static func == (lhs: URLSessionTask, rhs: URLSessionTask) -> Bool { lhs === rhs }

  /// Hashes the object's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Operation: Hashable {
  /// Identity.
  public static func == (lhs: Operation, rhs: Operation) -> Bool { lhs === rhs }

  /// Hashes the object's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension OperationQueue: Hashable {
  /// Identity.
  public static func == (lhs: OperationQueue, rhs: OperationQueue) -> Bool { lhs === rhs }

  /// Hashes the object's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A weak reference to hand to long-lived closures (frame observers, report subscribers).
///
/// A closure's `[weak self]` capture lives in a mutable box, and every read of it is checked
/// for exclusive access at run time (`swift_beginAccess`): a frame observer paid that on
/// every frame. Reading through this object's unchecked property costs only the weak load.
package final class WeakReference<Object: AnyObject> {
  /// The object, or nil once it has been deallocated.
  @exclusivity(unchecked) package private(set) weak var object: Object?

  /// A weak reference to `object`.
  package init(_ object: Object) { self.object = object }
}

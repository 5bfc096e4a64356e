/// A weak reference to hand to long-lived closures (frame observers, report subscribers).
///
/// A closure's `[weak self]` capture lives in a mutable box, and every read of it is checked
/// for exclusive access at run time (`swift_beginAccess`): a frame observer paid that on
/// every frame. Reading through this object's unchecked property costs only the weak load.
package final class WeakReference<Object: AnyObject> {
  /// Stored privately and read through `object`: `@exclusivity(unchecked)` is not honoured
  /// for a stored property read directly from another module.
  @exclusivity(unchecked) weak var stored: Object?

  /// The object, or nil once it has been deallocated.
  package var object: Object? { stored }

  /// A weak reference to `object`.
  package init(_ object: Object) { stored = object }
}

import Foundation
package import SimPlatform

/// The layer's per-world state, attached to the world. Objects that bind to a world hold it
/// (never the world), and drop their binding once it is closed.
final class LayerState {
  /// Set when the world dropped its attachments (`World.tearDown`) or was freed.
  var isClosed = false

  /// The state of `world`, attached at its first use.
  static func of(_ world: World) -> LayerState {
    world.layerAttachment { Attachment(state: LayerState()) }.state
  }

  /// The world's hold on the state: when the world lets go of it, the state is closed.
  final class Attachment {
    /// The state it holds for the world.
    let state: LayerState
    /// An attachment holding `state`.
    init(state: LayerState) { self.state = state }
    deinit { state.isClosed = true }
  }
}

extension World {
  /// The world's attachment of type `T` (the layer's per-world state objects), made by `make`
  /// at its first use. `World.tearDown` drops every attachment.
  func layerAttachment<T: AnyObject>(_ make: () -> T) -> T {
    let key = ObjectIdentifier(T.self)
    if let attachment = attachments[key] as? T { return attachment }
    let attachment = make()
    attachments[key] = attachment
    return attachment
  }
}

/// A value a user's object keeps for each world it is used in: a custom queue's simulated
/// queue, a semaphore's count, a lock's owner.
///
/// User objects are often made outside any world (a stored property, a `static let`) or shared
/// by worlds that tests run in parallel, so the value is made at the object's first use in each
/// world. The table is guarded by a real lock (worlds on different threads may use one object
/// at once); it is held only to look a value up, never across a simulated call. Package-wide, so
/// that the stand-ins built on the layer (`Photos`) keep their objects' state per world too.
package final class PerWorld<Value>: @unchecked Sendable {
  /// One world's value.
  struct Entry {
    /// The state of the world the value is for.
    let state: LayerState
    /// The value.
    let value: Value
  }

  private let guardLock = Foundation.NSLock()
  private var entries: [Entry] = []

  /// An empty table.
  package init() {}

  /// The value for `world`, made with `make` at the first use there.
  package func value(in world: World, make: () -> Value) -> Value {
    let state = LayerState.of(world)
    guardLock.lock()
    defer { guardLock.unlock() }
    if let entry = entries.first(where: { $0.state === state }) { return entry.value }
    entries.removeAll { $0.state.isClosed }
    let value = make()
    entries.append(Entry(state: state, value: value))
    return value
  }

  /// Whether a value was made for a world that is still open.
  package var hasOpenValues: Bool {
    guardLock.lock()
    defer { guardLock.unlock() }
    return entries.contains { !$0.state.isClosed }
  }

  /// The value for `world`, if one was made.
  package func existing(in world: World) -> Value? {
    let state = LayerState.of(world)
    guardLock.lock()
    defer { guardLock.unlock() }
    return entries.first { $0.state === state }?.value
  }
}

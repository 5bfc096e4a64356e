import Foundation

extension DispatchQueue {
  /// Sets (or, with nil, removes) the queue's value for `key` (`dispatch_queue_set_specific`).
  /// Values belong to the queue object, in every world.
  public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {
    specificsLock.lock()
    defer { specificsLock.unlock() }
    specifics[ObjectIdentifier(key)] = value.map { $0 as Any }
  }

  /// The queue's value for `key`, if set.
  public func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? {
    specificsLock.lock()
    defer { specificsLock.unlock() }
    return specifics[ObjectIdentifier(key)] as? T
  }

  /// The value for `key` of the queue the calling code runs on: the queue of the block it runs
  /// in (or of its innermost `sync`), or the main queue for code on the main thread; if that
  /// queue has none, its target's, and so on up the targets, as `dispatch_get_specific` looks.
  public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? {
    var queue = QueueContext.innermost(in: SimulationContext.world)
    while let current = queue {
      if let value = current.getSpecific(key: key) { return value }
      queue = current.targetQueue
    }
    return nil
  }
}

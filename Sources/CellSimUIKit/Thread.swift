import Foundation
import SimKernel
import SimThreads

/// Foundation's `Thread`, as far as code that loads images uses it: which simulated thread
/// runs the calling code, and sleeping in virtual time.
///
/// `Thread.current` describes the calling code's simulated thread at the moment of the call
/// (two calls give two objects, equal in `name` and `isMainThread`). Starting threads
/// (`detachNewThread`, `start`) is not provided: use a queue.
public final class Thread: @unchecked Sendable {
  /// The simulated thread's name (`main`, `w3`), or nil off any simulated thread.
  public var name: String?
  /// Whether this is the main thread.
  public let isMainThread: Bool

  /// A description of a simulated thread.
  init(name: String?, isMainThread: Bool) {
    self.name = name
    self.isMainThread = isMainThread
  }

  /// Whether the calling code runs on the world's main thread. Outside any world it stops the
  /// process, naming the call.
  public class var isMainThread: Bool {
    let world = SimulationContext.world(for: "Thread.isMainThread")
    return SimulationContext.currentThread(in: world)?.isMain ?? false
  }

  /// The calling code's simulated thread.
  public class var current: Thread {
    let world = SimulationContext.world(for: "Thread.current")
    let thread = SimulationContext.currentThread(in: world)
    return Thread(name: thread?.name, isMainThread: thread?.isMain ?? false)
  }

  /// The main thread.
  public class var main: Thread { Thread(name: "main", isMainThread: true) }

  /// Holds the calling simulated thread, without CPU, for `ti` seconds of virtual time.
  public class func sleep(forTimeInterval ti: TimeInterval) {
    _ = SimulationContext.world(for: "Thread.sleep(forTimeInterval:)")
    SimulationContext.requireBlocking("Thread.sleep(forTimeInterval:)")
    guard let duration = VirtualClock.duration(seconds: ti) else {
      preconditionFailure("CellSimUIKit: Thread.sleep(forTimeInterval: \(ti)) never returns")
    }
    Blocking.sleep(for: duration)
  }

  /// Holds the calling simulated thread until the virtual wall clock reaches `date`.
  public class func sleep(until date: Date) {
    let now = VirtualClock.now(for: "Thread.sleep(until:)")
    SimulationContext.requireBlocking("Thread.sleep(until:)")
    guard let duration = VirtualClock.delay(until: date, now: now) else {
      preconditionFailure("CellSimUIKit: Thread.sleep(until: \(date)) never returns")
    }
    Blocking.sleep(for: duration)
  }

  /// The real call stack's symbols (Foundation's).
  public class var callStackSymbols: [String] { Foundation.Thread.callStackSymbols }
}

import Foundation
import SimKernel
import SimPlatform
import SimThreads

/// Foundation's `RunLoop`, as far as code that loads images uses it: the main run loop and its
/// modes, timers added to it, and blocks performed on it.
///
/// - `RunLoop.main` is the world's main run loop. It runs in `.default` at rest and in
///   `.tracking` from touch-down until deceleration ends, as UIKit's does. A timer or block
///   in `.default` only waits while the table scrolls; one in `.common` runs in both. A mode
///   the main run loop never enters (a custom one) holds its timers and blocks for ever.
/// - `RunLoop.current` on the main thread is `RunLoop.main`. On any other thread it is that
///   thread's run loop, which nothing runs: GCD's and an operation queue's worker threads never
///   run their run loops, so a timer scheduled from a queue's block never fires, as on a
///   device.
/// - Running a run loop yourself (`run()`, `run(until:)`, `run(mode:before:)`): on any thread
///   but the main one, the run loop has nothing attached, so each returns at once, as Apple
///   documents for a run loop with no input sources or timers, after one pass's CPU
///   (`emptyPassCost`); a loop that polls a flag this way holds its core, as a spinning thread
///   does on a device, while other threads run. A nested run of the main run loop is not
///   modelled and stops the run with a message. Ports are not modelled.
open class RunLoop: NSObject, @unchecked Sendable {
  /// Foundation's run-loop mode names (`.default`, `.common`, and UIKit's `.tracking`).
  public typealias Mode = Foundation.RunLoop.Mode

  /// Whether this is the main thread's run loop.
  let isMain: Bool

  init(isMain: Bool) { self.isMain = isMain }

  /// The world's main run loop (one object; it answers from the calling code's world).
  static let theMain = RunLoop(isMain: true)

  /// The main thread's run loop.
  open class var main: RunLoop { theMain }

  /// The calling thread's run loop: `main` on the main thread, else a run loop nothing runs.
  open class var current: RunLoop {
    let world = SimulationContext.world(for: "RunLoop.current")
    if SimulationContext.currentThread(in: world)?.isMain == true { return theMain }
    return RunLoop(isMain: false)
  }

  /// The mode the run loop runs in now: the main run loop's mode, seen from its own thread;
  /// nil for a run loop that is not running (as Foundation answers).
  open var currentMode: RunLoop.Mode? {
    let world = SimulationContext.world(for: "RunLoop.currentMode")
    guard isMain, SimulationContext.currentThread(in: world)?.isMain == true else { return nil }
    return world.main.mode == .tracking ? .tracking : .default
  }

  /// Schedules `timer` in `mode`. Adding a timer to a second mode keeps its schedule and lets
  /// it fire in both; adding an invalidated timer does nothing.
  open func add(_ timer: Timer, forMode mode: RunLoop.Mode) {
    let world = SimulationContext.world(for: "RunLoop.add(_:forMode:)")
    timer.schedule(in: world, on: self, mode: mode)
  }

  /// Runs `block` on a later pass of the run loop in any of `modes`, as blocking code.
  open func perform(inModes modes: [RunLoop.Mode], block: @escaping @Sendable () -> Void) {
    let world = SimulationContext.world(for: "RunLoop.perform(inModes:block:)")
    let simModes = modes.reduce(into: RunLoopModes()) { $0.formUnion(Self.simModes(of: $1)) }
    guard isMain, !simModes.isEmpty else { return }
    MainActorIsolation.install()
    world.main.perform(inModes: simModes, label: "RunLoop.perform", blocking: block)
  }

  /// Runs `block` on a later pass of the run loop in the default mode. (Apple's page does not
  /// say which modes; Apple's Developer Technical Support answered "equivalent to calling
  /// `-performInModes:block:` while passing in an array containing the default run loop
  /// mode", developer.apple.com/forums/thread/731759.)
  open func perform(_ block: @escaping @Sendable () -> Void) {
    perform(inModes: [.default], block: block)
  }

  // MARK: Running the run loop yourself

  /// The CPU one pass of a run loop with nothing attached costs here: a spinning wait on a
  /// device makes far more, far cheaper passes; one a tenth of a millisecond keeps the trace
  /// of a long wait short while the waiting thread still notices a change within that time.
  static let emptyPassCost = SimDuration.us(100)

  /// One pass of the run loop in `mode`, waiting for input until `limitDate`. Returns false
  /// at once when nothing is attached (Apple: "If no input sources or timers are attached to
  /// the run loop, this method exits immediately and returns false"), which is always so on a
  /// thread other than the main one here.
  @discardableResult
  open func run(mode: RunLoop.Mode, before limitDate: Date) -> Bool {
    passWithNothingAttached("RunLoop.run(mode:before:)")
    return false
  }

  /// Runs the loop until `limitDate`. With nothing attached it exits at once (Apple's
  /// documentation), after one pass.
  open func run(until limitDate: Date) {
    passWithNothingAttached("RunLoop.run(until:)")
  }

  /// Runs the loop for ever, processing its sources and timers. With nothing attached it exits
  /// at once (Apple's documentation), after one pass.
  open func run() {
    passWithNothingAttached("RunLoop.run()")
  }

  /// A pass of a run loop with nothing attached: the CPU of one pass, on blocking code (the
  /// caller's simulated thread holds a core for it); nothing on plain code, which cannot
  /// wait. The main run loop cannot be run from inside itself here: its turns are modelled,
  /// not nested.
  private func passWithNothingAttached(_ api: StaticString) {
    _ = SimulationContext.world(for: api)
    precondition(
      !isMain,
      "CellSimUIKit: \(api) on the main run loop: a nested run of the main run loop (code that "
        + "waits by spinning the main run loop) is not modelled; wait with a completion "
        + "handler, or block a background thread instead")
    guard Blocking.canBlock else { return }
    Blocking.spend(Self.emptyPassCost)
  }

  /// The simulated main run loop's modes that `mode` stands for: none for a mode it never
  /// runs in.
  static func simModes(of mode: RunLoop.Mode) -> RunLoopModes {
    switch mode {
    case .default: return .default
    case .common: return .common
    case .tracking: return .tracking
    default: return []
    }
  }
}

extension Foundation.RunLoop.Mode {
  /// UIKit's `UITrackingRunLoopMode`: the main run loop's mode while a scroll view tracks a
  /// touch or decelerates.
  public static let tracking = Foundation.RunLoop.Mode("UITrackingRunLoopMode")
}

/// Why a scenario could not be run to its end: bad input the reader could not catch
/// statically, or a loader that could not be built.
public enum RunError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The world could not be set up (fixtures, network script, table configuration, loader).
  case setup(String)
  /// An event could not be applied when its time came (a row out of range after earlier
  /// mutations, say). `index` is the event's position in `events`.
  case invalidEvent(index: Int, message: String)
  /// The simulation ran away: more events than the kernel's limit.
  case runaway(String)
  /// The loader broke what the simulation needs to stay deterministic, so the run's result
  /// cannot be trusted: an async loader resumed a task from a real thread (Dispatch, a real
  /// timer), slept on a real clock, or blocked a job; blocking code held the baton past the
  /// watchdog (a real lock, semaphore, sleep or I/O); or the runtime lacks the hooks async
  /// loaders need. The message names the task or the simulated thread.
  case nondeterministic(String)

  public var description: String {
    switch self {
    case .setup(let message): return message
    case .invalidEvent(let index, let message): return "events[\(index)]: \(message)"
    case .runaway(let message): return message
    case .nondeterministic(let message): return message
    }
  }
}

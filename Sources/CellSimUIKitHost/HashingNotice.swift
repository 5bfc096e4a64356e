import Foundation
import SimThreads
import Synchronization

/// The one line a hosted run writes to standard error, once per process, when this process
/// hashes at random without having asked to: then a screen whose code iterates a `Set` or a
/// `Dictionary` can run differently in another process (`ProcessHashing`).
enum HashingNotice {
  /// The notice for a process whose start left hashing as `start` (nil: nothing to say).
  static func message(for start: ProcessHashing.Start, deterministic: Bool) -> String? {
    if deterministic { return nil }
    switch start {
    case .fixed, .randomAsked:
      return nil
    case .loadedLate:
      return "CellSim: this process hashes at random (CellSim was loaded after it started, as a "
        + "test bundle is on macOS), so code that iterates a Set or a Dictionary may run "
        + "differently in another process; set SWIFT_DETERMINISTIC_HASHING=1 in the "
        + "environment, or sort before iterating"
    case .unavailable:
      return "CellSim: could not fix the Swift runtime's hashing seed in this process, so code "
        + "that iterates a Set or a Dictionary may run differently in another process; set "
        + "SWIFT_DETERMINISTIC_HASHING=1 in the environment, or sort before iterating"
    }
  }

  private static let written = Atomic<Bool>(false)

  /// Writes the notice, if there is one, the first time a run asks.
  static func writeOnce() {
    guard
      let text = message(for: ProcessHashing.start, deterministic: ProcessHashing.isDeterministic),
      !written.exchange(true, ordering: .relaxed)
    else { return }
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}

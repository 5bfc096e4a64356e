import CSimThreads

/// How the Swift runtime seeds hashing in this process: CellSim fixes the seed when a process
/// that links it starts (`DeterministicHashing.c`), so that user code hosted in a world that
/// iterates a `Set` or a `Dictionary` does so in one order in every process.
package enum ProcessHashing {
  /// What the process's start did to the seed.
  package enum Start: Equatable, Sendable {
    /// Fixed: iteration order is the same in every process.
    case fixed
    /// Left random: `CELLSIM_RANDOM_HASHING` asked for it.
    case randomAsked
    /// Left random: CellSim was loaded after the process started (a test bundle a runner
    /// opened), when collections may already exist.
    case loadedLate
    /// Left alone: the runtime's hashing parameters were not found.
    case unavailable
  }

  /// What the process's start did to the seed.
  package static var start: Start {
    switch Int(csimthreads_hashing_state()) {
    case Int(CSIMTHREADS_HASHING_FIXED): return .fixed
    case Int(CSIMTHREADS_HASHING_RANDOM_ASKED): return .randomAsked
    case Int(CSIMTHREADS_HASHING_LOADED_LATE): return .loadedLate
    default: return .unavailable
    }
  }

  /// Whether the runtime's hashing is deterministic now.
  package static var isDeterministic: Bool { csimthreads_hashing_is_deterministic() == 1 }
}

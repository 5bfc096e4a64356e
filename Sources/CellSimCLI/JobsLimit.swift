import Reports

/// The bound on `--jobs` (`run`, `compare`, `fuzz`): at least 1, at most 8 × the machine's
/// cores. More would start that many threads or worker processes for no gain (`fuzz --jobs
/// 100000` started 100,000 processes), so a larger value is invalid input, exit 2.
enum JobsLimit {
  /// How many jobs per core `--jobs` may ask for.
  static let perCore = 8

  /// The largest `--jobs` on this machine: `perCore` × its active cores.
  static var maximum: Int { perCore * ParallelRuns.defaultJobs }

  /// Why `jobs` is not an acceptable `--jobs`, naming the flag, the value and the bound; nil
  /// when it is.
  static func problem(_ jobs: Int, cores: Int = ParallelRuns.defaultJobs) -> String? {
    if jobs < 1 { return "--jobs: must be at least 1, got \(jobs)" }
    let bound = perCore * cores
    guard jobs > bound else { return nil }
    return "--jobs: \(jobs) is more than \(bound), \(perCore) × the \(cores) core(s) of this "
      + "machine; more jobs than that only compete for the same cores"
  }
}

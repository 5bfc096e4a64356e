/// The name some CLI tests use for `CLIRunner`; it forwards there so there is one runner.
enum CellSimProcess {
  /// Runs the built `cellsim` with `arguments`; see `CLIRunner.run`.
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
    try CLIRunner.run(arguments, environment: environment)
  }
}

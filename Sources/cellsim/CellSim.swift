import ArgumentParser

/// The `cellsim` command: a thin shell over the libraries; every subcommand's logic lives in a
/// library target so that tests and users' own tools can call it.
@main
struct CellSimCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cellsim",
    abstract: "A deterministic simulator and test harness for image loading in recycled cells.",
    version: CellSimVersion.string,
    subcommands: [
      WorkloadCommand.self
    ]
  )
}

/// The version printed by `cellsim --version`.
enum CellSimVersion {
  static let string = "0.1.0"
}

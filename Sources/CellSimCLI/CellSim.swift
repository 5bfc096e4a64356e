import ArgumentParser
import Foundation

/// The `cellsim` command: a thin shell over the libraries; every subcommand's logic lives in a
/// library target so that tests and users' own tools can call it.
@main
struct CellSimCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cellsim",
    abstract: "A deterministic simulator and test harness for image loading in recycled cells.",
    version: CellSimVersion.string,
    subcommands: [
      WorkloadCommand.self, DecodeCommand.self, FixturesCommand.self,
      NetworkWorkloadCommand.self, RunCommand.self, InvariantsCommand.self,
      CompareCommand.self, LoadersCommand.self,
      FuzzCommand.self,
      FuzzWorkerCommand.self,
      ShrinkCommand.self,
      ReplayCommand.self,
      SchemaCommand.self,
      ThreadSoakCommand.self,
    ]
  )
}

extension CellSimCommand {
  /// Parses and runs, mapping usage errors (a bad flag or value) to exit code 2, CellSim's
  /// code for invalid input, instead of ArgumentParser's 64.
  static func main() {
    if let problem = ArgumentCheck.problem(
      in: Array(CommandLine.arguments.dropFirst()),
      subcommands: configuration.subcommands.map { $0.configuration.commandName ?? "" })
    {
      FileHandle.standardError.write(Data("cellsim: error: \(problem)\n".utf8))
      Foundation.exit(2)
    }
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      if error is ExitCode {
        exit(withError: error)
      }
      if exitCode(for: error) == .validationFailure {
        FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
        Foundation.exit(2)
      }
      // Anything else escaping a command is CellSim's own failure: exit code 3.
      if exitCode(for: error) == .failure, !(error is CleanExit) {
        FileHandle.standardError.write(Data("cellsim: internal error: \(error)\n".utf8))
        Foundation.exit(3)
      }
      exit(withError: error)
    }
  }
}

/// The version printed by `cellsim --version`.
enum CellSimVersion {
  static let string = "0.1.0"
}

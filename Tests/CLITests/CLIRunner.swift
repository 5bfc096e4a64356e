import Foundation
import TestSupport

/// What one run of the `cellsim` binary produced.
struct CLIResult: Sendable {
  /// The exit status.
  var status: Int32
  /// Everything written to standard output.
  var stdout: String
  /// Everything written to standard error.
  var stderr: String
}

/// Finds and runs the BUILT `cellsim` executable, so CLI tests check exactly what users run:
/// argument parsing, output and exit codes.
enum CLIRunner {
  /// Why the binary could not be found, with the places that were searched.
  struct NotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "the built cellsim binary was not found; run `swift build` first (or set CELLSIM_BINARY)."
        + " Searched: " + searched.joined(separator: ", ")
    }
  }

  /// The `cellsim` executable: `$CELLSIM_BINARY` if set; otherwise next to the test bundle (the
  /// products folder is the bundle's parent, which on Linux holds the test executable itself);
  /// otherwise `<repo>/.build*/debug/cellsim`.
  static func binary() throws -> URL {
    var candidates: [URL] = []
    if let override = ProcessInfo.processInfo.environment["CELLSIM_BINARY"] {
      candidates.append(URL(fileURLWithPath: override))
    }
    let testExecutable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    for folder in [
      testExecutable.deletingLastPathComponent(), Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ] {
      candidates.append(folder.appendingPathComponent("cellsim"))
    }
    let buildFolders =
      (try? FileManager.default.contentsOfDirectory(atPath: Repository.root.path))?
      .filter { $0.hasPrefix(".build") }.sorted() ?? []
    for folder in buildFolders {
      candidates.append(Repository.root.appendingPathComponent("\(folder)/debug/cellsim"))
    }
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }
    ) {
      return found
    }
    throw NotFound(searched: candidates.map(\.path))
  }

  /// Runs `cellsim` with `arguments` in the repository root and waits for it to exit.
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
    try start(arguments, environment: environment).finish()
  }

  /// A `cellsim` process started by `start`, whose output goes to files until it exits.
  struct Running {
    let process: Process
    let folder: URL
    let out: FileHandle
    let err: FileHandle

    /// Waits for the process to exit and returns what it wrote.
    func finish() throws -> CLIResult {
      defer { try? FileManager.default.removeItem(at: folder) }
      process.waitUntilExit()
      try out.close()
      try err.close()
      return CLIResult(
        status: process.terminationStatus,
        stdout: try String(contentsOf: folder.appendingPathComponent("stdout"), encoding: .utf8),
        stderr: try String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8))
    }
  }

  /// Starts `cellsim` with `arguments` in the repository root and returns at once: the caller
  /// does other work while it runs, then calls `finish()`.
  static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Running {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    process.currentDirectoryURL = Repository.root
    var merged = ProcessInfo.processInfo.environment
    merged["NO_COLOR"] = "1"
    // Random hashing in the child (CellSim fixes the seed at a process's start otherwise), so
    // that a digest equal to this process's shows that no set or dictionary order reaches a trace.
    merged["CELLSIM_RANDOM_HASHING"] = "1"
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    // Files rather than pipes: a large output cannot fill a pipe and deadlock the test.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let outURL = folder.appendingPathComponent("stdout")
    let errURL = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
    return Running(process: process, folder: folder, out: out, err: err)
  }

  /// A fresh temporary folder for one test's output; the caller removes it.
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-cli-out-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}

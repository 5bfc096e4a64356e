import Foundation

/// One test of the running test binary, run again in a child process: for checks that need a
/// process of their own (nothing else running in it, a fresh hash seed, another process's
/// digests to compare with this one's).
///
/// The child is this binary (`CommandLine.arguments[0]`) with Swift Testing's `--filter`; it
/// inherits this process's environment with `environment` applied (a nil value removes the
/// variable). Everything it prints goes to a file, so a large output cannot fill a pipe.
public enum ChildTest {
  /// What a child run left.
  public struct Outcome: Sendable {
    /// Its exit status.
    public var status: Int32
    /// Everything it wrote to standard output and standard error.
    public var output: String
    /// What it wrote to the file named by `fileVariable`, if one was asked for and written.
    public var file: String?
  }

  /// Runs the tests `filter` selects in a child process and waits for it. With `fileVariable`,
  /// the child finds the path of a fresh file in that variable, and `Outcome.file` is what it
  /// wrote there. With `throughPath`, the child is started by its bare name through `PATH`, as a
  /// shell starts a program, so that it knows its own path only from the system.
  public static func run(
    _ filter: String, environment: [String: String?] = [:], fileVariable: String? = nil,
    throughPath: Bool = false
  ) throws -> Outcome {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-child-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputURL = folder.appendingPathComponent("output")
    let fileURL = folder.appendingPathComponent("file")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL)

    let process = Process()
    let binary = URL(fileURLWithPath: CommandLine.arguments[0])
    let arguments = ["--testing-library", "swift-testing", "--filter", filter]
    if throughPath {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments =
        ["PATH=" + binary.deletingLastPathComponent().path, binary.lastPathComponent] + arguments
    } else {
      process.executableURL = binary
      process.arguments = arguments
    }
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    if let fileVariable { merged[fileVariable] = fileURL.path }
    process.environment = merged
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try output.close()
    return Outcome(
      status: process.terminationStatus,
      output: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
      file: fileVariable == nil ? nil : try? String(contentsOf: fileURL, encoding: .utf8))
  }
}

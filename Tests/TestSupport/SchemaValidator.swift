public import Foundation

/// Validates files against CellSim's JSON Schemas (`docs/schema/`) with a real validator:
/// Python's `jsonschema` package, through `.ci/validate-schema.py`, which also checks the schema
/// against its meta-schema and reads YAML as CellSim does (YAML 1.2 core scalars).
///
/// `.ci/run` installs `jsonschema` and `PyYAML` when they are missing. Elsewhere, tests that
/// need them are skipped when they are absent, except under CI, where they fail.
public enum SchemaValidator {
  /// The outcome of one validation.
  public struct Outcome: Sendable {
    /// The validator's exit status: 0 valid, 1 invalid, 2 unavailable or unusable.
    public var status: Int32
    /// Its output: one line per problem, `file: key.path: message`.
    public var output: String
    /// True when every file is valid.
    public var isValid: Bool { status == 0 }

    /// The files the output names as invalid.
    public func invalidFiles() -> Set<String> {
      Set(
        output.split(separator: "\n").compactMap { line in
          line.range(of: ": ").map { String(line[..<$0.lowerBound]) }
        })
    }
  }

  /// The schema file of `name` (`scenario` or `result`).
  public static func schema(_ name: String) -> URL {
    Repository.url("docs/schema/\(name).schema.json")
  }

  /// Whether python3 with `jsonschema` and `PyYAML` can run here.
  public static let isAvailable: Bool = {
    guard let result = try? python(["-c", "import jsonschema, yaml"]) else { return false }
    return result.status == 0
  }()

  /// Whether tests that need the validator run: when it is available, and always under CI.
  public static var shouldRun: Bool { isAvailable || Repository.isCI }

  /// Validates `files` (YAML for `.yaml`/`.yml`, else JSON) against the schema `name`.
  public static func validate(_ files: [String], against name: String) throws -> Outcome {
    try python([Repository.url(".ci/validate-schema.py").path, schema(name).path] + files)
  }

  /// Validates a JSON `text` against the schema `name`.
  public static func validate(json text: String, against name: String) throws -> Outcome {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("cellsim-\(name)-\(UUID().uuidString).json")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try validate([file.path], against: name)
  }

  private static func python(_ arguments: [String]) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    process.currentDirectoryURL = Repository.root
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cellsim-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A file rather than a pipe: long output cannot fill a pipe and block the validator.
    let outURL = folder.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    process.standardOutput = out
    process.standardError = out
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try out.close()
    let text = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
    return Outcome(status: process.terminationStatus, output: text)
  }
}

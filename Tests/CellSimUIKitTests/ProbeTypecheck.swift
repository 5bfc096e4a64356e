// Imports only the layer: Process and FileManager come through its re-export of Foundation.
import CellSimUIKit

/// Type-checks a probe (`Probes/<name>.swift.probe`: a user file kept under another name so
/// that SwiftPM does not compile it into the tests) with the swiftc that built the tests,
/// against the built modules, in a Swift language mode.
enum ProbeTypecheck {
  /// swiftc's status and output for probe `name` in `languageMode`; nil (after saying so) when
  /// the built modules are not beside the test bundle.
  static func run(_ name: String, languageMode: String = "6") throws -> (
    status: Int32, output: String
  )? {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
    let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let modules = build.appendingPathComponent("Modules")
    guard FileManager.default.fileExists(atPath: modules.path) else {
      print("skipped: no Modules folder beside the test bundle (\(build.path))")
      return nil
    }
    var arguments = [
      "swiftc", "-swift-version", languageMode, "-typecheck", "-I", modules.path,
      "-Xcc", "-fmodule-map-file=" + root.path + "/Sources/CLibPNG/module.modulemap",
    ]
    for target in ["CPNGRows", "CSimThreads"] {
      arguments += [
        "-Xcc", "-fmodule-map-file=" + build.path + "/\(target).build/module.modulemap",
      ]
    }
    // swiftc takes only `.swift` inputs.
    let probe = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsimuikit-\(name)-\(ProcessInfo.processInfo.processIdentifier)-\(languageMode).swift")
    try? FileManager.default.removeItem(at: probe)
    try FileManager.default.copyItem(
      at: tests.appendingPathComponent("Probes/\(name).swift.probe"), to: probe)
    defer { try? FileManager.default.removeItem(at: probe) }
    arguments.append(probe.path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }
}

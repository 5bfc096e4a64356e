// Imports only the layer: Process and FileManager come through its re-export of Foundation.
import CellSimUIKit
import Testing

/// Type-checks `Probes/UIKitNames.swift.probe`, iOS table code that imports only the layer, with
/// the swiftc that built the tests, against the built modules.
@Suite("UIKit's names resolve to the layer in a file that imports only it")
struct UIKitNamesProbeTests {
  @Test("the probe type-checks with no error", arguments: ["5", "6"])
  func typeChecks(languageMode: String) throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
    let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let modules = build.appendingPathComponent("Modules")
    guard FileManager.default.fileExists(atPath: modules.path) else {
      print("skipped: no Modules folder beside the test bundle (\(build.path))")
      return
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
    let probe = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsimuikit-names-\(ProcessInfo.processInfo.processIdentifier)-\(languageMode).swift")
    try? FileManager.default.removeItem(at: probe)
    try FileManager.default.copyItem(
      at: tests.appendingPathComponent("Probes/UIKitNames.swift.probe"), to: probe)
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
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(!text.contains("error:"), "\(text)")
  }
}

// Imports only the layer: Process and FileManager come through its re-export of Foundation.
import CellSimUIKit
import Testing

/// Type-checks `Probes/ImportsFoundationToo.swift.probe`, a user file that imports Foundation
/// beside the layer, with the swiftc that built the tests, against the built modules.
@Suite("A file that imports Foundation beside the layer does not compile")
struct TwoImportTests {
  @Test(
    "every shadowed call is ambiguous, never silently the real Dispatch or Foundation",
    arguments: ["5", "6"])
  func ambiguous(languageMode: String) throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
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
    // swiftc takes only `.swift` inputs; the probe is kept under another name so that SwiftPM
    // does not compile it into the tests.
    let probe = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsimuikit-probe-\(ProcessInfo.processInfo.processIdentifier)-\(languageMode).swift")
    try FileManager.default.copyItem(
      at: tests.appendingPathComponent("Probes/ImportsFoundationToo.swift.probe"), to: probe)
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
    #expect(process.terminationStatus != 0)
    for call in [
      "'main'", "'global(qos:)'", "'init(value:)'", "'isMainThread'",
      "'init(contentsOf:options:)'", "'now()'", "'systemUptime'", "'shared'", "'default'",
      "'init()'", "'scheduledTimer(withTimeInterval:repeats:block:)'",
      "'write(to:options:)'",
    ] {
      #expect(text.contains("error: ambiguous use of \(call)"), "\(call): \(text)")
    }
  }
}

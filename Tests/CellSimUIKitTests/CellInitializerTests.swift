// Imports only the layer: Process and FileManager come through its re-export of Foundation.
import CellSimUIKit
import Testing

/// Type-checks the `Probes/CellOwnInitializer*.swift.probe` files with the swiftc that built the
/// tests, against the built modules (as `TwoImportTests` does).
@Suite("A cell with only a designated initializer of its own (audit item 36)")
struct CellInitializerTests {
  /// swiftc's status and output for the probe `name`; nil when the built modules are not beside
  /// the test bundle.
  static func typecheck(_ name: String) throws -> (status: Int32, output: String)? {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
    let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let modules = build.appendingPathComponent("Modules")
    guard FileManager.default.fileExists(atPath: modules.path) else { return nil }
    var arguments = [
      "swiftc", "-swift-version", "6", "-typecheck", "-I", modules.path,
      "-Xcc", "-fmodule-map-file=" + root.path + "/Sources/CLibPNG/module.modulemap",
    ]
    for target in ["CPNGRows", "CSimThreads"] {
      arguments += [
        "-Xcc", "-fmodule-map-file=" + build.path + "/\(target).build/module.modulemap",
      ]
    }
    let probe = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsimuikit-\(name)-\(ProcessInfo.processInfo.processIdentifier).swift")
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

  @Test("it does not compile: the layer's registration initializer is required")
  func ownInitializerOnly() throws {
    guard let (status, output) = try Self.typecheck("CellOwnInitializer") else {
      print("skipped: no Modules folder beside the test bundle")
      return
    }
    #expect(status != 0)
    #expect(
      output.contains(
        "'required' initializer 'init(registeredStyle:reuseIdentifier:)' must be provided by "
          + "subclass of 'UITableViewCell'"), "\(output)")
    #expect(
      output.contains(
        "'required' initializer 'init(registeredFrame:reuseIdentifier:)' must be provided by "
          + "subclass of 'UICollectionReusableView'"), "\(output)")
  }

  @Test("overriding UIKit's initializer too (valid UIKit) compiles")
  func withUIKitsInitializer() throws {
    guard let (status, output) = try Self.typecheck("CellOwnInitializerFixed") else {
      print("skipped: no Modules folder beside the test bundle")
      return
    }
    #expect(status == 0, "\(output)")
  }
}

// Imports only the layer: Process and FileManager come through its re-export of Foundation.
import CellSimUIKit
import Testing

/// Type-checks `Probes/UIKitNames.swift.probe`, iOS table code that imports only the layer, with
/// the swiftc that built the tests, against the built modules.
@Suite("UIKit's names resolve to the layer in a file that imports only it")
struct UIKitNamesProbeTests {
  @Test("the probe type-checks with no error", arguments: ["5", "6"])
  func typeChecks(languageMode: String) throws {
    guard let (status, text) = try ProbeTypecheck.run("UIKitNames", languageMode: languageMode)
    else { return }
    #expect(status == 0, "\(text)")
    #expect(!text.contains("error:"), "\(text)")
  }
}

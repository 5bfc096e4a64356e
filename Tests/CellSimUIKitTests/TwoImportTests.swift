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
    guard
      let (status, text) = try ProbeTypecheck.run(
        "ImportsFoundationToo", languageMode: languageMode)
    else { return }
    #expect(status != 0)
    for call in [
      "'main'", "'global(qos:)'", "'init(value:)'", "'isMainThread'",
      "'init(contentsOf:options:)'", "'now()'", "'systemUptime'", "'shared'", "'default'",
      "'init()'", "'scheduledTimer(withTimeInterval:repeats:block:)'",
      "'write(to:options:)'", "'standard'",
    ] {
      #expect(text.contains("error: ambiguous use of \(call)"), "\(call): \(text)")
    }
  }
}

import Foundation
import TestSupport
import Testing

/// A deadlock in blocking code ends `cellsim run` with exit 1 and both threads named, in
/// seconds of wall-clock time: never a hang.
@Suite("Deadlocks are findings of cellsim run")
struct DeadlockCLITests {
  /// The bundled scenario at `path`, expecting `pass`, in a temporary file.
  func expectingPass(_ path: String) throws -> URL {
    let text = try String(contentsOf: Repository.url(path), encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeAll { $0.hasPrefix("expect:") }
    lines.append("expect: pass")
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("cellsim-deadlock-\(UUID().uuidString).yaml")
    try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test(
    "a deadlock is exit 1, naming every thread and its wait",
    arguments: [
      ("Scenarios/threads/lock-order-inversion.yaml", ["lock \"pending\"", "lock \"cache\""]),
      ("Scenarios/threads/sync-onto-own-queue.yaml", ["queue \"com.example.image-cache\""]),
    ])
  func deadlockExitsOne(path: String, waits: [String]) throws {
    let file = try expectingPass(path)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try CLIRunner.run(["run", file.path, "--json"])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.contains("\"deadlock\""), "\(result.stdout)")
    for wait in waits {
      #expect(result.stdout.contains(wait.replacingOccurrences(of: "\"", with: "\\\"")))
    }
  }
}

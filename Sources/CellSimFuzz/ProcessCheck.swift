package import Foundation
package import Scenarios

/// Runs one scenario in a child process (`cellsim fuzz-worker … --check FILE`) and reports
/// whether it finished, trapped or hung: the test the shrinker applies to the candidates of a
/// trap or hang finding, which cannot be reproduced in the process that shrinks.
package struct ProcessCheck: Sendable {
  /// How a child run ended.
  package enum Outcome: Sendable, Equatable {
    /// It ran to its end (whatever the verdict).
    case finished
    /// It died: an uncaught signal (`signal 4`) or a non-zero exit status.
    case trap(String)
    /// It was still running after `timeout` and was killed.
    case hang
  }

  /// The executable (`cellsim`).
  package var executable: URL
  /// The arguments before `--check FILE` (`fuzz-worker` and the campaign's options).
  package var arguments: [String]
  /// Wall-clock seconds before a child counts as hung.
  package var timeout: TimeInterval
  /// Where candidate files are written (each removed after its run).
  package var folder: URL

  package init(executable: URL, arguments: [String], timeout: TimeInterval, folder: URL) {
    self.executable = executable
    self.arguments = arguments
    self.timeout = timeout
    self.folder = folder
  }

  /// Runs `scenario` in a child process and waits for it, at most `timeout`.
  package func outcome(of scenario: Scenario) -> Outcome {
    let file = folder.appendingPathComponent(".check-\(getpid())-\(UUID().uuidString).yaml")
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(scenario.yamlText().utf8).write(to: file)
    } catch {
      return .finished
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments + ["--check", file.path]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return .finished }
    let started = Date()
    while process.isRunning {
      if Date().timeIntervalSince(started) > timeout {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return .hang
      }
      usleep(2_000)
    }
    if process.terminationReason == .uncaughtSignal {
      return .trap("signal \(process.terminationStatus)")
    }
    return process.terminationStatus == 0
      ? .finished : .trap("exit status \(process.terminationStatus)")
  }

  /// The outcome a finding of `kind` shows (nil for a violation, which needs no child).
  package static func expected(for kind: Finding.Kind) -> Outcome? {
    switch kind {
    case .violation: return nil
    case .trap(let reason): return .trap(reason)
    case .hang: return .hang
    }
  }
}

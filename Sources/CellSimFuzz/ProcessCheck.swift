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
    /// It was killed because `isCancelled` said so.
    case cancelled
  }

  /// The executable (`cellsim`).
  package var executable: URL
  /// The arguments before `--check FILE` (`fuzz-worker` and the campaign's options).
  package var arguments: [String]
  /// Wall-clock seconds before a child counts as hung.
  package var timeout: TimeInterval
  /// Where candidate files are written (each removed after its run).
  package var folder: URL
  /// Polled while the child runs: when it returns true the child is killed and the outcome is
  /// `.cancelled` (a campaign interrupted during a shrink).
  package var isCancelled: (@Sendable () -> Bool)?

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
    // posix_spawn and waitpid, not Foundation's Process: this runs on the supervisor's shrink
    // thread, and on Linux a Process started there was never seen to exit (it stayed a zombie,
    // and `waitUntilExit` never returned).
    guard let child = ChildProcess(executable.path, arguments + ["--check", file.path]) else {
      return .finished
    }
    let started = Date()
    while true {
      if let status = child.exitStatus() { return Self.outcome(status) }
      if isCancelled?() == true {
        child.kill()
        return .cancelled
      }
      if Date().timeIntervalSince(started) > timeout {
        child.kill()
        return .hang
      }
      usleep(2_000)
    }
  }

  /// The outcome of a `waitpid` status.
  static func outcome(_ status: Int32) -> Outcome {
    let signal = status & 0x7f
    if signal != 0 && signal != 0x7f { return .trap("signal \(signal)") }
    let code = (status >> 8) & 0xff
    return code == 0 ? .finished : .trap("exit status \(code)")
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

/// A child process with standard input, output and error on /dev/null, default signal
/// dispositions and an empty signal mask, reaped by `exitStatus()` or `kill()`.
final class ChildProcess {
  let pid: pid_t
  private var reaped = false

  /// Starts `path` with `arguments`; nil if it cannot be started.
  init?(_ path: String, _ arguments: [String]) {
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var environment: [UnsafeMutablePointer<CChar>?] = Supervisor.childEnvironment.map {
      strdup("\($0.key)=\($0.value)")
    }
    defer { for pointer in environment { free(pointer) } }
    environment.append(nil)
    var pid: pid_t = 0
    let arguments = argv + [nil]
    guard posix_spawn(&pid, path, &actions, &attributes, arguments, environment) == 0 else {
      return nil
    }
    self.pid = pid
  }

  /// The `waitpid` status once the child has exited, else nil.
  func exitStatus() -> Int32? {
    guard !reaped else { return nil }
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    if result == pid {
      reaped = true
      return status
    }
    if result < 0 && errno != EINTR {
      // Not our child any more (reaped elsewhere): it has ended.
      reaped = true
      return 0
    }
    return nil
  }

  /// Kills the child and reaps it.
  func kill() {
    guard !reaped else { return }
    _ = Foundation.kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    reaped = true
  }

  deinit { kill() }
}

import ArgumentParser
import CellSimFuzz
import Foundation
import Scenarios
import SimThreads

/// `cellsim fuzz-worker` (hidden): runs the cases `start, start + stride, …` of a campaign's
/// shard and reports on stdout in `WorkerMessage` lines; the supervisor starts it. With
/// `--check FILE` it runs that one scenario and exits 0 (the supervisor's test of whether a
/// trap or hang finding's shrink candidate still traps or hangs, `ProcessCheck`).
struct FuzzWorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fuzz-worker", abstract: "Internal: one worker of `cellsim fuzz`.",
    shouldDisplay: false)

  @OptionGroup var options: FuzzCaseOptions
  @Option var start: Int = 0
  @Option var stride: Int = 1
  @Option var end: Int?
  @Option var deadline: Double?
  /// Cases before the worker exits and the supervisor starts a fresh one (bounds memory).
  @Option var limit: Int = 500
  /// Runs this scenario file once instead of the campaign's cases.
  @Option var check: String?

  func run() throws {
    // The supervisor decides when workers stop; a terminal's ^C reaches it, not us.
    // The supervisor ignores SIGTERM itself, and a child inherits ignored signals: restore it.
    // It also inherits the supervisor's blocked signal mask (libdispatch blocks SIGTERM).
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_DFL)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    // A real block in blocking code holds its case until the supervisor's case timeout, which
    // reports it as a hang finding (the in-process watchdog would make it a failed run).
    BlockingThreadsOptions.processWatchdog = .seconds(1_000_000_000)
    var campaign = try options.campaign()
    let heartbeat = Heartbeat()
    campaign.runner.afterRun = { heartbeat.ranOnce() }
    // Test hooks for the supervisor's trap and hang handling (never set by users): a trap, a
    // blocked hang or a CPU-burning one at one case index (which a fresh process does not
    // reproduce), or in every scenario with an event of the given kind (which shrinks to it).
    let environment = ProcessInfo.processInfo.environment
    let trapAt = environment["CELLSIM_FUZZ_TEST_TRAP_AT"].flatMap(Int.init)
    let hangAt = environment["CELLSIM_FUZZ_TEST_HANG_AT"].flatMap(Int.init)
    let spinAt = environment["CELLSIM_FUZZ_TEST_SPIN_AT"].flatMap(Int.init)
    let trapOn = environment["CELLSIM_FUZZ_TEST_TRAP_ON"]
    let hangOn = environment["CELLSIM_FUZZ_TEST_HANG_ON"]
    // A slow case that keeps making progress (`runs:ms`): each case first runs its scenario
    // `runs` more times, each run followed by `ms` of sleep, as a long shrink on a loaded
    // machine does. It must not be a hang while each run stays within the timeout.
    let slowCase = environment["CELLSIM_FUZZ_TEST_SLOW_CASE"].map {
      $0.split(separator: ":").compactMap { Int($0) }
    }
    if let slowCase, slowCase.count == 2 { heartbeat.sleepAfterRun = slowCase[1] }
    func testHooks(_ scenario: Scenario) {
      let keys = scenario.events.map(\.action.key)
      if let trapOn, keys.contains(trapOn) { fatalError("test trap on \(trapOn)") }
      if let hangOn, keys.contains(hangOn) { while true { sleep(60) } }
    }
    // A loaded machine, in the shrink of a hang finding: every --check run first sleeps this
    // many milliseconds.
    let checkSlow = environment["CELLSIM_FUZZ_TEST_CHECK_SLOW"].flatMap(UInt32.init)
    if let check {
      if let checkSlow { usleep(checkSlow * 1_000) }
      let scenario = try Scenario(
        contentsOf: URL(fileURLWithPath: check), knownLoaders: campaign.knownLoaders)
      testHooks(scenario)
      _ = campaign.runner.run(scenario)
      return
    }
    var k = start
    var ran = 0
    while end.map({ k < $0 }) ?? true, ran < limit {
      ran += 1
      if let deadline, Date().timeIntervalSince1970 >= deadline { break }
      emit(.start(k: k))
      heartbeat.k = k
      if k == trapAt { fatalError("test trap at case \(k)") }
      if k == hangAt { while true { sleep(60) } }
      if k == spinAt { while ProcessInfo.processInfo.systemUptime > 0 {} }
      if trapOn != nil || hangOn != nil {
        testHooks(campaign.scenario(forCase: campaign.caseIndex(k)))
      }
      if let slowCase, slowCase.count == 2 {
        let scenario = campaign.scenario(forCase: campaign.caseIndex(k))
        for _ in 0..<slowCase[0] { _ = campaign.runner.run(scenario) }
      }
      let report = campaign.runCase(campaign.caseIndex(k))
      for finding in report.findings {
        emit(
          .finding(
            k: k, label: finding.label, signature: finding.signatureHash,
            yaml: finding.scenario.yamlText(), shrinkMilliseconds: finding.shrinkMilliseconds))
      }
      emit(.done(k: k, violated: report.violated, error: report.error))
      k += stride
    }
  }

  func emit(_ message: WorkerMessage) {
    emitLine(message)
  }
}

/// Writes one message line to the supervisor.
private func emitLine(_ message: WorkerMessage) {
  FileHandle.standardOutput.write(Data((message.line + "\n").utf8))
}

/// The worker's progress reports: a `beat` line after a simulation run of the current case,
/// at most one every quarter second (a monotonic clock, outside any simulation), so the
/// supervisor's hang guard times single runs without a line per shrink candidate.
private final class Heartbeat {
  /// The case running.
  var k = 0
  /// A test hook's sleep after each run, in milliseconds.
  var sleepAfterRun = 0
  private var last = ProcessInfo.processInfo.systemUptime

  func ranOnce() {
    if sleepAfterRun > 0 { usleep(useconds_t(sleepAfterRun) * 1_000) }
    let now = ProcessInfo.processInfo.systemUptime
    guard now - last >= 0.25 else { return }
    last = now
    emitLine(.beat(k: k))
  }
}

package import Foundation
package import Scenarios

/// Runs a campaign in worker processes and turns their messages into finding files.
///
/// Worker `j` of `jobs` runs the shard's cases `k = j, j + jobs, …` (`cellsim fuzz-worker`).
/// A worker that dies while a case runs (a trap in the loader) or that makes no progress for
/// `caseTimeout` seconds (killed) becomes a finding of its own, and a new worker resumes after
/// that case. Progress is a `beat` line after each simulation run, so the guard times a single
/// run, not a case with its shrinking: on a loaded machine a healthy case may take many times
/// its CPU time in wall time, and a fuzzer multiplies every false hang. Findings are deduplicated by signature and written atomically; SIGINT and
/// SIGTERM stop the workers, and every finding already written stays intact.
package final class Supervisor: @unchecked Sendable {
  /// How to start a worker: the executable and the arguments before `--start/--stride`.
  package var executable: URL
  package var workerArguments: [String]
  /// The campaign (for trap and hang findings, generated again here).
  package var campaign: Campaign
  package var jobs: Int
  package var cases: Int?
  package var deadline: Date?
  /// Wall-clock seconds a worker may go without progress (a `start` or `beat` line) during a
  /// case before the case is a hang.
  package var caseTimeout: TimeInterval
  package var outFolder: URL
  /// Called about once a second with a progress line (and at the end).
  package var progress: (Progress) -> Void = { _ in }
  /// Wall-clock seconds spent shrinking each trap or hang finding, at most.
  package var trapShrinkTime: TimeInterval = 120
  /// Wall-clock seconds a shrink candidate of a hang finding may run, in a child process,
  /// before it counts as still hanging (nil: `min(caseTimeout, 10)`). The limit grows to four
  /// times the slowest candidate that finished, and the shrunk result is confirmed against the
  /// full `caseTimeout` before it replaces the finding (`Supervisor+TrapShrink.swift`).
  package var hangCheckTimeout: TimeInterval?

  /// What the campaign has done so far.
  package struct Progress {
    package var cases = 0
    package var findingsByLabel: [String: Int] = [:]
    /// Cases that violated each invariant, shrunk or not.
    package var violatingCases: [String: Int] = [:]
    /// Wall-clock milliseconds of each shrink, in the order they arrived.
    package var shrinkMilliseconds: [Int] = []
    package var written: [URL] = []
    package var errors: [String] = []
    package var started = Date()
    package var interrupted: Int32?
  }

  let lock = NSCondition()
  private var inbox: [(worker: Int, message: WorkerMessage?)] = []
  var state = Progress()
  /// Signatures written so far (under `lock`: the shrink thread writes findings too).
  var seen = Set<String>()
  private var signalSources: [DispatchSourceSignal] = []
  /// Trap and hang findings written unshrunk and waiting for the shrink thread (under `lock`).
  var unshrunk: [(finding: Finding, file: URL)] = []
  /// Whether the shrink thread is running, and whether it is working on a finding (under
  /// `lock`).
  var shrinkThreadStarted = false
  var shrinking = false

  package init(
    executable: URL, workerArguments: [String], campaign: Campaign, jobs: Int, cases: Int?,
    deadline: Date?, caseTimeout: TimeInterval, outFolder: URL
  ) {
    self.executable = executable
    self.workerArguments = workerArguments
    self.campaign = campaign
    self.jobs = jobs
    self.cases = cases
    self.deadline = deadline
    self.caseTimeout = caseTimeout
    self.outFolder = outFolder
  }

  final class Worker: @unchecked Sendable {
    let index: Int
    let process = Process()
    /// The case running, and when the worker last showed progress on it.
    var current: (k: Int, since: Date)?
    var lastDone = -1
    var killedByUs = false
    var exited = false
    init(index: Int) { self.index = index }
  }

  /// The environment of workers and shrink candidates: this process's, with Swift's crash
  /// backtracer off. A trap is a finding, replayed with `cellsim replay`; and the backtracer,
  /// a grandchild that inherits the worker's stdout, was seen to hang on a loaded machine
  /// holding that pipe open, so the supervisor never saw the worker's end.
  ///
  /// glibc's allocator is told to keep large blocks in its heap (unless the user set these):
  /// by default every block over 128 KiB is its own mapping, so each case's downloaded bodies
  /// and bitmaps were mapped, faulted in and unmapped again, about 12% of a worker's CPU time
  /// spent in the kernel. Peak memory measured the same; other platforms ignore the variables.
  static var childEnvironment: [String: String] {
    let allocator = ["MALLOC_MMAP_THRESHOLD_": "268435456", "MALLOC_TRIM_THRESHOLD_": "536870912"]
    return ProcessInfo.processInfo.environment
      .merging(allocator) { user, _ in user }
      .merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
  }

  /// Runs the campaign to its end (or an interrupt) and returns what it did.
  package func run() -> Progress {
    installSignalHandlers()
    var workers: [Worker] = []
    for j in 0..<jobs { workers.append(start(worker: j, from: j)) }
    var lastProgress = Date.distantPast
    while workers.contains(where: { !$0.exited }) {
      lock.lock()
      if inbox.isEmpty { _ = lock.wait(until: Date().addingTimeInterval(0.2)) }
      let messages = inbox
      inbox.removeAll()
      let interrupted = state.interrupted
      lock.unlock()
      for (index, message) in messages {
        guard let message else {
          if let next = finish(workers[index]) { workers[index] = start(worker: index, from: next) }
          continue
        }
        handle(message, from: workers[index])
      }
      if interrupted != nil {
        for worker in workers where !worker.exited && !worker.killedByUs {
          worker.killedByUs = true
          kill(worker.process.processIdentifier, SIGKILL)
        }
      }
      for worker in workers where !worker.exited && !worker.killedByUs {
        if let current = worker.current, Date().timeIntervalSince(current.since) > caseTimeout {
          worker.killedByUs = true
          record(trapOrHang: .hang, k: current.k)
          // A hung loader may block SIGTERM's default action; SIGKILL cannot be caught.
          kill(worker.process.processIdentifier, SIGKILL)
        }
      }
      if Date().timeIntervalSince(lastProgress) >= 1 {
        lastProgress = Date()
        progress(snapshot())
      }
    }
    waitForShrinks()
    let final = snapshot()
    progress(final)
    return final
  }

  func snapshot() -> Progress {
    lock.lock()
    defer { lock.unlock() }
    return state
  }

  private func start(worker index: Int, from k: Int) -> Worker {
    let worker = Worker(index: index)
    var arguments = workerArguments + ["--start", "\(k)", "--stride", "\(jobs)"]
    if let cases { arguments += ["--end", "\(cases)"] }
    if let deadline { arguments += ["--deadline", "\(deadline.timeIntervalSince1970)"] }
    worker.process.executableURL = executable
    worker.process.arguments = arguments
    worker.process.environment = Self.childEnvironment
    let pipe = Pipe()
    worker.process.standardOutput = pipe
    worker.process.standardInput = FileHandle.nullDevice
    do {
      try worker.process.run()
    } catch {
      lock.lock()
      state.errors.append("cannot start a worker: \(error)")
      lock.unlock()
      worker.exited = true
      return worker
    }
    let reader = pipe.fileHandleForReading
    Thread.detachNewThread { [self] in
      var buffer = Data()
      while true {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        buffer.append(chunk)
        while let newline = buffer.firstIndex(of: 0x0A) {
          let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
          buffer.removeSubrange(buffer.startIndex...newline)
          if let message = WorkerMessage(line: line) { post(index, message) }
        }
      }
      worker.process.waitUntilExit()
      post(index, nil)
    }
    return worker
  }

  private func post(_ worker: Int, _ message: WorkerMessage?) {
    lock.lock()
    inbox.append((worker, message))
    lock.broadcast()
    lock.unlock()
  }

  private func handle(_ message: WorkerMessage, from worker: Worker) {
    switch message {
    case .start(let k):
      worker.current = (k, Date())
    case .beat(let k):
      if worker.current?.k == k { worker.current?.since = Date() }
    case .done(let k, let violated, let error):
      worker.current = nil
      worker.lastDone = k
      lock.lock()
      state.cases += 1
      for id in violated { state.violatingCases[id.rawValue, default: 0] += 1 }
      if let error { state.errors.append("case \(campaign.caseIndex(k)): \(error)") }
      lock.unlock()
    case .finding(_, let label, let signature, let yaml, let milliseconds):
      lock.lock()
      state.shrinkMilliseconds.append(milliseconds)
      lock.unlock()
      write(yaml: yaml, label: label, signature: signature)
    }
  }

  /// A worker ended: a trap if it died during a case we did not stop. Returns where a new
  /// worker should resume, or nil.
  private func finish(_ worker: Worker) -> Int? {
    worker.exited = true
    let process = worker.process
    let interrupted = snapshot().interrupted != nil
    guard let current = worker.current else {
      // A clean exit: the worker reached its end, the deadline, or its case limit (then a
      // fresh worker continues after its last case).
      guard !interrupted, worker.lastDone >= 0 else { return nil }
      return resumable(worker.lastDone + jobs)
    }
    if !worker.killedByUs && !interrupted {
      let reason =
        process.terminationReason == .uncaughtSignal
        ? "signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
      record(trapOrHang: .trap(reason), k: current.k)
    }
    if interrupted { return nil }
    return resumable(current.k + jobs)
  }

  /// `next`, unless the budget is spent.
  private func resumable(_ next: Int) -> Int? {
    if let cases, next >= cases { return nil }
    if let deadline, Date() >= deadline { return nil }
    return next
  }

  private func record(trapOrHang kind: Finding.Kind, k: Int) {
    let index = campaign.caseIndex(k)
    let scenario = campaign.scenario(forCase: index)
    let finding = Finding(
      kind: kind, scenario: scenario, campaignSeed: campaign.seed, caseIndex: index,
      originalEvents: scenario.events.count, campaign: campaign.description)
    lock.lock()
    state.cases += 1
    lock.unlock()
    // Written now, unshrunk, so an interrupt loses nothing; shrunk on the shrink thread while
    // the campaign goes on.
    let file = write(
      yaml: finding.scenario.yamlText(), label: finding.label, signature: finding.signatureHash)
    if let file { enqueueShrink(finding, file: file) }
  }

  /// Writes a finding unless its signature was seen; returns the file written.
  @discardableResult
  func write(yaml: String, label: String, signature: String) -> URL? {
    lock.lock()
    let inserted = seen.insert(signature).inserted
    lock.unlock()
    guard inserted else { return nil }
    let name = "\(label)-\(signature.prefix(12)).yaml"
    do {
      let url = try Finding.writeAtomically(yaml, name: name, in: outFolder)
      lock.lock()
      state.findingsByLabel[label, default: 0] += 1
      if let url { state.written.append(url) }
      lock.unlock()
      return url
    } catch {
      lock.lock()
      state.errors.append("cannot write \(name): \(error)")
      lock.unlock()
      return nil
    }
  }

  private func installSignalHandlers() {
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [self] in
        lock.lock()
        if state.interrupted == nil { state.interrupted = number }
        lock.broadcast()
        lock.unlock()
      }
      source.resume()
      signalSources.append(source)
    }
  }
}

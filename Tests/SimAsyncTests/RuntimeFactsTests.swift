import ChildTestSupport
import Foundation
import SimKernel
import SimPlatform
import Synchronization
import Testing

@testable import SimAsync

/// The facts about Swift 6.3.1's runtime on Linux that the executor relies on, each checked.
@Suite("Runtime facts the executor relies on", .serialized)
struct RuntimeFactsTests {
  @Test("the four hooks are found with dlsym, installed for a simulation, and put back after")
  func hooksInstalledAndRestored() async throws {
    let table = try RuntimeHookTable.process.get()
    var installed: [Bool] = []
    _ = try await simulate { _, _ in
      installed = [
        table.enqueueGlobal.pointee != nil, table.enqueueMainExecutor.pointee != nil,
        table.getMainExecutor.pointee != nil, table.isMainExecutor.pointee != nil,
      ]
    }
    #expect(installed == [true, true, true, true])
    // Holding the process lock, no simulation (of another suite) can be running.
    SimulationDriver.lock.wait()
    let restored = [
      table.enqueueGlobal.pointee == nil, table.enqueueMainExecutor.pointee == nil,
      table.getMainExecutor.pointee == nil, table.isMainExecutor.pointee == nil,
    ]
    SimulationDriver.lock.signal()
    #expect(restored == [true, true, true, true])
  }

  @Test(
    "every kind of job runs on the simulation's thread, main-actor ones on the main thread",
    arguments: [true, false])
  func jobsRunOnTheSimulationThread(preferringPool: Bool) async throws {
    // A started task prefers the pool executor, and so do its structured children; inside an
    // unstructured Task nothing does, so every job comes through the global hook.
    let outcome = try await simulate { sim, log in
      let here: @Sendable (String) -> Void = { what in
        log.add(
          "\(what) sim=\(sim.isOnSimulationThread) on=\(sim.world.currentThread?.name ?? "-")")
      }
      let counter = Counter(log: EventLog())
      let constructs: @Sendable () async -> Void = {
        await Task { here("unstructured") }.value
        await Task.detached { here("detached") }.value
        async let child: Void = here("async let")
        await child
        await withTaskGroup(of: Void.self) { $0.addTask { here("group child") } }
        _ = await counter.add("actor")
        await MainActor.run {
          MainActor.assertIsolated()
          here("main actor")
        }
      }
      sim.startTask("root") {
        if preferringPool { await constructs() } else { await Task { await constructs() }.value }
      }
      try sim.run(until: .ms(1))
    }
    #expect(
      outcome.lines == [
        "@0 unstructured sim=true on=w1", "@0 detached sim=true on=w1",
        "@0 async let sim=true on=w1", "@0 group child sim=true on=w1",
        "@0 main actor sim=true on=main",
      ])
    #expect(outcome.report.isClean)
  }

  static let isolatedVariable = "SIMASYNC_ISOLATED_CHECK"

  /// Runs `foreignJobsForwarded` in a child process of this test binary, where no other test runs.
  ///
  /// In the shared test process the check could not be trusted: the outsider needs a free thread of
  /// the cooperative pool (two threads on two cores), and other suites' tests hold pool threads for
  /// a minute at a time (a subprocess waited for, or a synchronous simulation queued behind the
  /// process-wide simulation lock that this very check holds). The outsider then made no progress
  /// at all, which said nothing about the hooks.
  @Test("other threads' jobs and main-actor work pass through untouched while hooks are in")
  func foreignJobsForwardedInIsolation() throws {
    let child = try ChildTest.run(
      "RuntimeFactsTests/foreignJobsForwarded\\(", environment: [Self.isolatedVariable: "1"])
    let text = child.output
    #expect(child.status == 0, "\(text)")
    // The filter must have found the check: a child that ran nothing would also exit 0.
    #expect(text.contains("foreignJobsForwarded") || text.contains("pass through untouched"))
    #expect(text.contains("1 test"), "\(text)")
  }

  @Test(
    "(in a child process) other threads' jobs and main-actor work pass through untouched",
    .enabled(if: ProcessInfo.processInfo.environment[isolatedVariable] != nil))
  func foreignJobsForwarded() async throws {
    let flags = OutsiderFlags()
    let outsider = Task.detached {
      while !flags.stop.load(ordering: .relaxed) {
        await Task.yield()
        flags.progress.add(1, ordering: .relaxed)
        if flags.progress.load(ordering: .relaxed) % 100 == 0 {
          await MainActor.run {
            MainActor.assertIsolated()
            if !ExecutorGate.shared.isSimulationThread { flags.mainHops.add(1, ordering: .relaxed) }
          }
        }
      }
    }
    var seenWhileInstalled = 0
    var mainWhileInstalled = 0
    _ = try await simulate { sim, _ in
      sim.startTask("busy") { await Task.yield() }
      try sim.run(until: .ms(1))
      let start = flags.progress.load(ordering: .relaxed)
      let mainStart = flags.mainHops.load(ordering: .relaxed)
      // Generous: the outsider runs on the cooperative pool, which other suites' synchronous
      // tests (a subprocess waited for, a long simulation) can hold for seconds on two cores.
      // The loop ends as soon as the outsider has made its progress.
      let deadline = ContinuousClock.now + .seconds(60)
      while ContinuousClock.now < deadline
        && (flags.progress.load(ordering: .relaxed) < start + 1_000
          || flags.mainHops.load(ordering: .relaxed) < mainStart + 2)
      {
        usleep(1_000)
      }
      seenWhileInstalled = flags.progress.load(ordering: .relaxed) - start
      mainWhileInstalled = flags.mainHops.load(ordering: .relaxed) - mainStart
    }
    flags.stop.store(true, ordering: .relaxed)
    await outsider.value
    #expect(seenWhileInstalled >= 1_000)
    #expect(mainWhileInstalled >= 2)
  }

  @Test("Task.sleep never reaches the older with-delay and with-deadline hooks")
  func delayHooksNeverFire() async throws {
    typealias DelayOriginal = @convention(thin) (UInt64, UnownedJob) -> Void
    typealias DelayHook = @convention(thin) (UInt64, UnownedJob, DelayOriginal) -> Void
    typealias DeadlineOriginal =
      @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
    typealias DeadlineHook =
      @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, DeadlineOriginal) -> Void
    let process = dlopen(nil, RTLD_NOW)
    let delay = try #require(dlsym(process, "swift_task_enqueueGlobalWithDelay_hook"))
      .assumingMemoryBound(to: DelayHook?.self)
    let deadline = try #require(dlsym(process, "swift_task_enqueueGlobalWithDeadline_hook"))
      .assumingMemoryBound(to: DeadlineHook?.self)
    delay.pointee = { nanoseconds, job, original in
      LegacyHookCalls.count.add(1, ordering: .relaxed)
      original(nanoseconds, job)
    }
    deadline.pointee = {
      seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job,
      original in
      LegacyHookCalls.count.add(1, ordering: .relaxed)
      original(seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job)
    }
    defer {
      delay.pointee = nil
      deadline.pointee = nil
    }
    let outcome = try await simulate { sim, _ in
      sim.startTask("sleeps for real") { try await Task.sleep(for: .milliseconds(1)) }
      sim.startTask("sleeps in ns") { try await Task.sleep(nanoseconds: 1_000_000) }
      try sim.run(until: .ms(2))
    }
    try await Task.sleep(for: .milliseconds(1))  // and outside a simulation
    #expect(outcome.report.diagnostics.count == 2)
    #expect(LegacyHookCalls.count.load(ordering: .relaxed) == 0)
  }

  @Test(
    "the default executor can be replaced at run time; the wrapper changes nothing outside a simulation"
  )
  func defaultExecutorWrapped() async throws {
    actor Napper {
      func nap() async throws -> Bool {
        try await Task.sleep(for: .milliseconds(1))
        return true
      }
    }
    _ = try await simulate { _, _ in }
    #expect(SimulationDefaultExecutor.isInstalled)
    // Outside a simulation, jobs and real-clock sleeps (in and out of actors, by tasks with no
    // preference, which reach the default executor) run in real time as before.
    #expect(try await Task.detached { try await Napper().nap() }.value)
    #expect(
      try await Task.detached { () async throws -> Int in
        try await Task.sleep(for: .milliseconds(1))
        return 7
      }.value == 7)
    let main = await MainActor.run { () -> Bool in
      MainActor.assertIsolated()
      return !ExecutorGate.shared.isSimulationThread
    }
    #expect(main)
  }

  @Test("the blocking API works from synchronous code too")
  func synchronousAPI() throws {
    let world = World(seed: 3, trace: .full)
    let report = try withAsyncSimulation(world: world) { sim in
      sim.startTask("sync") { try await sim.clock.sleep(for: .milliseconds(1)) }
      try sim.run(until: .ms(2))
    }
    #expect(report.isClean)
    #expect(report.jobsRun == 2)
    world.tearDown()
  }
}

/// Calls of the with-delay and with-deadline hooks.
enum LegacyHookCalls {
  static let count = Atomic<Int>(0)
}

/// What a task outside the simulation reports while the simulation runs.
final class OutsiderFlags: Sendable {
  let progress = Atomic<Int>(0)
  let mainHops = Atomic<Int>(0)
  let stop = Atomic<Bool>(false)
}

/// Runs the scenario of every construct in another process, for the cross-process check.
@Suite("Cross-process digests")
struct CrossProcessDigests {
  static let outputVariable = "SIMASYNC_DIGEST_OUT"

  /// The digests this process computes: FIFO and two seeded keys.
  static func digests() async throws -> [String] {
    var lines: [String] = []
    for (name, schedule) in [
      ("fifo", AsyncSimulationOptions.Schedule.fifo), ("seeded-3", .seeded(key: 3)),
      ("seeded-11", .seeded(key: 11)),
    ] {
      let outcome = try await simulate(options: AsyncSimulationOptions(schedule: schedule)) {
        try everyConstruct($0, $1)
      }
      lines.append("\(name) \(outcome.digest)")
    }
    return lines
  }

  @Test(
    "writes this process's digests (run by the cross-process test only)",
    .enabled(if: ProcessInfo.processInfo.environment[outputVariable] != nil))
  func writeDigests() async throws {
    let path = try #require(ProcessInfo.processInfo.environment[Self.outputVariable])
    try (try await Self.digests()).joined(separator: "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
  }

  @Test("two other processes compute the same digests as this one")
  func sameDigestsInOtherProcesses() async throws {
    let expected = try await Self.digests()
    for run in 0..<2 {
      // Random hashing there, fixed here: equal digests show no hash order reaches a trace.
      let child = try ChildTest.run(
        "CrossProcessDigests/writeDigests", environment: ["CELLSIM_RANDOM_HASHING": "1"],
        fileVariable: Self.outputVariable)
      #expect(child.status == 0, "\(child.output)")
      let lines = (child.file ?? "").split(separator: "\n")
      #expect(lines.map(String.init) == expected, "process \(run)")
    }
  }
}

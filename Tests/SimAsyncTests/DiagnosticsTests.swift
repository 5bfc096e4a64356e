import Dispatch
import SimAsync
import SimKernel
import SimPlatform
import Synchronization
import Testing

@Suite("Nondeterminism becomes a diagnostic, never flakiness", .serialized)
struct DiagnosticsTests {
  /// A loader whose fetch runs on real Dispatch: the work takes real time (here, until the
  /// simulation has moved on, so that the task has surely suspended), then resumes the task's
  /// continuation from a Dispatch thread.
  static func dispatchLoader(
    _ sim: AsyncSimulation, _ log: EventLog, ioDone: DispatchSemaphore
  ) async {
    let value = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        ioDone.wait()
        continuation.resume(returning: 7)
      }
    }
    log.add("never here: \(value)")
  }

  /// Long enough for Dispatch under any load; the settle ends as soon as the resume arrives.
  static let patient = AsyncSimulationOptions(foreignSettle: .seconds(30))

  @Test("negative control: a continuation resumed from real Dispatch is an error naming the task")
  func foreignResume() async throws {
    for _ in 0..<5 {
      let ioDone = DispatchSemaphore(value: 0)
      let outcome = try await simulate(options: Self.patient) { sim, log in
        sim.startTask("dispatch loader") { await Self.dispatchLoader(sim, log, ioDone: ioDone) }
        try sim.run(until: .ms(1))
        ioDone.signal()
        try sim.run(until: .ms(10))
      }
      let task = AsyncTaskLabel(id: 1, name: "dispatch loader")
      #expect(outcome.report.diagnostics == [.foreignThreadEnqueue(task: task, lane: .pool)])
      #expect(outcome.report.suspended.map(\.wait) == [.foreignResume])
      #expect(outcome.lines.isEmpty)
      #expect("\(outcome.report)".contains("task 1 \"dispatch loader\" was resumed"))
    }
  }

  @Test("negative control on the main actor: the held job names the task")
  func foreignResumeOnMain() async throws {
    let ioDone = DispatchSemaphore(value: 0)
    let outcome = try await simulate(options: Self.patient) { sim, log in
      sim.startTask("main loader") { @MainActor in
        await Self.dispatchLoader(sim, log, ioDone: ioDone)
      }
      try sim.run(until: .ms(1))
      ioDone.signal()
      try sim.run(until: .ms(10))
    }
    let labels = outcome.report.diagnostics.compactMap { diagnostic -> AsyncTaskLabel? in
      guard case .foreignThreadEnqueue(let task, _) = diagnostic else { return nil }
      return task
    }
    #expect(labels == [AsyncTaskLabel(id: 1, name: "main loader")])
    #expect(outcome.lines.isEmpty)
  }

  @Test("a job that blocks its thread is caught by the real-time guard, not a hang")
  func blockingWait() async throws {
    let gate = DispatchSemaphore(value: 0)
    let world = World(seed: 1)
    let options = AsyncSimulationOptions(blockingTimeout: .milliseconds(500))
    await #expect(
      throws: AsyncSimulationError.blockedJob(
        task: AsyncTaskLabel(id: 1, name: "blocker"), at: .ms(2), timeout: .milliseconds(500))
    ) {
      _ = try await withAsyncSimulation(world: world, options: options) { sim in
        sim.startTask("blocker") {
          try await sim.clock.sleep(for: .milliseconds(2))
          gate.wait()  // a synchronous wait inside a job: nothing else can ever signal it
        }
        try sim.run(until: .ms(10))
      }
    }
    gate.signal()  // the abandoned thread returns from the job and parks for good
    // The next simulation runs normally: the guard released the lock and the hooks.
    let after = try await simulate { sim, log in
      sim.startTask("after") { log.add("runs") }
      try sim.run(until: .ms(1))
    }
    #expect(after.lines == ["@0 runs"])
  }

  @Test("tasks still suspended at the end are listed with where they wait")
  func suspendedTasks() async throws {
    let (stream, _) = AsyncStream.makeStream(of: Int.self)
    let options = AsyncSimulationOptions(foreignSettle: .zero)
    let outcome = try await simulate(options: options) { sim, _ in
      sim.startTask("sleeper") { try await sim.clock.sleep(for: .seconds(5)) }
      sim.startTask("stream reader") { for await _ in stream {} }
      sim.startTask("network") {
        await sim.waiting(on: "GET /a.png") {
          await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        }
      }
      sim.startTask("done") {}
      try sim.run(until: .ms(3))
    }
    #expect(
      outcome.report.suspended == [
        SuspendedTask(
          task: AsyncTaskLabel(id: 1, name: "sleeper"), wait: .sleep(until: .ms(5_000)),
          lastRan: .zero),
        SuspendedTask(
          task: AsyncTaskLabel(id: 2, name: "stream reader"), wait: .unknown, lastRan: .zero),
        SuspendedTask(
          task: AsyncTaskLabel(id: 3, name: "network"), wait: .labelled("GET /a.png"),
          lastRan: .zero),
      ])
    #expect(outcome.report.diagnostics.isEmpty)
    #expect(!outcome.report.isClean)
    #expect(throws: AsyncSimulationError.self) { try outcome.report.requireClean() }
  }

  @Test("a sleep on a real clock is flagged and never ends")
  func realClockSleep() async throws {
    let outcome = try await simulate { sim, log in
      sim.startTask("task sleep") {
        try await Task.sleep(for: .milliseconds(1))
        log.add("never here")
      }
      sim.startTask("nanosecond sleep") {
        try await Task.sleep(nanoseconds: 1_000_000)
        log.add("never here")
      }
      sim.startTask("suspending clock") {
        try await SuspendingClock().sleep(for: .milliseconds(1))
        log.add("never here")
      }
      sim.startTask("on the main actor") { @MainActor in
        try await ContinuousClock().sleep(for: .milliseconds(1))
        log.add("never here")
      }
      try sim.run(until: .ms(10))
    }
    #expect(outcome.lines.isEmpty)
    let flagged = outcome.report.diagnostics.compactMap { diagnostic -> String? in
      guard case .realClockSleep(let task, let clock, _) = diagnostic else { return nil }
      return "\(task?.name ?? "?") \(clock)"
    }
    #expect(
      flagged == [
        "task sleep ContinuousClock", "nanosecond sleep ContinuousClock",
        "suspending clock SuspendingClock", "on the main actor ContinuousClock",
      ])
    #expect(outcome.report.suspended.count == 4)
    #expect(outcome.asyncTrace.contains { $0.contains("async.real_clock_sleep task=1") })
  }

  @Test("a real-clock sleep in an actor, by a task with no preference, is flagged too")
  func realClockSleepInActor() async throws {
    actor Napper {
      func nap() async throws { try await Task.sleep(for: .milliseconds(1)) }
    }
    let options = AsyncSimulationOptions(foreignSettle: .zero)
    let outcome = try await simulate(options: options) { sim, log in
      sim.startTask("parent") {
        // The actor's drain does not carry the pool as task executor and `Task {}` prefers
        // none, so this sleep reaches the process's default executor: SimAsync's wrapper
        // flags it. (Before, it went to Dispatch and came back from a real thread: as a
        // foreign resume, or unseen when the timer fired while the drain was still on the
        // simulation's thread, in about 1 run in 80 on a loaded machine.)
        try await Task { try await Napper().nap() }.value
        log.add("never here")
      }
      try sim.run(until: .ms(10))
    }
    #expect(outcome.lines.isEmpty)
    #expect(
      outcome.report.diagnostics == [
        .realClockSleep(task: AsyncTaskLabel(id: 2), clock: "ContinuousClock", at: .zero)
      ])
    #expect(
      outcome.report.suspended.map(\.wait) == [
        .unknown, .realClockSleep(clock: "ContinuousClock"),
      ])
    #expect(outcome.asyncTrace.contains { $0.contains("async.real_clock_sleep task=2") })
  }

  @Test("the same, repeated: the verdict never depends on timing", arguments: 0..<3)
  func realClockSleepInActorRepeated(round: Int) async throws {
    actor Napper {
      func nap() async throws { try await Task.sleep(for: .nanoseconds(1)) }
    }
    for _ in 0..<20 {
      let outcome = try await simulate(options: AsyncSimulationOptions(foreignSettle: .zero)) {
        sim, log in
        sim.startTask("parent") {
          try await Task { try await Napper().nap() }.value
          log.add("never here")
        }
        try sim.run(until: .ms(1))
      }
      #expect(outcome.lines.isEmpty)
      #expect(outcome.report.diagnostics.count == 1)
    }
  }

  @Test("simulations do not nest, and the clock refuses to sleep outside its simulation")
  func misuse() async throws {
    var nested: (any Error)?
    var clock: SimulationClock?
    _ = try await simulate { sim, _ in
      clock = sim.clock
      do {
        _ = try withAsyncSimulation(world: World()) { _ in }
      } catch {
        nested = error
      }
    }
    #expect(nested as? AsyncSimulationError == .nestedSimulation)
    await #expect(
      throws: AsyncSimulationError.notOnSimulationThread(operation: "SimulationClock.sleep")
    ) {
      try await clock?.sleep(for: .milliseconds(1))
    }
  }

  @Test(
    "a task resumed from Dispatch after its simulation ended is held, never run; the run was unclean"
  )
  func lateForeignResume() async throws {
    let ran = Atomic<Bool>(false)
    let resume = Mutex<CheckedContinuation<Void, Never>?>(nil)
    let options = AsyncSimulationOptions(foreignSettle: .zero)
    let outcome = try await simulate(options: options) { sim, _ in
      sim.startTask("outlives") {
        await withCheckedContinuation { continuation in
          resume.withLock { $0 = continuation }
        }
        ran.store(true, ordering: .relaxed)
      }
      try sim.run(until: .ms(1))
    }
    // The simulation is over and its hooks are gone; a real thread resumes the task now.
    resume.withLock { $0?.resume() }
    try await Task.sleep(for: .milliseconds(50))
    #expect(ran.load(ordering: .relaxed) == false)
    // The run itself could not see the resume coming, but it is unclean all the same.
    #expect(outcome.report.suspended.map(\.wait) == [.unknown])
    #expect(throws: AsyncSimulationError.self) { try outcome.report.requireClean() }
  }

  @Test(
    "a task that prefers no executor, resumed from Dispatch after its simulation ended, is held too"
  )
  func lateForeignResumeUnstructured() async throws {
    let flags = LateFlags()
    let options = AsyncSimulationOptions(foreignSettle: .zero)
    let outcome = try await simulate(options: options) { sim, _ in
      sim.startTask("starter") {
        // Detached and nonisolated: it prefers no executor, so after the simulation its resume
        // goes to the global executor with no hook in, not to one of SimAsync's executors.
        Task.detached {
          await withCheckedContinuation { continuation in
            flags.resume.withLock { $0 = continuation }
          }
          flags.ran.store(true, ordering: .relaxed)
        }
      }
      try sim.run(until: .ms(1))
    }
    #expect(outcome.report.tasksSeen == 2)
    flags.resume.withLock { $0?.resume() }
    // Before, it ran on a real thread at once; now the wrapped default executor holds it.
    try await Task.sleep(for: .milliseconds(100))
    #expect(flags.ran.load(ordering: .relaxed) == false)
  }
}

/// What a task that outlives its simulation shares with the test.
final class LateFlags: Sendable {
  let ran = Atomic<Bool>(false)
  let resume = Mutex<CheckedContinuation<Void, Never>?>(nil)
}

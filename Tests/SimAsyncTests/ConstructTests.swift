import SimAsync
import SimKernel
import SimPlatform
import Testing

/// An actor the constructs tests share work through.
actor Counter {
  private(set) var value = 0
  let log: EventLog

  init(log: EventLog) { self.log = log }

  func add(_ who: String) -> Int {
    value += 1
    log.add("\(who) count=\(value)")
    return value
  }

  /// Suspends inside the actor, letting another caller in (actor reentrancy).
  func addAfterSleep(_ who: String, clock: SimulationClock, ms: Int) async throws -> Int {
    let before = value
    try await clock.sleep(for: .milliseconds(ms))
    value += 1
    log.add("\(who) saw=\(before) now=\(value)")
    return value
  }
}

@MainActor
final class MainModel {
  var shown: [String] = []
  func show(_ text: String, log: EventLog, world: World) {
    MainActor.assertIsolated()
    shown.append(text)
    log.add("main shows \(text) thread=\(world.currentThread?.name ?? "none")")
  }
}

@Suite("Swift concurrency constructs, in virtual time", .serialized)
struct ConstructTests {
  @Test("an unstructured Task runs after its creator's job, then both interleave by FIFO")
  func unstructuredTask() async throws {
    let outcome = try await simulate { sim, log in
      sim.startTask("parent") {
        log.add("parent before")
        let child = Task {
          log.add("child runs")
          return 7
        }
        log.add("parent after creating")
        let value = await child.value
        log.add("parent got \(value)")
      }
      try sim.run(until: .ms(5))
    }
    #expect(
      outcome.lines == [
        "@0 parent before", "@0 parent after creating", "@0 child runs", "@0 parent got 7",
      ])
    #expect(
      outcome.asyncTrace == [
        "t=0 async.start task=1 name=parent",
        "t=0 async.job task=1 lane=pool thread=w1",
        "t=0 async.job task=2 lane=pool thread=w1",
        "t=0 async.job task=1 lane=pool thread=w1",
        "t=0 async.end task=1 outcome=success",
      ])
    #expect(outcome.report.isClean)
  }

  @Test("a detached task runs on the pool in virtual time, outside its creator's context")
  func detachedTask() async throws {
    let outcome = try await simulate { sim, log in
      sim.startTask("parent") {
        await MainActor.run {
          Task { log.add("inheriting task on \(sim.world.currentThread?.name ?? "none")") }
          Task.detached {
            log.add("detached from main on \(sim.world.currentThread?.name ?? "none")")
          }
        }
        let detached = Task.detached {
          log.add("detached on \(sim.world.currentThread?.name ?? "none")")
          try await sim.clock.sleep(for: .milliseconds(3))
          log.add("detached woke")
        }
        log.add("parent continues")
        try await detached.value
        log.add("parent joined")
      }
      try sim.run(until: .ms(5))
    }
    #expect(
      outcome.lines == [
        "@0 detached from main on w1", "@0 parent continues", "@0 inheriting task on main",
        "@0 detached on w1", "@3 detached woke", "@3 parent joined",
      ])
    #expect(outcome.report.isClean)
  }

  @Test("async let children run concurrently in virtual time and are awaited in order")
  func asyncLet() async throws {
    let outcome = try await simulate { sim, log in
      sim.startTask("parent") {
        async let slow: Int = {
          try await sim.clock.sleep(for: .milliseconds(4))
          log.add("slow done")
          return 1
        }()
        async let fast: Int = {
          try await sim.clock.sleep(for: .milliseconds(1))
          log.add("fast done")
          return 2
        }()
        let total = try await slow + fast
        log.add("sum \(total)")
      }
      try sim.run(until: .ms(5))
    }
    #expect(outcome.lines == ["@1 fast done", "@4 slow done", "@4 sum 3"])
    #expect(outcome.report.isClean)
  }

  @Test("task group children start in order and results arrive in completion order")
  func taskGroup() async throws {
    let outcome = try await simulate { sim, log in
      sim.startTask("group") {
        let order = try await withThrowingTaskGroup(of: Int.self) { group in
          for (index, delay) in [3, 1, 2].enumerated() {
            group.addTask {
              log.add("child \(index) starts")
              try await sim.clock.sleep(for: .milliseconds(delay))
              return index
            }
          }
          var order: [Int] = []
          for try await index in group { order.append(index) }
          return order
        }
        log.add("completion order \(order)")
        let first = try await withThrowingTaskGroup(of: Int.self) { group in
          for delay in [1, 4] {
            group.addTask {
              do {
                try await sim.clock.sleep(for: .milliseconds(delay))
              } catch {
                log.add("child \(delay) cancelled")
                throw error
              }
              return delay
            }
          }
          let first = try await group.next()!
          group.cancelAll()
          return first
        }
        log.add("first \(first)")
      }
      try sim.run(until: .ms(5))
    }
    #expect(
      outcome.lines == [
        "@0 child 0 starts", "@0 child 1 starts", "@0 child 2 starts",
        // The second group starts at 3 ms: its 1 ms child returns at 4, and cancelAll ends the
        // other child's sleep there and then.
        "@3 completion order [1, 2, 0]", "@4 child 4 cancelled", "@4 first 1",
      ])
    #expect(outcome.report.isClean)
  }

  @Test("cancelling a sleeping task ends its sleep at the cancel instant, and handlers run")
  func cancellation() async throws {
    let outcome = try await simulate { sim, log in
      let sleeper = sim.startTask("sleeper") {
        do {
          try await withTaskCancellationHandler {
            try await sim.clock.sleep(for: .seconds(10))
          } onCancel: {
            log.add("handler ran")
          }
          log.add("slept the whole time")
        } catch {
          log.add("caught \(type(of: error)) cancelled=\(Task.isCancelled)")
        }
      }
      let early = sim.startTask("early") {
        log.add("early sees cancelled=\(Task.isCancelled)")
        await withTaskCancellationHandler {
          log.add("early operation")
        } onCancel: {
          log.add("early handler runs first, at once")
        }
        try await sim.clock.sleep(for: .milliseconds(1))
        log.add("early slept")
      }
      early.cancel()
      sim.world.loop.schedule(at: .ms(2)) { sleeper.cancel() }
      try sim.run(until: .ms(5))
      let earlyCancelled = early.result.map { (try? $0.get()) == nil } ?? false
      log.add("sleeper finished=\(sleeper.isFinished) early threw=\(earlyCancelled)")
    }
    #expect(
      outcome.lines == [
        "@0 early sees cancelled=true", "@0 early handler runs first, at once",
        "@0 early operation", "@2 handler ran", "@2 caught CancellationError cancelled=true",
        "@5 sleeper finished=true early threw=true",
      ])
    #expect(outcome.asyncTrace.contains("t=0 async.end task=2 outcome=cancelled"))
    #expect(outcome.asyncTrace.contains("t=2000000 async.sleep_cancelled task=1"))
    #expect(outcome.report.isClean)
  }

  @Test("a default actor serializes its callers and is reentrant at its suspension points")
  func defaultActor() async throws {
    let outcome = try await simulate { sim, log in
      let counter = Counter(log: log)
      for name in ["a", "b"] {
        sim.startTask(name) {
          _ = try await counter.addAfterSleep(name, clock: sim.clock, ms: 2)
          _ = await counter.add(name)
        }
      }
      try sim.run(until: .ms(5))
    }
    // b enters the actor while a is suspended in it: both saw 0 (reentrancy), and each
    // increment is whole (serialization).
    #expect(
      outcome.lines == ["@2 a saw=0 now=1", "@2 a count=2", "@2 b saw=0 now=3", "@2 b count=4"])
    #expect(outcome.report.isClean)
  }

  @Test("@MainActor work runs on the simulated main thread and waits while it is busy")
  func mainActorHops() async throws {
    let outcome = try await simulate { sim, log in
      let model = MainModel()
      sim.world.main.async(label: "busy") { execution in
        log.add("main busy starts")
        execution.spend(.ms(3))
      }
      sim.startTask("loader") {
        log.add("loader on \(sim.world.currentThread?.name ?? "none")")
        await model.show("first", log: log, world: sim.world)
        log.add("loader back on \(sim.world.currentThread?.name ?? "none")")
        await MainActor.run { model.show("second", log: log, world: sim.world) }
      }
      sim.startTask("main-task") { @MainActor in
        model.show("from a main task", log: log, world: sim.world)
      }
      try sim.run(until: .ms(5))
    }
    // The frame at vsync 0 takes the main thread's first turn, the busy block the next; main-
    // actor jobs wait until it ends at 3 ms, then run first in first out.
    #expect(
      outcome.lines == [
        "@0 loader on w1", "@0 main busy starts", "@3 main shows first thread=main",
        "@3 main shows from a main task thread=main", "@3 loader back on w1",
        "@3 main shows second thread=main",
      ])
    #expect(
      outcome.asyncTrace.filter { $0.contains("lane=main") } == [
        "t=3000000 async.job task=1 lane=main thread=main",
        "t=3000000 async.job task=2 lane=main thread=main",
        "t=3000000 async.job task=1 lane=main thread=main",
      ])
    #expect(outcome.report.isClean)
  }

  @Test("an AsyncStream delivers elements in order, and its consumer suspends between them")
  func asyncStream() async throws {
    let outcome = try await simulate { sim, log in
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      sim.startTask("consumer") {
        for await element in stream { log.add("got \(element)") }
        log.add("stream ended")
      }
      sim.startTask("producer") {
        for element in 1...3 {
          try await sim.clock.sleep(for: .milliseconds(1))
          log.add("yield \(element)")
          continuation.yield(element)
        }
        continuation.finish()
      }
      try sim.run(until: .ms(5))
    }
    #expect(
      outcome.lines == [
        "@1 yield 1", "@1 got 1", "@2 yield 2", "@2 got 2", "@3 yield 3", "@3 got 3",
        "@3 stream ended",
      ])
    #expect(outcome.report.isClean)
  }

  @Test("Task.yield lets ready tasks take turns, first in first out")
  func yield() async throws {
    let outcome = try await simulate { sim, log in
      for name in ["a", "b"] {
        sim.startTask(name) {
          for step in 1...3 {
            log.add("\(name)\(step)")
            await Task.yield()
          }
        }
      }
      try sim.run(until: .ms(1))
    }
    #expect(outcome.lines == ["@0 a1", "@0 b1", "@0 a2", "@0 b2", "@0 a3", "@0 b3"])
    #expect(outcome.report.isClean)
  }

  @Test("sleepers on the simulation clock wake by deadline, ties in the order they slept")
  func sleeps() async throws {
    let outcome = try await simulate { sim, log in
      for (name, ms) in [("late", 3), ("early", 1), ("tie-a", 2), ("tie-b", 2)] {
        sim.startTask(name) {
          try await sim.clock.sleep(for: .milliseconds(ms))
          log.add("\(name) woke")
        }
      }
      sim.startTask("deadline") {
        try await sim.clock.sleep(until: .init(.ms(2)), tolerance: nil)
        log.add("deadline woke at \(sim.clock.now)")
      }
      try sim.run(until: .ms(5))
    }
    #expect(
      outcome.lines == [
        "@1 early woke", "@2 tie-a woke", "@2 tie-b woke", "@2 deadline woke at t=2ms",
        "@3 late woke",
      ])
    #expect(outcome.asyncTrace.contains("t=0 async.sleep task=1 until=3000000"))
    #expect(outcome.report.isClean)
  }
}

import SimAsync
import SimKernel
import SimPlatform

/// Racy shared state: a read, an await, then a write (a lost update when another task writes
/// in between).
final class RacyCounter: @unchecked Sendable {
  var value = 0
}

/// One scenario that uses every construct: tasks of both kinds, async let, a group,
/// cancellation, an actor, main-actor hops, a stream, yields, sleeps and CPU costs.
func everyConstruct(_ sim: AsyncSimulation, _ log: EventLog) throws {
  let counter = Counter(log: log)
  let model = MainModel()
  let (stream, feed) = AsyncStream.makeStream(of: Int.self)
  sim.startTask("consumer") {
    for await value in stream { log.add("consumed \(value)") }
  }
  let loader = sim.startTask("loader") {
    async let first: Int = counter.add("first")
    async let second: Int = {
      try await sim.clock.sleep(for: .milliseconds(2))
      return await counter.add("second")
    }()
    let total = try await first + second
    await sim.spend(.ms(1))
    await model.show("total \(total)", log: log, world: sim.world)
    Task { @MainActor in model.show("from an inheriting task", log: log, world: sim.world) }
    let sum = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<3 {
        group.addTask {
          try await sim.clock.sleep(for: .milliseconds(3 - index))
          feed.yield(index)
          await Task.yield()
          return index
        }
      }
      return try await group.reduce(0, +)
    }
    feed.finish()
    return sum
  }
  let doomed = sim.startTask("doomed") {
    try await withTaskCancellationHandler {
      try await sim.clock.sleep(for: .seconds(1))
    } onCancel: {
      log.add("doomed cancelled")
    }
  }
  sim.startTask("detacher") {
    let value = await Task.detached { await counter.add("detached") }.value
    log.add("detached gave \(value)")
  }
  sim.world.loop.schedule(at: .ms(4)) { doomed.cancel() }
  try sim.run(until: .ms(20))
  log.add("loader gave \(loader.valueIfFinished ?? -1)")
}

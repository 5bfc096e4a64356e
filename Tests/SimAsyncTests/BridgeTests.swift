import SimAsync
import SimKernel
import SimPlatform
import Testing

/// A fake transfer: completes after a delay unless cancelled, when it completes at once with
/// an error, as URLSession does.
final class FakeTransfer {
  struct Cancelled: Error, Equatable {}
  let world: World
  var event: EventHandle?
  var completion: ((Result<String, any Error>) -> Void)?

  init(
    world: World, after delay: SimDuration,
    completion: @escaping (Result<String, any Error>) -> Void
  ) {
    self.world = world
    self.completion = completion
    event = world.loop.schedule(after: delay) { [self] in finish(.success("payload")) }
  }

  func cancel() {
    if let event { world.loop.cancel(event) }
    finish(.failure(Cancelled()))
  }

  func finish(_ result: Result<String, any Error>) {
    let done = completion
    completion = nil
    done?(result)
  }
}

@Suite("Bridges from simulated callbacks to async/await", .serialized)
struct BridgeTests {
  static func fetch(_ sim: AsyncSimulation, ms: Int64) async throws -> String {
    try await sim.awaitCallback("GET /image.png") { complete in
      let transfer = FakeTransfer(world: sim.world, after: .ms(ms), completion: complete)
      return { transfer.cancel() }
    }
  }

  @Test("a simulated transfer resumes the awaiting task at its virtual completion time")
  func completes() async throws {
    let outcome = try await simulate { sim, log in
      sim.startTask("load") { log.add("got \(try await Self.fetch(sim, ms: 7))") }
      try sim.run(until: .ms(10))
    }
    #expect(outcome.lines == ["@7 got payload"])
    #expect(outcome.report.isClean)
  }

  @Test("cancelling the task cancels the transfer at that instant, before or after it started")
  func cancels() async throws {
    let outcome = try await simulate { sim, log in
      let late = sim.startTask("late cancel") {
        do { _ = try await Self.fetch(sim, ms: 7) } catch { log.add("late threw \(error)") }
      }
      let early = sim.startTask("early cancel") {
        do { _ = try await Self.fetch(sim, ms: 7) } catch { log.add("early threw \(error)") }
      }
      early.cancel()
      sim.world.loop.schedule(at: .ms(3)) { late.cancel() }
      try sim.run(until: .ms(10))
    }
    #expect(outcome.lines == ["@0 early threw Cancelled()", "@3 late threw Cancelled()"])
    #expect(outcome.report.isClean)
  }

  @Test("a task left waiting in a bridge is listed with the bridge's label")
  func listed() async throws {
    let outcome = try await simulate { sim, _ in
      sim.startTask("stuck") { _ = try await Self.fetch(sim, ms: 50) }
      try sim.run(until: .ms(10))
    }
    #expect(outcome.report.suspended.map(\.wait) == [.labelled("GET /image.png")])
  }
}

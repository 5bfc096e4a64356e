// Written as iOS code, plus the async simulation that hosts it: a task that reads a publisher's
// values with `for await`, as code bridging Combine to async does.
// Linux only: on macOS `import Combine` is Apple's.
#if os(Linux)
  import CellSimUIKit
  import Combine
  import SimAsync
  import SimKernel
  import SimPlatform
  import Testing

  /// A failure a publisher sends.
  struct FeedFailure: Error, Equatable {}

  @Suite("Combine's values: a publisher as an async sequence", .serialized)
  struct CombineValuesTests {
    @Test("each value reaches the task at its instant; one is asked for at a time")
    func values() async throws {
      let world = World(seed: 1, trace: .full)
      let log = Box<[String]>([])
      let subject = PassthroughSubject<Int, Never>()
      let report = try await withAsyncSimulation(world: world) { sim in
        let stamp = { "@\(sim.world.now.nanoseconds / 1_000_000)" }
        sim.startTask("values") {
          for await value in subject.values { log.value.append("\(value) \(stamp())") }
          log.value.append("ended \(stamp())")
        }
        sim.world.loop.schedule(after: .ms(10)) { subject.send(1) }
        sim.world.loop.schedule(after: .ms(20)) {
          subject.send(2)
          // Sent before the task asked again: a subject drops a value nobody asked for.
          subject.send(3)
        }
        sim.world.loop.schedule(after: .ms(30)) { subject.send(completion: .finished) }
        try sim.run(for: .ms(100))
      }
      #expect(log.value == ["1 @10", "2 @20", "ended @30"])
      #expect(report.isClean)
    }

    @Test("a failing publisher's values throw its failure; a cancelled task's loop ends")
    func failureAndCancel() async throws {
      let world = World(seed: 1, trace: .full)
      let log = Box<[String]>([])
      let failing = PassthroughSubject<Int, FeedFailure>()
      let endless = PassthroughSubject<Int, Never>()
      let report = try await withAsyncSimulation(world: world) { sim in
        sim.startTask("throwing") {
          do {
            for try await value in failing.values { log.value.append("got \(value)") }
          } catch {
            log.value.append("threw \(error is FeedFailure)")
          }
        }
        let reader = sim.startTask("cancelled") {
          for await value in endless.values { log.value.append("endless \(value)") }
          log.value.append("endless ended")
        }
        sim.world.loop.schedule(after: .ms(10)) {
          failing.send(4)
          endless.send(5)
        }
        sim.world.loop.schedule(after: .ms(20)) {
          failing.send(completion: .failure(FeedFailure()))
        }
        sim.world.loop.schedule(after: .ms(30)) { reader.cancel() }
        try sim.run(for: .ms(100))
      }
      #expect(log.value == ["got 4", "endless 5", "threw true", "endless ended"])
      #expect(report.isClean)
    }

    @Test("values of a publisher that sends at once: every value, in order")
    func synchronousUpstream() async throws {
      let world = World(seed: 1, trace: .full)
      let log = Box<[Int]>([])
      _ = try await withAsyncSimulation(world: world) { sim in
        sim.startTask("sequence") {
          for await value in [1, 2, 3].publisher.values { log.value.append(value) }
        }
        try sim.run(for: .ms(10))
      }
      #expect(log.value == [1, 2, 3])
    }
  }
#endif

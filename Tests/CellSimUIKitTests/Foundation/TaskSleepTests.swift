// Written as iOS code, plus the async simulation that hosts it.
import CellSimUIKit
import SimAsync
import SimKernel
import SimNetwork
import SimPlatform
import Testing

@Suite("Task.sleep reaches virtual time", .serialized)
struct TaskSleepTests {
  @Test("Task.sleep(nanoseconds:) and Task.sleep(for:) wait in the world's time")
  func sleeps() async throws {
    let world = World(seed: 1, trace: .full)
    let log = Box<[String]>([])
    let report = try await withAsyncSimulation(world: world) { sim in
      sim.startTask("cell") {
        try? await Task.sleep(nanoseconds: 20_000_000)
        log.value.append("a @\(sim.world.now.nanoseconds / 1_000_000)")
        try? await Task.sleep(for: .milliseconds(30))
        log.value.append("b @\(sim.world.now.nanoseconds / 1_000_000)")
      }
      try sim.run(for: .ms(100))
    }
    #expect(log.value == ["a @20", "b @50"])
    #expect(report.isClean)
  }
}

@Suite("URLSession's async data(from:) in an async simulation", .serialized)
struct AsyncDataTests {
  @Test("data(from:) resumes at the transfer's end; a cancelled task throws URLError.cancelled")
  func dataFrom() async throws {
    let world = World(seed: 1, trace: .full)
    let network = try FakeNetwork(world: world) { $0.hasSuffix("a.png") ? [1, 2] : nil }
    LayerHost.attach(network: network, to: world)
    let log = Box<[String]>([])
    let report = try await withAsyncSimulation(world: world) { sim in
      sim.startTask("ok") {
        let (data, response) = try await URLSession.shared.data(
          from: URL(string: "https://img.test/a.png")!)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        log.value.append("ok \(Array(data)) \(status) @\(sim.world.now.nanoseconds / 1_000_000)")
      }
      let doomed = sim.startTask("doomed") {
        do {
          _ = try await URLSession.shared.data(
            for: URLRequest(url: URL(string: "https://img.test/b")!))
        } catch {
          log.value.append(
            "cancelled \((error as? URLError)?.code == .cancelled) "
              + "@\(sim.world.now.nanoseconds / 1_000_000)")
        }
      }
      sim.world.loop.schedule(after: .ms(10)) { doomed.cancel() }
      try sim.run(for: .ms(100))
    }
    network.tearDown()
    #expect(log.value == ["cancelled true @10", "ok [1, 2] 200 @50"])
    #expect(report.isClean)
  }
}

@Suite("URLSession's async bytes(from:) in an async simulation", .serialized)
struct AsyncBytesTests {
  @Test("bytes(from:) resumes at the transfer's end with the whole body to iterate")
  func bytesFrom() async throws {
    let world = World(seed: 1, trace: .full)
    let network = try FakeNetwork(world: world) { $0.hasSuffix("a.png") ? [1, 2, 3] : nil }
    LayerHost.attach(network: network, to: world)
    let log = Box<[String]>([])
    let report = try await withAsyncSimulation(world: world) { sim in
      sim.startTask("progress") {
        let (bytes, response) = try await URLSession.shared.bytes(
          from: URL(string: "https://img.test/a.png")!)
        let expected = response.expectedContentLength
        var received: [UInt8] = []
        for try await byte in bytes {
          received.append(byte)
          log.value.append("\(received.count)/\(expected)")
        }
        log.value.append(
          "\(received) \(bytes.task.state == .completed) @\(sim.world.now.nanoseconds / 1_000_000)")
      }
      try sim.run(for: .ms(100))
    }
    network.tearDown()
    #expect(log.value == ["1/3", "2/3", "3/3", "[1, 2, 3] true @50"])
    #expect(report.isClean)
  }
}

@Suite("Task.sleep's deprecated and clock forms reach virtual time", .serialized)
struct TaskSleepClockTests {
  @Test("Task.sleep(_:) (deprecated, not cancellable) and sleep(until:tolerance:clock:)")
  func deprecatedAndClockForms() async throws {
    let world = World(seed: 1, trace: .full)
    let log = Box<[String]>([])
    let report = try await withAsyncSimulation(world: world) { sim in
      sim.startTask("cell") {
        await Task.sleep(20_000_000)
        log.value.append("a @\(sim.world.now.nanoseconds / 1_000_000)")
        let start = ContinuousClock.now
        try? await Task.sleep(until: .now + .milliseconds(30), clock: .continuous)
        log.value.append("b @\(sim.world.now.nanoseconds / 1_000_000)")
        try? await Task.sleep(until: .now + .milliseconds(10))
        log.value.append("c @\(sim.world.now.nanoseconds / 1_000_000)")
        try? await Task.sleep(until: SuspendingClock.now + .milliseconds(10), clock: .suspending)
        log.value.append("d @\(sim.world.now.nanoseconds / 1_000_000)")
        try? await Task.sleep(
          for: .milliseconds(5), tolerance: .milliseconds(1), clock: .continuous)
        log.value.append("e @\(sim.world.now.nanoseconds / 1_000_000)")
        log.value.append("elapsed \(start.duration(to: ContinuousClock().now))")
      }
      let doomed = sim.startTask("doomed") {
        await Task.sleep(100_000_000)
        log.value.append("uncancellable @\(sim.world.now.nanoseconds / 1_000_000)")
      }
      sim.world.loop.schedule(after: .ms(10)) { doomed.cancel() }
      try sim.run(for: .ms(200))
    }
    #expect(
      log.value == [
        "a @20", "b @50", "c @60", "d @70", "e @75", "elapsed 0.055 seconds",
        "uncancellable @100",
      ])
    #expect(report.isClean)
  }
}

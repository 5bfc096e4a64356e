import PNGRender
import SimAsync
import SimKernel
import SimNetwork
import SimPlatform
import Testing

@testable import AsyncLoaders
@testable import ImageLoaders

/// A value the simulation's tasks write and the test reads after the run.
final class Cell<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// `ms` milliseconds after the start of a run.
func at(ms: Int64) -> SimTime { SimTime(nanoseconds: ms * 1_000_000) }

/// The PNG served at every URL: 64 × 48 pixels.
let servedPNG: [UInt8] = {
  let pixels = (0..<(64 * 48)).flatMap { (index: Int) -> [UInt8] in
    [UInt8(index % 251), 9, 200, 255]
  }
  return try! PNGEncoder.encode(Bitmap(width: 64, height: 48, pixels: pixels))
}()

/// Runs `body` with an async environment over a fresh world whose network serves `servedPNG`
/// at every URL after `script`'s latency; returns the report and the full trace.
func withEnvironment(
  script: NetworkScript = NetworkScript(latency: .fixed(.ms(50))),
  _ body: @escaping (AsyncLoaderEnvironment, AsyncSimulation) throws -> Void
) throws -> (report: AsyncReport, trace: [String]) {
  let world = World(seed: 3, trace: .full)
  let report = try withAsyncSimulation(world: world) { sim in
    let network = try FakeNetwork(world: world, script: script) { _ in servedPNG }
    let environment = AsyncLoaderEnvironment(
      platform: LoaderEnvironment(world: world, network: network), simulation: sim)
    try body(environment, sim)
  }
  let trace = world.trace.fullText.split(separator: "\n").map(String.init)
  world.tearDown()
  return (report, trace)
}

@Suite("The async environment")
struct EnvironmentTests {
  @Test("data(for:) returns the body after the latency and the transfer")
  func dataReturnsBody() throws {
    let got = Cell<(bytes: [UInt8], at: SimTime)?>(nil)
    let (report, _) = try withEnvironment { env, sim in
      sim.startTask("fetch") {
        let bytes = try await env.data(for: "https://img.test/1.png")
        got.value = (bytes, sim.now)
      }
      try sim.run(until: at(ms: 2000))
    }
    #expect(report.isClean, "\(report)")
    let result = try #require(got.value)
    #expect(result.bytes == servedPNG)
    #expect(result.at >= at(ms: 50))
  }

  @Test("cancelling the task cancels the transfer at that instant and throws .cancelled")
  func dataCancelledByTask() throws {
    let error = Cell<(any Error)?>(nil)
    let (report, trace) = try withEnvironment { env, sim in
      let task = sim.startTask("fetch") {
        do {
          _ = try await env.data(for: "https://img.test/2.png")
        } catch let caught {
          error.value = caught
        }
      }
      try sim.run(until: at(ms: 20))
      task.cancel()
      try sim.run(until: at(ms: 1000))
    }
    #expect(report.isClean, "\(report)")
    #expect(error.value as? NetworkError == .cancelled)
    #expect(
      trace.contains { $0.hasPrefix("t=20000000 net.cancel") },
      "\(trace.filter { $0.contains("net.") })")
  }

  @Test("a task cancelled before data(for:) throws .cancelled without any transfer")
  func dataCancelledBeforeTheCall() throws {
    let error = Cell<(any Error)?>(nil)
    let (report, trace) = try withEnvironment { env, sim in
      let task = sim.startTask("fetch") {
        await sim.spend(.zero)  // the cancel below lands before the call
        do {
          _ = try await env.data(for: "https://img.test/3.png")
        } catch let caught {
          error.value = caught
        }
      }
      task.cancel()
      try sim.run(until: at(ms: 1000))
    }
    #expect(report.isClean, "\(report)")
    #expect(error.value as? NetworkError == .cancelled)
    #expect(!trace.contains { $0.contains(" net.") }, "\(trace.filter { $0.contains("net.") })")
  }

  @Test("bytes(for:) yields the body chunk by chunk; the chunks make the body")
  func bytesStream() throws {
    let chunks = Cell<[[UInt8]]>([])
    let script = NetworkScript(latency: .fixed(.ms(10)), bandwidth: 10_000, chunkSize: 64)
    let (report, _) = try withEnvironment(script: script) { env, sim in
      sim.startTask("stream") {
        for try await chunk in env.bytes(for: "https://img.test/3.png") {
          chunks.value.append(chunk)
        }
      }
      try sim.run(until: at(ms: 2000))
    }
    #expect(report.isClean, "\(report)")
    #expect(chunks.value.count > 1)
    #expect(chunks.value.flatMap { $0 } == servedPNG)
  }

  @Test("bytesWithProgress(for:) yields each chunk with its request's progress so far")
  func bytesWithProgress() throws {
    let seen = Cell<[(count: Int, progress: RequestProgress)]>([])
    let script = NetworkScript(latency: .fixed(.ms(10)), bandwidth: 10_000, chunkSize: 64)
    let (report, _) = try withEnvironment(script: script) { env, sim in
      sim.startTask("stream") {
        for try await element in env.bytesWithProgress(for: "https://img.test/3.png") {
          seen.value.append((element.chunk.count, element.progress))
        }
      }
      try sim.run(until: at(ms: 2000))
    }
    #expect(report.isClean, "\(report)")
    #expect(seen.value.count > 1)
    var received = 0
    for element in seen.value {
      received += element.count
      #expect(element.progress.completedUnitCount == Int64(received))
      #expect(element.progress.totalUnitCount == Int64(servedPNG.count))
      #expect(element.progress.url == "https://img.test/3.png")
    }
    #expect(seen.value.last?.progress.fractionCompleted == 1)
  }

  @Test("cancelling the task that iterates bytes(for:) cancels the transfer then and there")
  func bytesCancelled() throws {
    let ended = Cell<String?>(nil)
    let script = NetworkScript(latency: .fixed(.ms(10)), bandwidth: 1_000, chunkSize: 64)
    let (report, trace) = try withEnvironment(script: script) { env, sim in
      let task = sim.startTask("stream") {
        do {
          for try await _ in env.bytes(for: "https://img.test/4.png") {}
          ended.value = "finished"
        } catch {
          ended.value = "\(error)"
        }
      }
      try sim.run(until: at(ms: 100))
      task.cancel()
      try sim.run(until: at(ms: 5000))
    }
    #expect(report.isClean, "\(report)")
    #expect(trace.contains { $0.hasPrefix("t=100000000 net.cancel") })
    #expect(ended.value != nil && ended.value != "finished", "\(ended.value ?? "nil")")
  }

  @Test("decode pays its CPU cost on a simulated worker, not on the main thread")
  func decodeOnWorker() throws {
    let got = Cell<(image: Image, before: SimTime, after: SimTime)?>(nil)
    let (report, trace) = try withEnvironment { env, sim in
      sim.startTask("decode") { @MainActor in
        let before = sim.now
        let image = try await env.decode(servedPNG, target: .aspectFill(width: 32, height: 24))
        got.value = (image, before, sim.now)
      }
      try sim.run(until: at(ms: 1000))
    }
    #expect(report.isClean, "\(report)")
    let result = try #require(got.value)
    #expect(result.image.pixelWidth == 32 && result.image.pixelHeight == 24)
    #expect(result.after > result.before)
    let decode = try #require(trace.first { $0.contains(" decode ") })
    #expect(decode.contains("thread=w"), "\(decode)")
  }

  @Test("process pays a pass on a worker and adds its key to the image's variant")
  func processOnWorker() throws {
    let got = Cell<(image: Image, decoded: SimTime, after: SimTime)?>(nil)
    let (report, trace) = try withEnvironment { env, sim in
      sim.startTask("process") { @MainActor in
        let image = try await env.decode(servedPNG, target: .maxPixelSize(32))
        let decoded = sim.now
        let processed = await env.process(image, key: "rounded")
        got.value = (processed, decoded, sim.now)
      }
      try sim.run(until: at(ms: 1000))
    }
    #expect(report.isClean, "\(report)")
    let result = try #require(got.value)
    #expect(result.after > result.decoded)
    #expect(
      result.image.provenance?.variant
        == ImageVariant(target: .maxPixelSize(32), processing: ["rounded"]))
    let line = try #require(trace.first { $0.contains(" image.process ") })
    #expect(line.contains("thread=w") && line.contains("key=rounded"), "\(line)")
  }

  @Test("the injected clock sleeps exactly in virtual time")
  func clockSleeps() throws {
    let woke = Cell<SimTime?>(nil)
    let (report, _) = try withEnvironment { env, sim in
      sim.startTask("sleep") {
        try await env.clock.sleep(for: .milliseconds(250))
        woke.value = sim.now
      }
      try sim.run(until: at(ms: 1000))
    }
    #expect(report.isClean, "\(report)")
    #expect(woke.value == at(ms: 250))
  }

  @Test("bridges: a queue item, main-queue work and an operation return their values")
  func bridges() throws {
    let values = Cell<[String]>([])
    let (report, _) = try withEnvironment { env, sim in
      let queue = env.platform.serialQueue(label: "bridge")
      let operations = env.platform.operationQueue(name: "ops")
      sim.startTask("bridge") {
        let onQueue = await env.perform(on: queue) { $0.thread.name }
        let onMain = await env.performOnMain { $0.thread.name }
        let inOperation = try await env.addOperation(to: operations) { _ in "op" }
        values.value = [onQueue, onMain, inOperation]
      }
      try sim.run(until: at(ms: 1000))
    }
    #expect(report.isClean, "\(report)")
    #expect(values.value.count == 3)
    #expect(values.value.first?.hasPrefix("w") == true)
    #expect(Array(values.value.dropFirst()) == ["main", "op"])
  }

  @Test("an operation cancelled before it starts throws CancellationError")
  func operationCancelledBeforeStart() throws {
    let error = Cell<(any Error)?>(nil)
    let (report, _) = try withEnvironment { env, sim in
      let operations = env.platform.operationQueue(name: "ops")
      operations.isSuspended = true
      let task = sim.startTask("op") {
        do {
          _ = try await env.addOperation(to: operations) { _ in 1 }
        } catch let caught {
          error.value = caught
        }
      }
      try sim.run(until: at(ms: 5))
      task.cancel()
      operations.isSuspended = false
      try sim.run(until: at(ms: 1000))
    }
    #expect(report.isClean, "\(report)")
    #expect(error.value is CancellationError)
  }
}

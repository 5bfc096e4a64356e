import SimKernel
import SimPlatform

@testable import SimNetwork

/// A world whose display link never gets in the way: 1 Hz, so vsyncs are 1 s apart and take
/// no time (no frame observers).
func quietWorld(seed: UInt64 = 0, configure: (inout DeviceProfile) -> Void = { _ in }) -> World {
  var device = DeviceProfile.iPhoneSE
  device.refreshHz = 1
  configure(&device)
  return World(seed: seed, device: device)
}

/// `count` bytes of a fixed, recognisable pattern.
func pattern(_ count: Int, salt: UInt8 = 0) -> [UInt8] {
  (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(salt)) }
}

/// A network over `world` serving `bodies`; any other URL gets 404.
func makeNetwork(
  _ world: World, _ script: NetworkScript = NetworkScript(latency: .fixed(.ms(80))),
  bodies: [String: [UInt8]]
) throws -> FakeNetwork {
  try FakeNetwork(world: world, script: script) { bodies[$0] }
}

/// `t` milliseconds after the start of the run.
func ms(_ value: Int64) -> SimTime { .zero + .ms(value) }

/// What a completion-handler task reported, and when.
final class Completions {
  var results: [(url: String, at: SimTime, result: Result<NetworkResponse, NetworkError>)] = []

  /// Resumes a task for `url` on `session` at `time`, recording its completion here.
  @discardableResult
  func fetch(
    _ url: String, on session: SimulatedURLSession, at time: SimTime = .zero,
    priority: Float = 0.5
  ) -> SimulatedDataTask {
    let world = session.network.world
    let task = session.dataTask(with: url) { [self] _, result in
      results.append((url, world.now, result))
    }
    task.priority = priority
    world.loop.schedule(at: time) { task.resume() }
    return task
  }

  /// The error of the only completion, if it failed.
  var onlyError: NetworkError? {
    guard results.count == 1, case .failure(let error) = results[0].result else { return nil }
    return error
  }

  /// The body of the only completion, if it succeeded.
  var onlyBody: [UInt8]? {
    guard results.count == 1, case .success(let response) = results[0].result else { return nil }
    return response.body
  }
}

/// Records every delegate call of data tasks and connections, with the time it ran.
final class CallLog: SimulatedDataTaskDelegate, SimulatedURLConnectionDelegate {
  unowned let world: World
  var calls: [(at: SimTime, call: String)] = []

  init(world: World) { self.world = world }

  var names: [String] { calls.map(\.call) }

  func dataTask(
    _ task: SimulatedDataTask, didReceiveResponse status: Int, execution: Execution
  ) {
    calls.append((world.now, "response \(status)"))
  }

  func dataTask(_ task: SimulatedDataTask, didReceive data: [UInt8], execution: Execution) {
    calls.append((world.now, "data \(data.count)"))
  }

  func dataTask(
    _ task: SimulatedDataTask, didCompleteWithError error: NetworkError?, execution: Execution
  ) {
    calls.append((world.now, "complete \(error?.description ?? "ok")"))
  }

  func connection(
    _ connection: SimulatedURLConnection, didReceiveResponse status: Int, execution: Execution
  ) {
    calls.append((world.now, "response \(status)"))
  }

  func connection(
    _ connection: SimulatedURLConnection, didReceive data: [UInt8], execution: Execution
  ) {
    calls.append((world.now, "data \(data.count)"))
  }

  func connectionDidFinishLoading(_ connection: SimulatedURLConnection, execution: Execution) {
    calls.append((world.now, "finish"))
  }

  func connection(
    _ connection: SimulatedURLConnection, didFailWithError error: NetworkError,
    execution: Execution
  ) {
    calls.append((world.now, "fail \(error)"))
  }
}

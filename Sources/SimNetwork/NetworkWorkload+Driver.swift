import SimKernel
import SimPlatform

/// Issues the network workload's random actions and traces every callback it receives.
final class WorkloadDriver: SimulatedDataTaskDelegate, SimulatedURLConnectionDelegate {
  /// The world the workload runs in.
  let world: World
  /// The network under test.
  let network: FakeNetwork
  /// One session per kind of callback queue.
  let sessions: [SimulatedURLSession]
  /// Every task made, for later cancels and priority changes.
  @exclusivity(unchecked) var tasks: [SimulatedDataTask] = []
  /// Every connection made, for later cancels.
  @exclusivity(unchecked) var connections: [SimulatedURLConnection] = []

  /// A driver with its sessions; nothing happens until `scheduleActions`.
  init(world: World, network: FakeNetwork) {
    self.world = world
    self.network = network
    let operationQueue = world.operationQueue(name: "wl.ops")
    operationQueue.maxConcurrentOperationCount = 2
    sessions = [
      SimulatedURLSession(network: network),
      SimulatedURLSession(network: network, callbackQueue: .main),
      SimulatedURLSession(network: network, callbackQueue: .queue(world.serialQueue(label: "wl"))),
      SimulatedURLSession(network: network, callbackQueue: .operationQueue(operationQueue)),
    ]
  }

  /// Schedules `count` random actions at random instants within `duration`.
  func scheduleActions(count: Int, over duration: SimDuration) {
    var r = world.random.stream("network-workload")
    for index in 0..<count {
      let at = SimTime(nanoseconds: r.int(in: 0...duration.nanoseconds))
      let kind = Int(r.next(below: 10))
      let url = "https://img\(r.next(below: 3)).test/\(r.next(below: 20)).png"
      let choice = Int(r.next(below: 1_000))
      world.loop.schedule(at: at) { [self] in
        world.trace.record(at: world.now, "wl.action") {
          $0.field("i", index)
          $0.field("kind", kind)
        }
        act(kind: kind, url: url, choice: choice)
      }
    }
  }

  /// Performs one action of the given kind.
  func act(kind: Int, url: String, choice: Int) {
    switch kind {
    case 0, 1:
      let task = sessions[choice % 4].dataTask(with: url) { [self] _, result in
        switch result {
        case .success(let response): note("done", url, digest: WireModel.digest(response.body))
        case .failure(let error): note("failed \(error)", url, digest: 0)
        }
      }
      task.priority = Float(choice % 5) / 4
      if choice % 7 != 0 { task.resume() }
      tasks.append(task)
    case 2:
      let task = sessions[choice % 4].dataTask(with: url, delegate: self)
      task.resume()
      tasks.append(task)
    case 3:
      let connection = SimulatedURLConnection(
        url: url, delegate: self, network: network, startImmediately: false)
      if choice % 2 == 0 { connection.schedule(inModes: .common) }
      connection.start()
      connections.append(connection)
    case 4:
      world.globalQueue().async { [self] execution in
        network.fetchSynchronously(url, on: execution) { [self] result in
          note(result.map { _ in "fetched" }.get(or: "fetch failed"), url, digest: 0)
        }
      }
    case 5:
      if !tasks.isEmpty { tasks[choice % tasks.count].cancel() }
      if !connections.isEmpty && choice % 3 == 0 {
        connections[choice % connections.count].cancel()
      }
    case 6:
      world.main.setMode(world.main.mode == .default ? .tracking : .default)
    case 7:
      network.release(match: choice % 2 == 0 ? "*/7.png" : "https://img0.test/7.png")
    case 8:
      if choice % 4 == 0 && !network.isOffline { network.offline(for: .ms(Int64(choice % 97) + 1)) }
      if !tasks.isEmpty { tasks[choice % tasks.count].priority = 1 }
    default:
      let task = sessions[choice % 4].dataTask(with: url) { _, _ in }
      task.resume()
      if choice % 2 == 0 { task.cancel() }
    }
  }

  /// Traces a callback, so callback order and thread reach the digest.
  func note(_ what: String, _ url: String, digest: UInt64) {
    world.trace.record(at: world.now, "wl.callback") {
      $0.field("what", what)
      $0.field("url", url)
      $0.field("digest", hex: digest)
      $0.field("thread", world.currentThread?.name ?? "none")
    }
  }

  /// Traces the chunk and spends a little time on it.
  func dataTask(_ task: SimulatedDataTask, didReceive data: [UInt8], execution: Execution) {
    note("task\(task.taskIdentifier).data", task.url, digest: WireModel.digest(data))
    execution.spend(.us(50))
  }

  /// Traces the completion.
  func dataTask(
    _ task: SimulatedDataTask, didCompleteWithError error: NetworkError?, execution: Execution
  ) {
    note("task\(task.taskIdentifier).complete \(error?.description ?? "ok")", task.url, digest: 0)
  }

  /// Traces the response.
  func connection(
    _ connection: SimulatedURLConnection, didReceiveResponse status: Int, execution: Execution
  ) {
    note("connection.response \(status)", connection.url, digest: 0)
  }

  /// Traces the chunk and spends a little time on it.
  func connection(
    _ connection: SimulatedURLConnection, didReceive data: [UInt8], execution: Execution
  ) {
    note("connection.data", connection.url, digest: WireModel.digest(data))
    execution.spend(.us(100))
  }

  /// Traces the finish.
  func connectionDidFinishLoading(_ connection: SimulatedURLConnection, execution: Execution) {
    note("connection.finish", connection.url, digest: 0)
  }

  /// Traces the failure.
  func connection(
    _ connection: SimulatedURLConnection, didFailWithError error: NetworkError,
    execution: Execution
  ) {
    note("connection.fail \(error)", connection.url, digest: 0)
  }
}

extension Result {
  /// The success value, or `fallback` on failure.
  fileprivate func get(or fallback: Success) -> Success {
    (try? get()) ?? fallback
  }
}

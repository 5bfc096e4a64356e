import SimKernel
import SimPlatform
import Testing

@testable import SimNetwork

@Suite("Connections scheduled on the main run loop")
struct RunLoopConnectionTests {
  let url = "https://img.test/1.png"

  /// Starts a connection at 10 ms in `modes` while a 3-second drag keeps the run loop in
  /// tracking mode from 50 ms to 3,050 ms, and returns the delegate's log and the network.
  func dragging(modes: RunLoopModes) throws -> (CallLog, FakeNetwork) {
    let world = quietWorld()
    let network = try makeNetwork(
      world, NetworkScript(latency: .fixed(.ms(100)), chunkSize: 4_000),
      bodies: [url: pattern(10_000)])
    let log = CallLog(world: world)
    var connection: SimulatedURLConnection?
    world.loop.schedule(at: ms(10)) {
      let made = SimulatedURLConnection(
        url: url, delegate: log, network: network, startImmediately: false)
      made.schedule(inModes: modes)
      made.start()
      connection = made
    }
    world.loop.schedule(at: ms(50)) { world.main.setMode(.tracking) }
    world.loop.schedule(at: ms(3_050)) { world.main.setMode(.default) }
    try world.run(until: ms(5_000))
    #expect(connection?.isStarted == true)
    return (log, network)
  }

  @Test("a .default connection is stalled by a 3-second drag and delivered right after it")
  func defaultModeStalls() throws {
    let (log, network) = try dragging(modes: .default)
    #expect(log.names == ["response 200", "data 4000", "data 4000", "data 2000", "finish"])
    #expect(log.calls.allSatisfy { $0.at == ms(3_050) })
    // The wire is not paused: the transfer itself ended long before.
    #expect(network.records.first?.endedAt == ms(110))
  }

  @Test("expectedContentLength is -1 until the response callback, then the body's length")
  func expectedContentLength() throws {
    final class LengthLog: SimulatedURLConnectionDelegate {
      var atResponse: Int64?
      var atData: [Int64] = []
      func connection(
        _ connection: SimulatedURLConnection, didReceiveResponse status: Int,
        execution: Execution
      ) { atResponse = connection.expectedContentLength }
      func connection(
        _ connection: SimulatedURLConnection, didReceive data: [UInt8], execution: Execution
      ) { atData.append(connection.expectedContentLength) }
      func connectionDidFinishLoading(
        _ connection: SimulatedURLConnection, execution: Execution
      ) {}
      func connection(
        _ connection: SimulatedURLConnection, didFailWithError error: NetworkError,
        execution: Execution
      ) {}
    }
    let world = quietWorld()
    let network = try makeNetwork(
      world, NetworkScript(latency: .fixed(.ms(10)), chunkSize: 4_000),
      bodies: [url: pattern(10_000)])
    let log = LengthLog()
    var before: Int64?
    world.loop.schedule(at: .zero) {
      let connection = SimulatedURLConnection(url: url, delegate: log, network: network)
      before = connection.expectedContentLength
    }
    try world.run(until: ms(1_000))
    #expect(before == -1)
    #expect(log.atResponse == 10_000)
    #expect(log.atData == [10_000, 10_000, 10_000])
  }

  @Test("subscribers hear when the final callback runs, so a delivery stall is measurable")
  func callbackRanIsReported() throws {
    let world = quietWorld()
    let network = try makeNetwork(world, bodies: [url: pattern(100)])
    var events: [(SimTime, String)] = []
    network.subscribe { event in
      switch event.kind {
      case .ended: events.append((event.at, "ended"))
      case .callbackRan: events.append((event.at, "callback"))
      default: break
      }
    }
    let log = CallLog(world: world)
    world.loop.schedule(at: .zero) {
      _ = SimulatedURLConnection(url: url, delegate: log, network: network)
    }
    world.loop.schedule(at: ms(50)) { world.main.setMode(.tracking) }
    world.loop.schedule(at: ms(400)) { world.main.setMode(.default) }
    try world.run(until: ms(1_000))
    #expect(events.map(\.1) == ["ended", "callback"])
    #expect(events.map(\.0) == [ms(80), ms(400)])
  }

  @Test("a .common connection is not stalled by the drag")
  func commonModeRuns() throws {
    let (log, _) = try dragging(modes: .common)
    #expect(log.names == ["response 200", "data 4000", "data 4000", "data 2000", "finish"])
    #expect(log.calls.allSatisfy { $0.at == ms(110) })
  }

  @Test("an HTTP error is a response followed by finish, as with NSURLConnection")
  func httpErrorIsAResponse() throws {
    let world = quietWorld()
    let network = try makeNetwork(world, bodies: [:])
    let log = CallLog(world: world)
    world.loop.schedule(at: .zero) {
      _ = SimulatedURLConnection(url: url, delegate: log, network: network)
    }
    try world.run(until: ms(1_000))
    #expect(log.names == ["response 404", "finish"])
  }

  @Test("a failure reaches didFailWithError")
  func failure() throws {
    let world = quietWorld()
    let script = NetworkScript(rules: [NetworkRule(match: url, fail: .timeout, after: .ms(300))])
    let network = try makeNetwork(world, script, bodies: [url: pattern(5)])
    let log = CallLog(world: world)
    world.loop.schedule(at: .zero) {
      _ = SimulatedURLConnection(url: url, delegate: log, network: network)
    }
    try world.run(until: ms(1_000))
    #expect(log.names == ["fail timed out"])
    #expect(log.calls.first?.at == ms(300))
  }

  @Test("after cancel the delegate hears nothing more, even callbacks already signalled")
  func cancelSilences() throws {
    let world = quietWorld()
    let network = try makeNetwork(
      world, NetworkScript(latency: .fixed(.ms(100)), bandwidth: 1_000_000, chunkSize: 4_000),
      bodies: [url: pattern(10_000)])
    let log = CallLog(world: world)
    var connection: SimulatedURLConnection?
    world.loop.schedule(at: .zero) {
      connection = SimulatedURLConnection(url: url, delegate: log, network: network)
    }
    world.loop.schedule(at: ms(50)) { world.main.setMode(.tracking) }
    world.loop.schedule(at: ms(106)) { connection?.cancel() }
    world.loop.schedule(at: ms(200)) { world.main.setMode(.default) }
    try world.run(until: ms(1_000))
    #expect(log.calls.isEmpty)
    #expect(network.records.first?.outcome == .cancelled)
    #expect(network.records.first?.bytes == 4_000)
  }
}

import PNGRender
import SimKernel

/// The wire events of an active transfer: start, timeout, first byte, chunks and end.
extension FakeNetwork {
  /// Gives `transfer` its slot (already counted) and schedules what happens next.
  func start(_ transfer: Transfer) {
    transfer.phase = .connecting
    records[transfer.id - 1].startedAt = world.now
    world.trace.record(at: world.now, "net.start") {
      $0.field("id", transfer.id)
      $0.field("host", transfer.host)
      $0.field("latency", transfer.plan.latency)
    }
    emit(.started, transfer)
    transfer.lastActivity = world.now
    armTimeout(transfer)
    if transfer.plan.fail == .timeout { return }
    if transfer.plan.hold && !isReleased(transfer.url) {
      transfer.phase = .held
      world.trace.record(at: world.now, "net.hold") { $0.field("id", transfer.id) }
      emit(.held, transfer)
      return
    }
    scheduleFirstByte(transfer, at: world.now + transfer.plan.latency)
  }

  /// Schedules the transfer's first byte at `time`, as its pending wire event.
  func scheduleFirstByte(_ transfer: Transfer, at time: SimTime) {
    transfer.pending = world.loop.schedule(
      at: time, target: wire, tag: wire.tag(.firstByte, of: transfer))
  }

  /// The response arrives: an error status ends the transfer at once; 200 starts the body.
  func firstByte(_ transfer: Transfer) {
    transfer.lastActivity = world.now
    let source = resolver(transfer.url)
    let status: Int
    if case .status(let code) = transfer.plan.fail {
      status = code
    } else {
      status = source == nil ? 404 : 200
    }
    records[transfer.id - 1].firstByteAt = world.now
    records[transfer.id - 1].status = status
    records[transfer.id - 1].sourceDigest = source.map { ContentDigest(of: $0).value }
    world.trace.record(at: world.now, "net.first_byte") {
      $0.field("id", transfer.id)
      $0.field("status", status)
    }
    emit(.firstByte(status: status), transfer)
    transfer.expectedContentLength = status == 200 ? Int64(source?.count ?? 0) : 0
    transfer.client?.transferDidReceiveResponse(transfer, status: status)
    guard !transfer.hasEnded else { return }
    guard status == 200, let source else {
      end(transfer, .http(status: status))
      return
    }
    prepareBody(transfer, source: source)
    transfer.phase = .receiving
    deliverNextChunk(transfer)
  }

  /// Applies the plan's corruption or reset to the body and cuts it into chunks.
  func prepareBody(_ transfer: Transfer, source: [UInt8]) {
    var body = source
    if let corruption = transfer.plan.corruption {
      var stream = world.random.stream("corrupt", transfer.url, records[transfer.id - 1].attempt)
      body = WireModel.corrupt(source, with: corruption, stream: &stream)
      records[transfer.id - 1].corruption = corruption
    }
    if case .resetAfter(let limit) = transfer.plan.fail {
      body = Array(body.prefix(Int(min(limit.bytes, Int64(body.count)))))
      transfer.resetAtEnd = true
    }
    transfer.body = body
    transfer.chunkEnds = WireModel.chunkEnds(total: Int64(body.count), chunkSize: script.chunkSize)
  }

  /// Schedules the next chunk at its arrival time, or ends the transfer after the last one.
  func deliverNextChunk(_ transfer: Transfer) {
    guard transfer.nextChunk < transfer.chunkEnds.count else {
      end(transfer, transfer.resetAtEnd ? .connectionReset : .success)
      return
    }
    let through = transfer.chunkEnds[transfer.nextChunk]
    let firstByte = records[transfer.id - 1].firstByteAt ?? world.now
    let arrival =
      firstByte
      + WireModel.transmissionTime(
        bytes: through, bandwidth: transfer.plan.bandwidth)
    transfer.pending = world.loop.schedule(
      at: max(arrival, world.now), target: wire, tag: wire.tag(.chunk, of: transfer))
  }

  /// Delivers the next chunk: records, traces and emits it, tells the client, then schedules
  /// the one after (or the end).
  func receiveChunk(_ transfer: Transfer) {
    let start = transfer.nextChunk == 0 ? 0 : Int(transfer.chunkEnds[transfer.nextChunk - 1])
    let end = Int(transfer.chunkEnds[transfer.nextChunk])
    transfer.nextChunk += 1
    transfer.lastActivity = world.now
    let chunk = transfer.body[start..<end]
    records[transfer.id - 1].bytes = Int64(end)
    world.trace.record(at: world.now, "net.chunk") {
      $0.field("id", transfer.id)
      $0.field("bytes", chunk.count)
      $0.field("total", end)
    }
    emit(.chunk(bytes: Int64(chunk.count)), transfer)
    transfer.client?.transfer(transfer, didReceive: chunk)
    guard !transfer.hasEnded else { return }
    deliverNextChunk(transfer)
  }

  /// Ends `transfer` with `outcome`: drops its remaining wire events, records and traces the
  /// end, gives its slot to the next waiting transfer, then tells its client. Does nothing if
  /// it already ended.
  func end(_ transfer: Transfer, _ outcome: TransferOutcome) {
    guard !transfer.hasEnded else { return }
    for handle in [transfer.pending, transfer.timeout].compactMap({ $0 }) {
      world.loop.cancel(handle)
    }
    transfer.pending = nil
    wire.forget(transfer)
    transfer.timeout = nil
    transfer.timeoutAt = nil
    let phase = transfer.phase
    transfer.phase = .ended
    let delivered = Int(records[transfer.id - 1].bytes)
    transfer.deliveredBody =
      delivered == transfer.body.count ? transfer.body : Array(transfer.body.prefix(delivered))
    records[transfer.id - 1].digest = ContentDigest(of: transfer.deliveredBody).value
    transfer.body = []
    if phase == .waiting { hosts[transfer.host]?.waiting.removeAll { $0 === transfer } }
    outstandingList.removeAll { $0 === transfer }
    records[transfer.id - 1].endedAt = world.now
    records[transfer.id - 1].outcome = outcome
    let record = records[transfer.id - 1]
    world.trace.record(at: world.now, "net.end") {
      $0.field("id", transfer.id)
      $0.field("outcome", outcome.description)
      $0.field("bytes", record.bytes)
      $0.field("digest", hex: record.digest)
    }
    emit(.ended(outcome), transfer)
    if phase.holdsSlot {
      hosts[transfer.host]?.active -= 1
      pump(transfer.host)
    }
    let client = transfer.client
    transfer.client = nil
    client?.transfer(transfer, didEndWith: outcome)
    transfer.deliveredBody = []
  }
}

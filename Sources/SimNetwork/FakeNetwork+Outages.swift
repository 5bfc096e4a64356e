package import SimKernel

/// Outage windows: the script's, and those `offline(for:)` starts.
extension FakeNetwork {
  /// Every outage window so far: the script's, then those started by `offline(for:)`, in
  /// order.
  package var outages: [Outage] { script.outages + dynamicOutages }

  /// Whether an outage is active now (`from` included, `to` excluded).
  package var isOffline: Bool {
    let now = world.now
    return outages.contains { $0.from <= now && now < $0.to }
  }

  /// Starts an outage now that lasts `duration`: every outstanding transfer fails with
  /// `offline` at once, in creation order, and transfers created before it ends are refused.
  package func offline(for duration: SimDuration) {
    precondition(duration > .zero, "FakeNetwork.offline(for:): duration must be positive")
    let outage = Outage(from: world.now, to: world.now + duration)
    dynamicOutages.append(outage)
    begin(outage)
  }

  /// Schedules the start of each of the script's outages (at once if already begun).
  func scheduleScriptOutages() {
    for outage in script.outages {
      world.loop.schedule(at: max(outage.from, world.now)) { [self] in begin(outage) }
    }
  }

  /// Fails every outstanding transfer that is not already being refused, in creation order,
  /// and traces the window's start and, at its end, its end.
  func begin(_ outage: Outage) {
    world.trace.record(at: world.now, "net.outage") {
      $0.field("from", outage.from.nanoseconds)
      $0.field("to", outage.to.nanoseconds)
    }
    for transfer in outstandingList where transfer.phase != .refusing {
      end(transfer, .offline)
    }
    world.loop.schedule(at: outage.to) { [self] in
      world.trace.record(at: world.now, "net.online") { $0.field("offline", isOffline) }
      for host in hosts.keys.sorted() { pump(host) }
    }
  }
}

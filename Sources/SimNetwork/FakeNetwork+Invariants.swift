extension FakeNetwork {
  /// Checks the network's bookkeeping; stops with a message if it is broken. Tests and the
  /// randomized workload call it after every event.
  ///
  /// - Outstanding transfers are in creation order, and exactly the records with no outcome.
  /// - Each host's active count equals its transfers holding a slot, and never exceeds the
  ///   limit; its waiting list holds exactly its waiting transfers.
  /// - A host with a free slot has nothing waiting, unless the network is offline.
  /// - An outstanding transfer holding a slot has a wire event or timeout scheduled, unless
  ///   it is held (a held one always has its timeout).
  package func _checkInvariants() {
    let ids = outstandingList.map(\.id)
    precondition(ids == ids.sorted(), "FakeNetwork: outstanding transfers out of order")
    let open = records.filter(\.isOutstanding).map(\.id)
    precondition(open == ids, "FakeNetwork: outstanding list \(ids) but open records \(open)")
    for host in hosts.keys.sorted() {
      guard let slots = hosts[host] else { continue }
      let active = outstandingList.filter { $0.host == host && $0.phase.holdsSlot }.count
      precondition(
        active == slots.active,
        "FakeNetwork: host \(host) counts \(slots.active) active, has \(active)")
      precondition(
        slots.active <= maxConnectionsPerHost, "FakeNetwork: host \(host) over its slot limit")
      let waiting = outstandingList.filter { $0.host == host && $0.phase == .waiting }.map(\.id)
      precondition(
        slots.waiting.map(\.id).sorted() == waiting, "FakeNetwork: host \(host) waiting list is off"
      )
      precondition(
        isOffline || waiting.isEmpty || slots.active == maxConnectionsPerHost,
        "FakeNetwork: host \(host) has a free slot and a waiting transfer")
    }
    for transfer in outstandingList where transfer.phase.holdsSlot {
      precondition(
        transfer.timeout != nil || transfer.pending != nil,
        "FakeNetwork: active transfer \(transfer.id) has no event scheduled")
    }
  }
}

import SimPlatform

/// Slot order by `URLSessionTask.priority`, reported for `latest_priority_wins`.
///
/// Apple's `URLSessionTask.priority`: a hint, between 0.0 and 1.0, for how the host should
/// prioritize the task; "you can specify or change a task's priority at any time, but not all
/// networking protocols respond to changes after a task has started." CellSim models it where
/// HTTP/2 and the connection pool use it: transfers waiting for a host's connection slot start
/// highest priority first, then first created, by the priorities as they are when a slot
/// frees up. A change after the transfer got its slot changes nothing.
extension FakeNetwork {
  /// Reports that `transfer` takes a slot of `slots` while the others still wait.
  func reportStart(_ transfer: Transfer, leaving slots: HostSlots) {
    world.reports.send(
      .priority(
        PriorityReport(
          layer: .transfer, scheduler: transfer.host, key: transfer.url,
          kind: .started(
            PriorityReport.Entry(key: transfer.url, priority: transfer.priority),
            waiting: slots.waiting.map {
              PriorityReport.Entry(key: $0.url, priority: $0.priority)
            }))))
  }
}

import CSimThreads
import SimPlatform

extension BlockingThreads {
  /// Ends the world's blocking threads (`World.tearDown` calls it first).
  ///
  /// Each parked fiber is resumed in turn, in start order, with its blocking call failing at
  /// once: a timed wait times out, a fetch fails, a sleep ends, a lock is granted, and every
  /// later blocking call returns the same way without waiting. The body runs to its end, so its
  /// frames release what they hold, and its carrier's OS thread ends. Nothing it schedules runs
  /// (the world drops it), and nothing new starts. A body that keeps blocking after 1,000 such
  /// calls, or holds the baton past the watchdog, is abandoned: its thread waits for the life of
  /// the process, and the world it captured is kept (`failure` says which).
  package func tearDown() {
    guard !isTearingDown else { return }
    isTearingDown = true
    loop.quiescenceObserver = nil
    world.executionHost = nil
    while !abandoned.load(ordering: .relaxed),
      let fiber = fibers.first(where: { $0.phase == .parked })
    {
      let waiter = fiber.parkedWaiter
      fiber.parkedWaiter = nil
      runSegment(fiber)
      // The execution still waits on the step the fiber parked with, and it and the waiter hold
      // each other: a waiter nobody will complete would keep both, and the world, for good.
      waiter?.abandon()
    }
    if abandoned.load(ordering: .relaxed) {
      // A carrier is stuck holding the baton, or a body would not end: it may still touch this
      // scheduler and the world. Keep both for the life of the process.
      _ = Unmanaged.passRetained(self)
      _ = Unmanaged.passRetained(world)
    }
    let busy = Set(fibers.compactMap { $0.carrier.map(ObjectIdentifier.init) })
    for carrier in carriers {
      if busy.contains(ObjectIdentifier(carrier)) {
        carrier.detach()
      } else {
        carrier.stopAndWait()
      }
    }
    idleCarriers.removeAll()
    unpinDriver()
  }
}

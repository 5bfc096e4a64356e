import Synchronization
import Testing

@testable import SimThreads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Only the newest waiter of a run spins: an older spinner goes to sleep as soon as another
/// thread starts waiting, instead of taking a CPU from the baton's holder.
@Suite struct SpinGateTests {
  /// Parks on `parker` on a new real thread; returns when the park has returned.
  final class Waiter: @unchecked Sendable {
    let parker: Parker
    private let finished = Atomic<Bool>(false)
    var done: Bool { finished.load(ordering: .acquiring) }
    var thread = pthread_t()

    init(_ parker: Parker) {
      self.parker = parker
      let box = Unmanaged.passRetained(self).toOpaque()
      let status = pthread_create(
        &thread, nil,
        { raw in
          let waiter = Unmanaged<Waiter>.fromOpaque(raw!).takeRetainedValue()
          waiter.parker.park()
          waiter.finished.store(true, ordering: .releasing)
          return nil
        }, box)
      precondition(status == 0)
    }

    func join() { pthread_join(thread, nil) }
  }

  /// Polls `condition` for up to ten seconds of real time.
  static func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<10_000 {
      if condition() { return true }
      usleep(1_000)
    }
    return condition()
  }

  @Test func anOlderSpinnerSleepsOnceANewerWaiterComes() {
    let gate = SpinGate()
    // Spins long enough that, without the gate, the first waiter would still be spinning when
    // the test gives up.
    let first = Parker(spins: Int.max, gate: gate)
    let second = Parker(spins: Int.max, gate: gate)
    let older = Waiter(first)
    // The first waiter took its ticket (it is spinning) before the second one comes.
    #expect(Self.eventually { gate.newest == 1 })
    #expect(!first.isSleeping)
    let newer = Waiter(second)
    #expect(Self.eventually { first.isSleeping })
    #expect(!second.isSleeping)
    first.unpark()
    second.unpark()
    older.join()
    newer.join()
    #expect(older.done && newer.done)
  }

  @Test func aPermitGivenToASleeperOfTheGateStillWakesIt() {
    let gate = SpinGate()
    let parker = Parker(spins: 10, gate: gate)
    let waiter = Waiter(parker)
    #expect(Self.eventually { parker.isSleeping })
    parker.unpark()
    waiter.join()
    #expect(waiter.done)
  }
}

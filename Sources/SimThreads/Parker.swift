import CSimThreads
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One permit that one real thread waits for and another hands over: the baton's hand-off.
///
/// `unpark()` makes the permit available; `park()` waits for it and takes it. A permit handed
/// over before its thread parks is kept, so the order of the two calls does not matter. The
/// waiting side may spin a little before it sleeps: when the two threads run on different
/// CPUs, a hand-off that lands within the spin costs no system call and no wake-up. Threads
/// pinned to one CPU gain nothing from spinning (the other side cannot run meanwhile), so they
/// use no spin: they yield their CPU a bounded number of times instead, before they sleep.
/// The parkers of one run share a `SpinGate`, so that only the newest waiter spins.
///
/// The state machine is the classic one (Rust's `std::thread::park`): 0 empty, 1 notified,
/// 2 parked; only a waiter that found the permit empty sleeps, under the mutex, so a wake-up
/// cannot be lost between its check and its sleep.
final class Parker: @unchecked Sendable {
  private static let empty = 0
  private static let notified = 1
  private static let parked = 2

  private let state = Atomic<Int>(0)
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// How many times `park` checks the permit before it sleeps.
  let spins: Int
  /// How many times `park` then gives its CPU away (`sched_yield`) and checks again before it
  /// sleeps: for threads pinned to one CPU, where the thread that will hand the permit over
  /// can run only if this one steps aside, and a yield switches to it without the futex wake
  /// and sleep of the condition.
  let yields: Int

  /// The spin gate shared by the threads of one run, if any: only the newest waiter spins.
  let gate: SpinGate?

  /// Whether a thread sleeps on this parker now (past its spin), for tests.
  var isSleeping: Bool { state.load(ordering: .acquiring) == Self.parked }

  init(spins: Int, yields: Int = 0, gate: SpinGate? = nil) {
    self.spins = spins
    self.yields = yields
    self.gate = gate
    pthread_mutex_init(mutex, nil)
    #if canImport(Glibc)
      var attributes = pthread_condattr_t()
      pthread_condattr_init(&attributes)
      pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
      pthread_cond_init(condition, &attributes)
      pthread_condattr_destroy(&attributes)
    #else
      pthread_cond_init(condition, nil)
    #endif
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Makes the permit available, waking the thread parked on it, if any.
  func unpark() {
    if state.exchange(Self.notified, ordering: .acquiringAndReleasing) == Self.parked {
      // Taking the mutex orders this signal after the waiter's sleep began.
      pthread_mutex_lock(mutex)
      pthread_mutex_unlock(mutex)
      pthread_cond_signal(condition)
    }
  }

  /// Waits until the permit is available and takes it.
  func park() {
    _ = park(timeoutNanoseconds: nil)
  }

  /// Waits at most `timeoutNanoseconds` (nil: for ever) for the permit; false if it did not
  /// come in time (the permit is then left as it was).
  func park(timeoutNanoseconds: UInt64?) -> Bool {
    var spun = 0
    let ticket = gate?.enter()
    while spun < spins {
      if takePermit() { return true }
      if let ticket, gate!.newest != ticket { break }
      csimthreads_spin_hint()
      spun += 1
    }
    if takePermit() { return true }
    var yielded = 0
    while yielded < yields {
      sched_yield()
      if takePermit() { return true }
      yielded += 1
    }
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard
      state.compareExchange(
        expected: Self.empty, desired: Self.parked, ordering: .acquiringAndReleasing
      ).exchanged
    else {
      // Notified between the check above and the mutex.
      state.store(Self.empty, ordering: .releasing)
      return true
    }
    let deadline = timeoutNanoseconds.map { Self.monotonicNanoseconds() &+ $0 }
    while true {
      if let deadline {
        let status = timedWait(until: deadline)
        if status == ETIMEDOUT || Self.monotonicNanoseconds() >= deadline {
          // Back from parked to empty, unless the permit came meanwhile.
          if state.compareExchange(
            expected: Self.parked, desired: Self.empty, ordering: .acquiringAndReleasing
          ).exchanged {
            return false
          }
          state.store(Self.empty, ordering: .releasing)
          return true
        }
      } else {
        pthread_cond_wait(condition, mutex)
      }
      if state.compareExchange(
        expected: Self.notified, desired: Self.empty, ordering: .acquiringAndReleasing
      ).exchanged {
        return true
      }
    }
  }

  /// Waits on the condition until the monotonic `deadline`. Linux's condition was made on
  /// `CLOCK_MONOTONIC`; Darwin's waits take a relative time instead.
  private func timedWait(until deadline: UInt64) -> Int32 {
    #if canImport(Glibc)
      var spec = timespec(
        tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
      return pthread_cond_timedwait(condition, mutex, &spec)
    #else
      let now = Self.monotonicNanoseconds()
      let left = deadline > now ? deadline - now : 0
      var spec = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
      return pthread_cond_timedwait_relative_np(condition, mutex, &spec)
    #endif
  }

  @inline(__always)
  private func takePermit() -> Bool {
    state.compareExchange(
      expected: Self.notified, desired: Self.empty, ordering: .acquiringAndReleasing
    ).exchanged
  }

  /// Real monotonic time, for timed waits only (never the simulation's clock).
  static func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }
}

/// The threads of one run that may wait for the baton: only the newest waiter spins.
///
/// Only one thread of a run holds the baton; every other waits. If several spin at once they
/// take CPUs from the holder (two CPUs here: the holder and one spinner already fill them),
/// and a long spin becomes a slow-down instead of a saving. The newest waiter is the one
/// whose permit is most likely to come next (the holder will hand the baton back to whoever
/// handed it over), so each wait takes a ticket and spins only while it holds the newest;
/// an older spinner that sees a newer ticket goes to sleep at once.
final class SpinGate: Sendable {
  private let counter = Atomic<Int>(0)

  /// Takes the newest ticket.
  func enter() -> Int {
    counter.add(1, ordering: .relaxed).newValue
  }

  /// The newest ticket taken.
  var newest: Int { counter.load(ordering: .relaxed) }
}

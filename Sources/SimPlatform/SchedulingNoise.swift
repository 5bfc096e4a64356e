public import SimKernel

/// Seeded scheduling noise: the wake-up latencies and start orders a device has and the plain
/// simulator does not, so that a run can reach the races where a thread must lose.
///
/// Without noise a zero-cost worker block starts at the instant it is queued if a worker is
/// free, a block queued for an idle main thread runs at the same instant, and an operation
/// never starts before the code that added it has returned. On a device none of that holds:
/// a woken thread waits for a CPU, an idle main thread sleeps in `mach_msg` until it is woken,
/// and an operation can start on another core between two statements of the code that added
/// it. With noise on (a scenario's `noise:`, off by default), the world draws:
/// - **a worker's wake-up latency** before a block or operation starts on a sleeping worker
///   thread (a queue's next item, started at the instant its last one ended, and work handed
///   to a thread at the instant it finished other work, run at once: the thread is awake):
///   with probability `workerImmediate` none, and the block starts inside the call that queued
///   it (an awake worker took it; for an operation this is what lets it start in the middle of
///   a main-thread turn); otherwise a uniform draw from `workerWake`, and with probability
///   `tailProbability` up to `workerTailMax` instead (a woken thread that waits for a core held by
///   another thread of its priority);
/// - **the main thread's wake-up latency** for a block, source or timer firing queued while
///   the main thread is idle: a uniform draw from `mainWake`, and with probability
///   `tailProbability` up to `mainTailMax` instead. A vsync is never delayed: a frame that falls due
///   while the wake-up is pending runs first, which is the window where a completion hops to
///   main and the next layout reuses its cell before the block runs;
/// - **a seeded order among the queues waiting for a worker**: the next queue to get a free
///   worker is drawn among them instead of first come, first served (items within one queue
///   keep GCD's first in, first out start order).
///
/// The figures (see `docs/design.md`, *Scheduling noise*): a wake-up is a thread hand-off. A
/// POSIX semaphore ping-pong between two threads on two cores takes about 19 µs a hand-off when
/// the threads may run on either CPU and 1.7 µs when both are pinned to one (the figures the
/// blocking-threads work started from), and `Benchmarks/` measures a sleeping hand-off at
/// 3–4 µs and a park and resume at 3–10 µs. So ordinary wake-ups are drawn from 2–50 µs for
/// workers and 5–100 µs for the main thread (its run loop also leaves `mach_msg` and takes a
/// turn). The tail is bounded by Darwin's scheduling quantum: XNU's `DEFAULT_PREEMPTION_RATE`
/// of 100 per second (`osfmk/kern/sched_prim.c`) gives a thread that waits behind another of
/// its priority at most 10 ms, and the main thread, which runs at a higher priority than
/// workers, is given a tail to 2 ms. The tail's probability (5 %) and the share of immediate
/// starts (25 %) are model choices, not measurements: they are there to make the windows
/// reachable within a fuzz campaign, and each is a scenario override.
///
/// Every draw comes from a stream keyed by the noise seed and by what is drawn (a worker start,
/// a main wake-up, a pool choice) with a running count, so a seed reproduces a schedule
/// exactly in any process and build.
public struct SchedulingNoise: Hashable, Sendable {
  /// The schedule seed (`seed`): a different seed, a different schedule.
  public var seed: UInt64
  /// Probability that a worker block starts inside the call that queued it (`worker_immediate`).
  public var workerImmediate: Double = 0.25
  /// Ordinary worker wake-up latency (`worker_wake_min` … `worker_wake_max`).
  public var workerWake: ClosedRange<SimDuration> = .us(2) ... .us(50)
  /// The longest worker wake-up (`worker_tail_max`): a tail draw is uniform from the end of
  /// `workerWake` to this.
  public var workerTailMax: SimDuration = .ms(10)
  /// Ordinary main-thread wake-up latency (`main_wake_min` … `main_wake_max`).
  public var mainWake: ClosedRange<SimDuration> = .us(5) ... .us(100)
  /// The longest main-thread wake-up (`main_tail_max`): a tail draw is uniform from the end of
  /// `mainWake` to this.
  public var mainTailMax: SimDuration = .ms(2)
  /// Probability that a wake-up is drawn from its tail (`tail_probability`).
  public var tailProbability: Double = 0.05
  /// Whether queues waiting for a worker get one in a seeded order (`shuffle_queues`).
  public var shuffleQueues = true

  /// Noise with the documented defaults and schedule seed `seed`.
  public init(seed: UInt64) { self.seed = seed }
}

/// The draws of one world's scheduling noise.
package final class NoiseSource {
  package let noise: SchedulingNoise
  @exclusivity(unchecked) var workerStream: RandomStream
  @exclusivity(unchecked) var mainStream: RandomStream
  @exclusivity(unchecked) var poolStream: RandomStream

  package init(_ noise: SchedulingNoise) {
    self.noise = noise
    let random = SeededRandom(seed: noise.seed)
    workerStream = random.stream("noise", "worker")
    mainStream = random.stream("noise", "main")
    poolStream = random.stream("noise", "pool")
  }

  /// A worker's wake-up latency; zero means the block starts inside the queuing call.
  func workerLatency() -> SimDuration {
    if workerStream.bool(probability: noise.workerImmediate) { return .zero }
    let tail = workerStream.bool(probability: noise.tailProbability)
    let range = noise.workerWake
    return Self.draw(
      tail ? range.upperBound...max(range.upperBound, noise.workerTailMax) : range,
      from: &workerStream)
  }

  /// The main thread's wake-up latency for work queued while it is idle.
  func mainLatency() -> SimDuration {
    let tail = mainStream.bool(probability: noise.tailProbability)
    let range = noise.mainWake
    return Self.draw(
      tail ? range.upperBound...max(range.upperBound, noise.mainTailMax) : range,
      from: &mainStream)
  }

  /// Which of `count` waiting queues gets the next worker.
  func pick(among count: Int) -> Int {
    guard noise.shuffleQueues, count > 1 else { return 0 }
    return Int(poolStream.next(below: UInt64(count)))
  }

  static func draw(_ range: ClosedRange<SimDuration>, from stream: inout RandomStream)
    -> SimDuration
  {
    .ns(stream.int(in: range.lowerBound.nanoseconds...range.upperBound.nanoseconds))
  }
}

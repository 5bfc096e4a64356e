import CSimThreads
import SimKernel
import SimPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Measurements of the baton's hand-off, for `Benchmarks/` (outside any simulation: they read
/// the real clock).
@_spi(Benchmarks) public enum HandOffMeasurement {
  /// Passes the baton between two real threads `handOffs` times, as the scheduler does between
  /// the driving thread and a carrier, and returns the wall-clock nanoseconds per hand-off.
  /// `pinned` binds both threads to the CPU the caller runs on (Linux; elsewhere ignored), with
  /// no spinning; otherwise they may run on any CPU and the waiter spins a little first.
  public static func pingPong(handOffs: Int, pinned: Bool) -> Double {
    precondition(handOffs >= 2, "HandOffMeasurement.pingPong: at least 2 hand-offs")
    let cpu = pinned ? Int(csimthreads_current_cpu()) : -1
    let options = BlockingThreadsOptions()
    let spins = pinned ? 0 : options.spins
    let yields = pinned ? options.yields : 0
    let caller = Parker(spins: spins, yields: yields)
    let partner = Parker(spins: spins, yields: yields)
    let rounds = handOffs / 2
    let done = Parker(spins: 0)
    var saved = csimthreads_affinity()
    let restore = cpu >= 0 && csimthreads_get_affinity(&saved) == 0
    if cpu >= 0 { _ = csimthreads_pin_to_cpu(Int32(cpu)) }
    RealThread.start {
      if cpu >= 0 { _ = csimthreads_pin_to_cpu(Int32(cpu)) }
      for _ in 0..<rounds {
        partner.park()
        caller.unpark()
      }
      done.unpark()
    }
    let start = Parker.monotonicNanoseconds()
    for _ in 0..<rounds {
      partner.unpark()
      caller.park()
    }
    let elapsed = Parker.monotonicNanoseconds() - start
    done.park()
    if restore { _ = csimthreads_set_affinity(pthread_self(), &saved) }
    return Double(elapsed) / Double(rounds * 2)
  }

  /// Whether worlds pin their blocking threads to one CPU unless they choose (the process's
  /// default, off unless changed): the benchmarks run the whole simulation both ways.
  public static var pinsBlockingThreadsToOneCPU: Bool {
    get { BlockingThreadsOptions.processPinsToOneCPU }
    set { BlockingThreadsOptions.processPinsToOneCPU = newValue }
  }

  /// Runs a world in which one blocking body sleeps `parks` times, and returns the wall-clock
  /// nanoseconds per park and resume: two hand-offs, the step, its event and the trace.
  public static func parkAndResume(parks: Int, pinned: Bool) -> Double {
    precondition(parks >= 1, "HandOffMeasurement.parkAndResume: at least 1 park")
    let world = World(seed: 0, trace: .digestOnly)
    _ = BlockingThreads.of(world, options: BlockingThreadsOptions(pinToOneCPU: pinned))
    world.globalQueue().async(
      label: "parker",
      blocking: {
        for _ in 0..<parks { Blocking.sleep(for: .us(1)) }
      })
    let start = Parker.monotonicNanoseconds()
    try? world.run(for: .us(Int64(parks) + 10))
    let elapsed = Parker.monotonicNanoseconds() - start
    world.tearDown()
    return Double(elapsed) / Double(parks)
  }
}

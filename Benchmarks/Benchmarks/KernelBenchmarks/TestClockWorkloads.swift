import Clocks
import ConcurrencyExtras

/// Runs workloads on pointfreeco's `TestClock`, the way its documentation tests time-based
/// code: every timer or sleep is a task that calls `clock.sleep`, everything runs under
/// `withMainSerialExecutor`, and the test drives time with `await clock.advance(by:)`.
@MainActor
enum TestClockWorkloads {
  /// What one run produced.
  struct Outcome {
    /// Sleeps that returned normally before the clock reached the workload's horizon.
    var completedSleeps: Int
    /// The order in which sleeps completed, as `(clock time, id)` pairs folded into a digest.
    var orderDigest: UInt64
  }

  /// Counts completed sleeps, in the order their tasks resumed.
  final class Recorder {
    let clock = TestClock()
    var completed = 0
    var digest = OrderDigest()

    func sleepCompleted(id: Int) {
      completed += 1
      let elapsed = TestClock<Duration>.Instant().duration(to: clock.now).components
      digest.add(elapsed.seconds &* 1_000_000_000 &+ elapsed.attoseconds / 1_000_000_000)
      digest.add(Int64(id))
    }
  }

  /// Runs `workload` on a fresh `TestClock`, advancing it once to the workload's last deadline.
  /// Sleepers still suspended afterwards are cancelled, and are missing from the count.
  static func run(_ workload: Workload) async -> Outcome {
    var outcome = Outcome(completedSleeps: 0, orderDigest: 0)
    await withMainSerialExecutor {
      let recorder = Recorder()
      let tasks = startSleepers(workload, recorder: recorder)
      await recorder.clock.advance(by: .nanoseconds(workload.horizon))
      for task in tasks { task.cancel() }
      for task in tasks { await task.value }
      outcome = Outcome(completedSleeps: recorder.completed, orderDigest: recorder.digest.value)
    }
    return outcome
  }

  private static func startSleepers(_ workload: Workload, recorder: Recorder) -> [Task<Void, Never>]
  {
    let clock = recorder.clock
    switch workload {
    case .timers(let count, let reschedules):
      return (0..<count).map { id in
        let period = Duration.nanoseconds(Workload.period(ofTimer: id))
        return Task {
          for _ in 0..<reschedules {
            do { try await clock.sleep(for: period) } catch { return }
            recorder.sleepCompleted(id: id)
          }
        }
      }
    case .oneShots(let deadlines):
      return deadlines.enumerated().map { id, deadline in
        let instant = TestClock<Duration>.Instant(offset: .nanoseconds(deadline))
        return Task {
          do { try await clock.sleep(until: instant) } catch { return }
          recorder.sleepCompleted(id: id)
        }
      }
    }
  }
}

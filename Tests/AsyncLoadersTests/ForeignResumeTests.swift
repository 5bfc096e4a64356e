import AsyncLoaders
import Dispatch
import Foundation
import ImageLoaders
import Scenarios
import SimTable
import TestSupport
import Testing

/// A negative control: a loader that fetches through the environment, then "decodes" on real
/// Dispatch and resumes its task from there, as code that wraps a callback API with a
/// continuation does. The resume comes from a thread that is not the simulation's.
@MainActor
final class DispatchResumeLoader: AsyncCatalogLoader {
  nonisolated static let name = "test-dispatch-resume"
  nonisolated static let summary = "negative control: resumes a continuation from real Dispatch"

  let environment: AsyncLoaderEnvironment
  var started = false
  /// Set on the simulation's thread when the decode has been handed to Dispatch.
  var handedOff = false
  /// Signalled on the simulation's thread once the decode's task has surely suspended.
  let suspended = DispatchSemaphore(value: 0)
  /// Signalled by the Dispatch thread once it has resumed the continuation.
  let resumed = DispatchSemaphore(value: 0)

  init(environment: AsyncLoaderEnvironment, options: LoaderOptions) {
    self.environment = environment
  }

  func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  {
    guard !started else { return }
    started = true
    let url = item.url
    Task(name: "dispatch decode \(url)") { [suspended, resumed] in
      guard let data = try? await environment.data(for: url) else { return }
      let count = await withCheckedContinuation { continuation in
        self.handedOff = true
        DispatchQueue.global().async {
          // The resume must come after the task has suspended, or it wins the race against
          // the suspension and the task goes on inside its own job, unseen (a documented
          // limit). A real-time sleep here only makes that unlikely: on a loaded machine the
          // simulation's thread can be descheduled for longer between this closure and the
          // suspension. So the resume waits for a signal from a later job of the simulation.
          suspended.wait()
          continuation.resume(returning: data.count)
          resumed.signal()
        }
      }
      _ = count
    }
    // The run must not outrun the foreign resume, or the resume lands after the run has ended
    // (held with a warning, a documented limit) and the control proves nothing. So this task,
    // on the simulation's thread, waits in real time for the resume once the decode was handed
    // off: a short wait, well inside the blocked-job guard. It runs in a job of its own, so
    // when it sees `handedOff` the job that set it has returned and the decode's task has
    // suspended; only then may Dispatch resume it.
    Task(name: "wait for Dispatch") { [suspended, resumed] in
      while !self.handedOff { try? await environment.clock.sleep(for: .milliseconds(1)) }
      suspended.signal()
      resumed.wait()
    }
  }
}

/// A loader that waits between retries with `Task.sleep(for:)`, on the real clock.
@MainActor
final class RealClockSleepLoader: AsyncCatalogLoader {
  nonisolated static let name = "test-real-clock-sleep"
  nonisolated static let summary = "negative control: sleeps on ContinuousClock"

  let environment: AsyncLoaderEnvironment
  var started = false

  init(environment: AsyncLoaderEnvironment, options: LoaderOptions) {
    self.environment = environment
  }

  func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  {
    guard !started else { return }
    started = true
    let url = item.url
    Task(name: "backoff \(url)") {
      _ = try? await environment.data(for: url)
      try? await Task.sleep(for: .milliseconds(200))
    }
  }
}

/// A loader whose retry wait is inside an actor of its own: the task started in `cellForRow`
/// prefers no executor, so inside the actor `Task.sleep` reaches the process's default
/// executor, not one of the simulation's.
@MainActor
final class RealClockSleepInActorLoader: AsyncCatalogLoader {
  nonisolated static let name = "test-real-clock-sleep-in-actor"
  nonisolated static let summary = "negative control: sleeps on ContinuousClock inside an actor"

  actor Backoff {
    func wait() async { try? await Task.sleep(for: .milliseconds(200)) }
  }

  let environment: AsyncLoaderEnvironment
  let backoff = Backoff()
  var started = false

  init(environment: AsyncLoaderEnvironment, options: LoaderOptions) {
    self.environment = environment
  }

  func cellForRow(_ cell: TableCell, item: TableItem, at indexPath: IndexPath, in table: TableView)
  {
    guard !started else { return }
    started = true
    let url = item.url
    Task(name: "backoff in actor \(url)") { [backoff] in
      _ = try? await environment.data(for: url)
      await backoff.wait()
    }
  }
}

@Suite("Negative control: a task resumed from real Dispatch")
struct ForeignResumeTests {
  @Test("the run fails with RunError.nondeterministic naming the task, never flakily")
  func dispatchResumeIsAnError() throws {
    let scenario = try Scenario(
      contentsOf: Repository.url("Scenarios/async/async-reference-flaky-fling.yaml"),
      fixturesRoot: Repository.fixtures)
    for attempt in 0..<5 {
      do {
        let result = try Simulation.run(
          scenario, loader: DispatchResumeLoader.self, fixturesRoot: Repository.fixtures)
        Issue.record("attempt \(attempt): the run passed (digest \(result.digest))")
      } catch {
        guard case .nondeterministic(let message) = error else {
          Issue.record("attempt \(attempt): \(error)")
          continue
        }
        #expect(message.contains("dispatch decode https://img.test/"), "\(message)")
        #expect(message.contains("from a thread outside the simulation"), "\(message)")
      }
    }
  }

  @Test("a sleep on the real clock fails the run, naming the task and the clock")
  func realClockSleepIsAnError() throws {
    let scenario = try Scenario(
      contentsOf: Repository.url("Scenarios/async/async-image-revisit.yaml"),
      fixturesRoot: Repository.fixtures)
    #expect {
      try Simulation.run(
        scenario, loader: RealClockSleepLoader.self, fixturesRoot: Repository.fixtures)
    } throws: { error in
      guard case .nondeterministic(let message) = error as? RunError else { return false }
      return message.contains("backoff https://img.test/") && message.contains("ContinuousClock")
    }
  }

  @Test("a sleep on the real clock inside an actor fails the run too, never depending on timing")
  func realClockSleepInActorIsAnError() throws {
    // Before, this sleep went to Dispatch: its wake-up came 200 ms of real time later, after
    // the run had ended, which then passed with a warning on stderr.
    let scenario = try Scenario(
      contentsOf: Repository.url("Scenarios/async/async-image-revisit.yaml"),
      fixturesRoot: Repository.fixtures)
    for _ in 0..<3 {
      #expect {
        try Simulation.run(
          scenario, loader: RealClockSleepInActorLoader.self, fixturesRoot: Repository.fixtures)
      } throws: { error in
        guard case .nondeterministic(let message) = error as? RunError else { return false }
        return message.contains("backoff in actor https://img.test/")
          && message.contains("ContinuousClock")
      }
    }
  }
}

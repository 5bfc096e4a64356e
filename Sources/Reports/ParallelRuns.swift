import Dispatch
import Foundation
import Synchronization

/// Runs independent simulations on several threads at once, for `--jobs N`.
///
/// Each job builds and runs its own world on one thread; nothing simulated crosses threads.
/// What runs share is read-only (the options, the scenario files) or guarded by a mutex (the
/// process-wide decode and digest memos, whose results never depend on order), so a job's
/// result is the same on any thread and in any interleaving. Results come back in input
/// order, so every report is identical to `--jobs 1`'s.
package enum ParallelRuns {
  /// The default number of jobs: the machine's active processor count.
  package static var defaultJobs: Int { max(1, ProcessInfo.activeProcessorCountOrOne) }

  /// `body(0) … body(count − 1)`, on up to `jobs` threads, in input order.
  package static func map<T>(count: Int, jobs: Int, _ body: (Int) -> T) -> [T] {
    let workers = max(1, min(jobs, count))
    if workers == 1 { return (0..<count).map(body) }
    return withoutActuallyEscaping(body) { body in
      let shared = Shared(body: body, count: count)
      let group = DispatchGroup()
      for _ in 0..<workers {
        DispatchQueue.global().async(group: group) { shared.drain() }  // allowed: edge
      }
      group.wait()
      return shared.results()
    }
  }

  /// The work list and the results, shared by the worker threads.
  final class Shared<T>: @unchecked Sendable {
    // `body` and each `slots[i]` are touched by one thread at a time: `next` hands out each
    // index once under the mutex, and `results()` runs after every worker has finished.
    let body: (Int) -> T
    let count: Int
    let next = Mutex(0)
    let slots: UnsafeMutableBufferPointer<T?>

    init(body: @escaping (Int) -> T, count: Int) {
      self.body = body
      self.count = count
      slots = .allocate(capacity: count)
      slots.initialize(repeating: nil)
    }

    deinit {
      slots.deinitialize()
      slots.deallocate()
    }

    func drain() {
      while true {
        let index = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard index < count else { return }
        let result = body(index)
        slots[index] = result
      }
    }

    func results() -> [T] { slots.map { $0! } }
  }
}

extension ProcessInfo {
  fileprivate static var activeProcessorCountOrOne: Int {
    ProcessInfo.processInfo.activeProcessorCount
  }
}

import SimThreads
import Synchronization
import Testing

@testable import SimAsync

/// Flags shared between the test and the swapping thread.
final class SwapFlags: Sendable {
  let bodyRan = Atomic<Bool>(false)
  let finished = Atomic<Bool>(false)
}

@Suite("The fence around swapping the default executor")
struct GlobalEnqueueFenceTests {
  @Test("a swap waits for enqueues in flight, and none starts during it")
  func swapWaitsForEnqueues() throws {
    let flags = SwapFlags()
    GlobalEnqueueFence.enter()  // an enqueue in flight
    RealThread.start {
      GlobalEnqueueFence.exclusively {
        // No enqueue may be in flight while the executor references are written.
        precondition(GlobalEnqueueFence.inFlight.load(ordering: .sequentiallyConsistent) == 0)
        flags.bodyRan.store(true, ordering: .sequentiallyConsistent)
      }
      flags.finished.store(true, ordering: .sequentiallyConsistent)
    }
    RealTime.sleep(.milliseconds(20))
    let ranEarly = flags.bodyRan.load(ordering: .sequentiallyConsistent)
    #expect(!ranEarly)
    GlobalEnqueueFence.leave()
    let deadline = RealTime.monotonicNanoseconds() + 10_000_000_000
    while !flags.finished.load(ordering: .sequentiallyConsistent)
      && RealTime.monotonicNanoseconds() < deadline
    {
      RealTime.sleep(.milliseconds(1))
    }
    let ran = flags.bodyRan.load(ordering: .sequentiallyConsistent)
    #expect(ran)
    GlobalEnqueueFence.enter()  // the swap is over: enqueues pass again
    GlobalEnqueueFence.leave()
    let swapping = GlobalEnqueueFence.swapping.load(ordering: .sequentiallyConsistent)
    #expect(!swapping)
  }
}

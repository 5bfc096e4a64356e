import SimKernel
import Testing

@testable import SimPlatform

@Suite("OperationQueue semantics")
struct OperationQueueTests {
  func world(cores: Int = 2) -> World {
    var device = DeviceProfile.iPhoneSE
    device.cores = cores
    device.refreshHz = 1
    return World(device: device)
  }

  @Test(
    "cancel before start: the body never runs, yet the operation finishes and its completion runs")
  func cancelBeforeStart() throws {
    let w = world()
    let queue = w.operationQueue()
    var bodyRan = false
    var completionThread: SimThread?
    let op = SimulatedBlockOperation { _ in bodyRan = true }
    op.completionBlock = { completionThread = w.currentThread }
    queue.addOperation(op)
    op.cancel()
    try w.run(for: .ms(1))
    #expect(!bodyRan)
    #expect(op.isFinished)
    #expect(op.isCancelled)
    #expect(completionThread != nil)
    #expect(queue.operationCount == 0)
  }

  @Test("main-bound queue: an operation cancelled while its main-queue block waits never runs")
  func mainBoundCancelBeforeStart() throws {
    let w = world()
    let queue = w.mainOperationQueue()
    // The main thread is busy for 10 ms, so the operation's main-queue block waits.
    w.main.async { $0.spend(.ms(10)) }
    var bodyRan = false
    var completedAt: SimTime?
    let op = SimulatedBlockOperation { _ in bodyRan = true }
    op.completionBlock = { completedAt = w.now }
    queue.addOperation(op)
    var executingAtCancel: Bool?
    w.loop.schedule(at: SimTime(nanoseconds: 5_000_000)) {
      executingAtCancel = op.isExecuting
      op.cancel()
    }
    var laterRan = false
    queue.addOperation { _ in laterRan = true }
    try w.run(for: .ms(20))
    #expect(executingAtCancel == false, "a dispatched operation is not executing yet")
    #expect(!bodyRan, "Operation.start() skips main() for a cancelled operation")
    #expect(op.isFinished)
    #expect(completedAt == SimTime(nanoseconds: 5_000_000))
    #expect(laterRan, "the next operation still runs")
    #expect(queue.operationCount == 0)
    queue._checkInvariants()
  }

  @Test("worker queue: an operation cancelled just before a worker frees up never runs")
  func workerCancelBeforeStart() throws {
    let w = world(cores: 1)
    let queue = w.operationQueue()
    var bodyRan = false
    var completions = 0
    let op = SimulatedBlockOperation { _ in bodyRan = true }
    op.completionBlock = { completions += 1 }
    // The only CPU slot is busy for 10 ms; its last step cancels the waiting operation, and
    // the slot frees up before the queue's next pass.
    w.globalQueue().async { $0.spend(.ms(10)) { op.cancel() } }
    queue.addOperation(op)
    try w.run(for: .ms(20))
    #expect(!bodyRan)
    #expect(op.isFinished && op.isCancelled)
    #expect(completions == 1)
    #expect(queue.operationCount == 0)
    queue._checkInvariants()
  }

  @Test("cancel during execution only sets isCancelled; the body keeps running")
  func cancelDuringExecution() throws {
    let w = world()
    let queue = w.operationQueue()
    var log: [String] = []
    let op = SimulatedBlockOperation { execution in
      log.append("start")
      execution.block(for: .ms(10)) {
        log.append("after-io@\(execution.now.nanoseconds / 1_000_000)")
      }
    }
    var cancelledSeenByBody: Bool?
    op.addExecutionBlock { _ in cancelledSeenByBody = op.isCancelled }
    queue.addOperation(op)
    w.loop.schedule(at: SimTime(nanoseconds: 5_000_000)) {
      op.cancel()
      #expect(op.isExecuting)
    }
    try w.run(for: .ms(20))
    #expect(log == ["start", "after-io@10"])
    #expect(cancelledSeenByBody == true, "a body that checks the flag sees it")
    #expect(op.isFinished)
  }

  @Test("the queue retains an operation until it finishes; a weak reference is nil exactly then")
  func weakReferenceBecomesNilAtFinish() throws {
    let w = world()
    let queue = w.operationQueue()
    weak var weakOp: SimulatedBlockOperation?
    var seenDuringExecution: Bool?
    do {
      let op = SimulatedBlockOperation { execution in
        execution.block(for: .ms(10))
      }
      weakOp = op
      queue.addOperation(op)
    }
    #expect(weakOp != nil, "retained by the queue while waiting")
    w.loop.schedule(at: SimTime(nanoseconds: 5_000_000)) { seenDuringExecution = weakOp != nil }
    // Seed 004's bug: the main-queue block checks the weak reference after the operation ended.
    var seenByMainQueueBlock: Bool?
    w.loop.schedule(at: SimTime(nanoseconds: 10_000_000)) {
      w.main.async { _ in seenByMainQueueBlock = weakOp != nil }
    }
    try w.run(until: SimTime(nanoseconds: 9_999_999))
    #expect(weakOp != nil, "still executing one nanosecond before the end")
    try w.run(for: .ms(5))
    #expect(seenDuringExecution == true)
    #expect(weakOp == nil, "released when it finished at 10 ms")
    #expect(seenByMainQueueBlock == false)
  }

  @Test("maxConcurrentOperationCount bounds executing operations")
  func maxConcurrent() throws {
    let w = world()
    let queue = w.operationQueue()
    queue.maxConcurrentOperationCount = 4
    var peak = 0
    for _ in 0..<12 {
      queue.addOperation { execution in
        peak = max(peak, queue.executingCount)
        execution.block(for: .ms(10))
      }
    }
    try w.run(for: .ms(15))
    #expect(peak == 4)
    #expect(queue.operationCount == 8)
    try w.run(for: .ms(100))
    #expect(queue.operationCount == 0)
  }

  @Test("ready operations start by priority, then first in")
  func priorities() throws {
    let w = world()
    let queue = w.operationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.isSuspended = true
    var order: [String] = []
    let specs: [(String, SimulatedOperation.QueuePriority)] = [
      ("low", .low), ("normal-1", .normal), ("high", .high), ("normal-2", .normal),
      ("veryHigh", .veryHigh),
    ]
    for (name, priority) in specs {
      let op = SimulatedBlockOperation { _ in order.append(name) }
      op.queuePriority = priority
      queue.addOperation(op)
    }
    queue.isSuspended = false
    try w.run(for: .ms(1))
    #expect(order == ["veryHigh", "high", "normal-1", "normal-2", "low"])
  }

  @Test("an operation waits for its dependencies, even across queues")
  func dependencies() throws {
    let w = world()
    let q1 = w.operationQueue()
    let q2 = w.operationQueue()
    var log: [String] = []
    let download = SimulatedBlockOperation { execution in
      execution.block(for: .ms(10)) { log.append("download@\(w.now.nanoseconds / 1_000_000)") }
    }
    let decode = SimulatedBlockOperation { _ in
      log.append("decode@\(w.now.nanoseconds / 1_000_000)")
    }
    decode.addDependency(download)
    #expect(!decode.isReady)
    q2.addOperation(decode)
    q1.addOperation(download)
    try w.run(for: .ms(20))
    #expect(log == ["download@10", "decode@10"])
  }

  @Test("cancelling an operation makes it ready at once, whatever its dependencies")
  func cancelIgnoresDependencies() throws {
    let w = world()
    let queue = w.operationQueue()
    let blocker = SimulatedBlockOperation { $0.block(for: .ms(100)) }
    var completedAt: SimTime?
    let dependent = SimulatedBlockOperation { _ in Issue.record("a cancelled body ran") }
    dependent.addDependency(blocker)
    dependent.completionBlock = { completedAt = w.now }
    queue.addOperation(blocker)
    queue.addOperation(dependent)
    w.loop.schedule(at: SimTime(nanoseconds: 1_000_000)) { dependent.cancel() }
    try w.run(for: .ms(10))
    #expect(dependent.isFinished)
    #expect(completedAt == SimTime(nanoseconds: 1_000_000))
    #expect(!blocker.isFinished)
  }

  @Test("a suspended queue starts nothing; cancelAllOperations cancels everything it holds")
  func suspendAndCancelAll() throws {
    let w = world()
    let queue = w.operationQueue()
    queue.isSuspended = true
    var ran = 0
    var completions = 0
    for _ in 0..<5 {
      let op = queue.addOperation { _ in ran += 1 }
      op.completionBlock = { completions += 1 }
    }
    try w.run(for: .ms(5))
    #expect(ran == 0)
    #expect(queue.operationCount == 5)
    queue.cancelAllOperations()
    try w.run(for: .ms(5))
    #expect(ran == 0)
    #expect(completions == 5)
    #expect(queue.operationCount == 0)
  }

  @Test("completion blocks run on a background thread, never the main thread")
  func completionOnBackground() throws {
    let w = world()
    let queue = w.mainOperationQueue()
    var bodyThread: Int?
    var completionThread: Int?
    let op = SimulatedBlockOperation { execution in bodyThread = execution.thread.id }
    op.completionBlock = { completionThread = w.currentThread?.id }
    queue.addOperation(op)
    try w.run(for: .ms(1))
    #expect(bodyThread == 0, "a main-bound queue runs its body on the main thread")
    #expect(completionThread != nil && completionThread != 0)
  }

  @Test("a main-bound queue is serial and runs operations as main-queue blocks")
  func mainBoundQueue() throws {
    let w = world()
    let queue = w.mainOperationQueue()
    queue.maxConcurrentOperationCount = 5
    #expect(queue.maxConcurrentOperationCount == 1)
    var log: [String] = []
    for name in ["a", "b"] {
      queue.addOperation { execution in
        log.append("\(name)@\(w.now.nanoseconds / 1_000_000) main=\(execution.thread.isMain)")
        execution.spend(.ms(3))
      }
    }
    try w.run(for: .ms(20))
    #expect(log == ["a@0 main=true", "b@3 main=true"])
  }

  @Test("the default maxConcurrentOperationCount leaves the worker pool as the bound")
  func defaultIsUnlimited() throws {
    let w = world(cores: 2)
    let queue = w.operationQueue()
    #expect(queue.maxConcurrentOperationCount == -1)
    for _ in 0..<80 { queue.addOperation { $0.block(for: .ms(50)) } }
    try w.run(for: .ms(10))
    #expect(queue.executingCount == 64)
    queue._checkInvariants()
  }
}

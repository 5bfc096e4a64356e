// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// An asynchronous operation that ends from a block on `queue`, `delay` after its start, as
/// tutorials write one around a completion handler that arrives on the main queue.
final class QueueFinishingOperation: Operation, @unchecked Sendable {
  let log: Log
  let queue: DispatchQueue
  let delay: Int
  private var running = false
  private var done = false
  init(log: Log, finishingOn queue: DispatchQueue, after delay: Int) {
    self.log = log
    self.queue = queue
    self.delay = delay
    super.init()
  }
  override var isAsynchronous: Bool { true }
  override var isExecuting: Bool { running }
  override var isFinished: Bool { done }
  override func start() {
    log.add("start \(name ?? "") main=\(Thread.isMainThread)")
    running = true
    queue.asyncAfter(deadline: .now() + .milliseconds(delay)) {
      self.log.add("end \(self.name ?? "")")
      self.willChangeValue(forKey: "isFinished")
      self.running = false
      self.done = true
      self.didChangeValue(forKey: "isFinished")
    }
  }
}

/// The thread-safe asynchronous operation many tutorials write: its state behind a queue's
/// `sync`, read by whoever asks for `isFinished`.
final class GuardedStateOperation: Operation, @unchecked Sendable {
  let log: Log
  private let stateQueue = DispatchQueue(label: "operation.state", attributes: .concurrent)
  private var running = false
  private var done = false
  init(log: Log) {
    self.log = log
    super.init()
  }
  override var isAsynchronous: Bool { true }
  override var isExecuting: Bool { stateQueue.sync { running } }
  override var isFinished: Bool { stateQueue.sync { done } }
  override func start() {
    stateQueue.sync(flags: .barrier) { running = true }
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(25)) {
      self.log.add("done")
      self.willChangeValue(forKey: "isFinished")
      self.stateQueue.sync(flags: .barrier) {
        self.running = false
        self.done = true
      }
      self.didChangeValue(forKey: "isFinished")
    }
  }
}

/// An asynchronous operation whose backing flags start out "executing" and "finished", cleared
/// in `start()`, as a published app's base class writes it; the queue must still start it.
final class PresetFlagsOperation: Operation, @unchecked Sendable {
  let log: Log
  private var executingFlag = true
  private var finishedFlag = true
  init(log: Log) {
    self.log = log
    super.init()
  }
  override var isAsynchronous: Bool { true }
  override var isExecuting: Bool { executingFlag }
  override var isFinished: Bool { finishedFlag }
  override func start() {
    guard !isCancelled else { return finish() }
    willChangeValue(forKey: "isFinished")
    finishedFlag = false
    didChangeValue(forKey: "isFinished")
    executingFlag = true
    log.add("start \(name ?? "")")
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { self.finish() }
  }
  func finish() {
    log.add("finish \(name ?? "")")
    executingFlag = false
    willChangeValue(forKey: "isFinished")
    finishedFlag = true
    didChangeValue(forKey: "isFinished")
  }
}

@Suite("Asynchronous operations give their thread back when start() returns")
struct AsynchronousOperationTests {
  @Test("one on OperationQueue.main that ends from a main-queue block frees the main thread")
  func onMainQueue() throws {
    let log = Log()
    let outcome = try simulate {
      let operation = QueueFinishingOperation(log: log, finishingOn: .main, after: 30)
      operation.name = "a"
      operation.completionBlock = { log.add("completion a") }
      OperationQueue.main.addOperation(operation)
      OperationQueue.main.addOperation { log.add("next operation") }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        log.add("main is free")
      }
    }
    #expect(outcome.deadlock == nil)
    #expect(
      log.lines == [
        "start a main=true @0", "main is free @10", "end a @30", "completion a @30",
        "next operation @30",
      ])
  }

  @Test("many on a background queue hold their queue slots but no worker threads")
  func onWorkers() throws {
    let log = Log()
    let outcome = try simulate {
      let queue = OperationQueue()
      for index in 0..<100 {
        let operation = QueueFinishingOperation(log: log, finishingOn: .global(), after: 100)
        operation.name = "\(index)"
        queue.addOperation(operation)
      }
    }
    // On iOS each `start()` returns at once, so all hundred run together; a worker held per
    // operation would stop at GCD's 64 threads and start the rest 100 ms later.
    #expect(log.lines.filter { $0.hasPrefix("end") }.count == 100)
    #expect(log.lines.allSatisfy { $0.hasSuffix(" @0") || $0.hasSuffix(" @100") })
    #expect(outcome.peakWorkers < 64)
  }

  @Test("the queue's limit still counts an asynchronous operation until it ends")
  func slotHeld() throws {
    let log = Log()
    try simulate {
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 2
      for index in 0..<3 {
        let operation = QueueFinishingOperation(log: log, finishingOn: .global(), after: 40)
        operation.name = "\(index)"
        queue.addOperation(operation)
      }
    }
    #expect(
      log.lines == [
        "start 0 main=false @0", "start 1 main=false @0", "end 0 @40", "end 1 @40",
        "start 2 main=false @40", "end 2 @80",
      ])
  }

  @Test("an operation whose isFinished takes a queue's sync is read where start() ran")
  func guardedState() throws {
    let log = Log()
    try simulate {
      // Added from app code on a simulated thread, as `addOperation` reads `isFinished` too.
      DispatchQueue.global().async {
        let queue = OperationQueue()
        let operation = GuardedStateOperation(log: log)
        operation.completionBlock = { log.add("completion") }
        queue.addOperation(operation)
      }
    }
    #expect(log.lines == ["done @25", "completion @25"])
  }

  @Test("one whose isFinished reads true before its start is still started by the queue")
  func presetFlags() throws {
    let log = Log()
    try simulate {
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      for index in 0..<2 {
        let operation = PresetFlagsOperation(log: log)
        operation.name = "\(index)"
        operation.completionBlock = { log.add("completion \(index)") }
        queue.addOperation(operation)
      }
    }
    // Foundation's queue goes by its own record, not by the override: both run, one after
    // the other, each ending when it reports isFinished.
    #expect(
      log.lines == [
        "start 0 @0", "finish 0 @20", "completion 0 @20", "start 1 @20", "finish 1 @40",
        "completion 1 @40",
      ])
  }
}

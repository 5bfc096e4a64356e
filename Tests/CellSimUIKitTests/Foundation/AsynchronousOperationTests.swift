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
}

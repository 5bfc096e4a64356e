// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A download operation as OperationQueue tutorials write it: `main()` blocks on the fetch.
final class DownloadOperation: Operation, @unchecked Sendable {
  let url: URL
  let log: Log
  init(url: URL, log: Log) {
    self.url = url
    self.log = log
    super.init()
  }
  override func main() {
    if isCancelled { return }
    let data = try? Data(contentsOf: url)
    log.add("\(url.lastPathComponent) \(data?.count ?? -1)")
  }
}

/// The asynchronous operation tutorials write: KVO calls around its own state.
final class AsyncOperation: Operation, @unchecked Sendable {
  let log: Log
  private var running = false
  private var done = false
  init(log: Log) {
    self.log = log
    super.init()
  }
  override var isAsynchronous: Bool { true }
  override var isExecuting: Bool { running }
  override var isFinished: Bool { done }
  override func start() {
    willChangeValue(forKey: "isExecuting")
    running = true
    didChangeValue(forKey: "isExecuting")
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) {
      self.log.add("async work done")
      self.willChangeValue(forKey: "isFinished")
      self.willChangeValue(forKey: "isExecuting")
      self.running = false
      self.done = true
      self.didChangeValue(forKey: "isExecuting")
      self.didChangeValue(forKey: "isFinished")
    }
  }
}

@Suite("OperationQueue and Operation on simulated queues")
struct OperationQueueTests {
  @Test("operations whose main() blocks on Data(contentsOf:) respect maxConcurrentOperationCount")
  func blockingMain() throws {
    let log = Log()
    var bodies: [String: [UInt8]] = [:]
    for index in 0..<4 { bodies["https://img.test/\(index)"] = [UInt8](repeating: 1, count: index) }
    try simulate(serving: bodies) {
      let queue = OperationQueue()
      queue.name = "downloads"
      queue.maxConcurrentOperationCount = 2
      for index in 0..<4 {
        queue.addOperation(
          DownloadOperation(url: URL(string: "https://img.test/\(index)")!, log: log))
      }
      #expect(queue.operationCount == 4)
    }
    #expect(log.lines == ["0 0 @50", "1 1 @50", "2 2 @100", "3 3 @100"])
  }

  @Test("a suspended queue starts nothing until it is resumed")
  func suspended() throws {
    let log = Log()
    try simulate {
      let queue = OperationQueue()
      queue.isSuspended = true
      queue.addOperation { log.add("ran") }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
        log.add("count \(queue.operationCount)")
        queue.isSuspended = false
      }
    }
    #expect(log.lines == ["count 1 @20", "ran @20"])
  }

  @Test("an asynchronous operation holds its slot until it reports isFinished through KVO")
  func asynchronous() throws {
    let log = Log()
    try simulate {
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      let first = AsyncOperation(log: log)
      first.completionBlock = { log.add("first completion") }
      queue.addOperation(first)
      queue.addOperation { log.add("second") }
    }
    #expect(log.lines == ["async work done @30", "first completion @30", "second @30"])
  }

  @Test("dependencies order operations; a cancelled one never runs main but completes")
  func dependenciesAndCancel() throws {
    let log = Log()
    try simulate {
      let queue = OperationQueue()
      let a = BlockOperation {
        Thread.sleep(forTimeInterval: 0.01)
        log.add("a")
      }
      let b = BlockOperation { log.add("b") }
      let c = BlockOperation { log.add("c") }
      b.addDependency(a)
      c.completionBlock = { log.add("c completion") }
      c.queuePriority = .veryHigh
      queue.addOperations([b, a, c], waitUntilFinished: false)
      c.cancel()
      DispatchQueue.global().async {
        queue.waitUntilAllOperationsAreFinished()
        log.add("all done \(b.isFinished) \(c.isCancelled)")
      }
    }
    #expect(log.lines == ["c completion @0", "a @10", "b @10", "all done true true @10"])
  }

  @Test("a barrier block runs after the operations before it and before those after it")
  func barrierBlock() throws {
    let log = Log()
    try simulate {
      let queue = OperationQueue()
      queue.addOperation {
        Thread.sleep(forTimeInterval: 0.02)
        log.add("slow")
      }
      queue.addOperation {
        Thread.sleep(forTimeInterval: 0.01)
        log.add("fast")
      }
      queue.addBarrierBlock { log.add("barrier") }
      queue.addOperation { log.add("after") }
    }
    #expect(log.lines == ["fast @10", "slow @20", "barrier @20", "after @20"])
  }

  @Test("progress counts operations once its total is set; cancelled ones do not count")
  func queueProgress() throws {
    let log = Log()
    try simulate {
      let untracked = OperationQueue()
      untracked.addOperation {}
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      queue.progress.totalUnitCount = 4
      for delay in [10, 20, 30] {
        queue.addOperation {
          Thread.sleep(forTimeInterval: Double(delay) / 1000)
          log.add("done \(queue.progress.completedUnitCount)")
        }
      }
      let skipped = BlockOperation { log.add("never") }
      skipped.cancel()
      queue.addOperation(skipped)
      queue.addBarrierBlock {
        log.add(
          "barrier sees \(queue.progress.completedUnitCount) of \(queue.progress.totalUnitCount)")
      }
      queue.addBarrierBlock {
        log.add("after \(queue.progress.completedUnitCount) \(queue.progress.fractionCompleted)")
        log.add("untracked \(untracked.progress.completedUnitCount)")
      }
    }
    #expect(
      log.lines == [
        "done 0 @10", "done 1 @30", "done 2 @60", "barrier sees 3 of 4 @60", "after 4 1.0 @60",
        "untracked 0 @60",
      ])
  }

  /// A queue kept by a singleton, as an image downloader keeps its queue.
  static let sharedQueue = OperationQueue()

  @Test("a queue used in two runs has a fresh progress in each")
  func progressPerRun() throws {
    let log = Log()
    for _ in 0..<2 {
      try simulate {
        let queue = Self.sharedQueue
        log.add("total \(queue.progress.totalUnitCount)")
        queue.progress.totalUnitCount = 2
        queue.addOperation {}
        queue.addBarrierBlock { log.add("done \(queue.progress.completedUnitCount)") }
      }
    }
    #expect(log.lines == ["total 0 @0", "done 1 @0", "total 0 @0", "done 1 @0"])
  }

  @Test("OperationQueue.main runs operations on the main thread")
  func mainQueue() throws {
    let log = Log()
    try simulate {
      OperationQueue.main.addOperation { log.add("main=\(Thread.isMainThread)") }
    }
    #expect(log.lines == ["main=true @0"])
  }
}

/// An asynchronous operation whose `start()` checks `isCancelled` first, as Apple asks, and
/// one that does not (a common tutorial shape): the queue calls `start()` of both even when
/// they were cancelled before their turn.
final class CheckedStartOperation: Operation, @unchecked Sendable {
  let log: Log
  let checksCancel: Bool
  private var running = false
  private var done = false
  init(log: Log, checksCancel: Bool) {
    self.log = log
    self.checksCancel = checksCancel
    super.init()
  }
  override var isAsynchronous: Bool { true }
  override var isExecuting: Bool { running }
  override var isFinished: Bool { done }
  override func start() {
    log.add("start \(name ?? "") cancelled=\(isCancelled)")
    if checksCancel && isCancelled {
      finish()
      return
    }
    running = true
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
      self.log.add("work \(self.name ?? "")")
      self.finish()
    }
  }
  func finish() {
    willChangeValue(forKey: "isFinished")
    running = false
    done = true
    didChangeValue(forKey: "isFinished")
  }
}

extension OperationQueueTests {
  @Test("a cancelled operation still gets start() at its turn; the default ends without main()")
  func cancelledOperationsStart() throws {
    let log = Log()
    try simulate {
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      queue.isSuspended = true
      let checked = CheckedStartOperation(log: log, checksCancel: true)
      checked.name = "checked"
      let careless = CheckedStartOperation(log: log, checksCancel: false)
      careless.name = "careless"
      let plain = BlockOperation { log.add("plain main") }
      plain.completionBlock = { log.add("plain completion") }
      queue.addOperations([checked, careless, plain], waitUntilFinished: false)
      queue.cancelAllOperations()
      queue.isSuspended = false
      DispatchQueue.global().async {
        queue.waitUntilAllOperationsAreFinished()
        log.add("finished \(checked.isFinished) \(careless.isFinished) \(plain.isFinished)")
      }
    }
    #expect(
      log.lines == [
        "start checked cancelled=true @0", "start careless cancelled=true @0", "work careless @20",
        "plain completion @20", "finished true true true @20",
      ])
  }
}

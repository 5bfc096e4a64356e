// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// The asynchronous operation as newer tutorials write it: key-path notifications from the
/// state's observers.
final class KeyPathAsyncOperation: Operation, @unchecked Sendable {
  let log: Log
  let label: String
  private var running = false {
    willSet { willChangeValue(for: \.isExecuting) }
    didSet { didChangeValue(for: \.isExecuting) }
  }
  private var done = false {
    willSet { willChangeValue(for: \.isFinished) }
    didSet { didChangeValue(for: \.isFinished) }
  }
  init(_ name: String, log: Log) {
    self.label = name
    self.log = log
    super.init()
  }
  override var isAsynchronous: Bool { true }
  override var isExecuting: Bool { running }
  override var isFinished: Bool { done }
  override func start() {
    running = true
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) {
      self.log.add("\(self.label) done")
      self.running = false
      self.done = true
    }
  }
}

@Suite("Operation's key-path KVO forms")
struct KeyPathOperationTests {
  @Test("didChangeValue(for: \\.isFinished) ends an asynchronous operation like the string form")
  func keyPathEnd() throws {
    let log = Log()
    try simulate {
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      let first = KeyPathAsyncOperation("first", log: log)
      first.completionBlock = { log.add("first completion") }
      queue.addOperation(first)
      queue.addOperation(KeyPathAsyncOperation("second", log: log))
      queue.addOperation { log.add("third") }
    }
    #expect(
      log.lines == [
        "first done @30", "first completion @30", "second done @60", "third @60",
      ])
  }
}

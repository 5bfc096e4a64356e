// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A thread subclass, as pre-GCD decoders wrote them.
final class DecoderThread: Thread, @unchecked Sendable {
  let log: Log
  init(log: Log) {
    self.log = log
    super.init()
  }
  override func main() {
    log.add("subclass main \(Thread.current === self) cancelled \(isCancelled)")
    Thread.sleep(forTimeInterval: 0.05)
    log.add("subclass done \(isExecuting)")
  }
}

@Suite("Threads of the user's own and concurrentPerform, in virtual time")
struct ThreadAndApplyTests {
  @Test("a Thread subclass's main() runs once started, on its own thread")
  func subclassMain() throws {
    let log = Log()
    let thread = Box<DecoderThread?>(nil)
    try simulate {
      DispatchQueue.global().async {
        let decoder = DecoderThread(log: log)
        thread.value = decoder
        log.add("before \(decoder.isExecuting) \(decoder.isFinished)")
        decoder.start()
      }
    }
    #expect(
      log.lines == [
        "before false false @0", "subclass main true cancelled false @0",
        "subclass done true @50",
      ])
    #expect(thread.value?.isFinished == true && thread.value?.isExecuting == false)
  }

  @Test("detachNewThread and Thread(block:) run off main; Thread.current is that thread")
  func detachedThreads() throws {
    let log = Log()
    let started = Box<Thread?>(nil)
    try simulate {
      DispatchQueue.main.async {
        log.add("main \(Thread.current == Thread.main) \(Thread.isMainThread)")
        Thread.detachNewThread {
          log.add(
            "detached \(Thread.current == Thread.main) \(Thread.isMainThread) "
              + "\(Thread.current.isMainThread)")
          Thread.sleep(forTimeInterval: 0.25)
          log.add("woke \(Thread.current != Thread.main)")
        }
        let thread = Thread {
          let current = Thread.current
          current.threadDictionary["cache"] = "warm"
          log.add(
            "own \(current === started.value) \(current.name ?? "nil") "
              + "\(current.qualityOfService == .userInitiated) "
              + "\(current.threadDictionary["cache"] as? String ?? "nil")")
        }
        thread.name = "com.example.image-decoder"
        thread.qualityOfService = .userInitiated
        started.value = thread
        thread.start()
        log.add("started \(thread.isMainThread)")
      }
    }
    #expect(
      log.lines == [
        "main true true @0",
        "detached false false false @0",
        "own true com.example.image-decoder true warm @0",
        "started false @0",
        "woke true @250",
      ])
    #expect(started.value?.isFinished == true)
  }

  @Test("a worker's Thread object is the same on each call; threads are Hashable by identity")
  func identity() throws {
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let first = Thread.current
        log.add("same \(first == Thread.current) main \(first == Thread.main)")
        log.add("set \(Set([first, Thread.current, Thread.main]).count)")
      }
    }
    #expect(log.lines == ["same true main false @0", "set 2 @0"])
  }

  @Test("concurrentPerform runs every iteration once, as wide as the cores, blocking its caller")
  func concurrentPerform() throws {
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let start = virtualMilliseconds()
        let runs = Box([Int](repeating: 0, count: 6))
        let threads = Box(Set<String>())
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 6) { index in
          lock.lock()
          runs.value[index] += 1
          threads.value.insert(Thread.current.name ?? "?")
          lock.unlock()
          Thread.sleep(forTimeInterval: 0.1)
        }
        log.add(
          "runs \(runs.value) took \(virtualMilliseconds() - start) caller busy "
            + "\(threads.value.contains(Thread.current.name ?? "?")) "
            + "rounds \((6 + deviceCores() - 1) / deviceCores())")
        DispatchQueue.concurrentPerform(iterations: 0) { _ in log.add("never") }
      }
    }
    // The default device has 3 cores: 6 iterations of 100 ms run 3 at a time, in 2 rounds
    // (one at a time would take 600 ms).
    #expect(log.lines == ["runs [1, 1, 1, 1, 1, 1] took 200 caller busy false rounds 2 @200"])
  }
}

import SimKernel
import Testing

@testable import SimPlatform

/// Request priority where iOS has it, and the reports `latest_priority_wins` reads.
@Suite("Request priority")
struct PriorityTests {
  func world() -> World {
    var device = DeviceProfile.iPhoneSE
    device.refreshHz = 1
    return World(device: device)
  }

  /// Every priority report the world sends, as text.
  func collect(_ w: World) -> () -> [String] {
    final class Box { var lines: [String] = [] }
    let box = Box()
    w.reports.subscribe { report in
      guard case .priority(let r) = report else { return }
      switch r.kind {
      case .set(let p): box.lines.append("\(r.layer) set \(r.key) \(p)")
      case .ended: box.lines.append("\(r.layer) ended \(r.key)")
      case .started(let e, let waiting):
        box.lines.append(
          "\(r.layer) start \(e.key) \(e.priority) over "
            + waiting.map { "\($0.key)=\($0.priority)" }.joined(separator: ","))
      }
    }
    return { box.lines }
  }

  @Test("a request queue takes the highest priority first, its order among equals")
  func requestQueueOrder() {
    let w = world()
    for order in [RequestQueue<Int>.Order.fifo, .filo] {
      let queue = RequestQueue<Int>(world: w, order: order, capacity: nil)
      queue.push(key: "a", 0)
      queue.push(key: "b", priority: 0.75, 1)
      queue.push(key: "c", 2)
      queue.push(key: "d", priority: 0.75, 3)
      let popped = (0..<4).compactMap { _ in queue.pop()?.key }
      #expect(popped == (order == .fifo ? ["b", "d", "a", "c"] : ["d", "b", "c", "a"]))
    }
  }

  @Test("changing a waiting entry's priority re-orders the request queue")
  func requestQueueReorder() {
    let w = world()
    let lines = collect(w)
    let queue = RequestQueue<Int>(world: w, order: .fifo, capacity: nil)
    for (i, key) in ["a", "b", "c"].enumerated() { queue.push(key: key, i) }
    #expect(queue.setPriority(0.9, forKey: "c") == 1)
    #expect(queue.setPriority(0.9, forKey: "zzz") == 0)
    #expect(queue.priority(forKey: "c") == 0.9)
    #expect(queue.pop()?.key == "c")
    #expect(queue.pop()?.key == "a")
    #expect(
      lines() == [
        "requestQueue set a 0.5", "requestQueue set b 0.5", "requestQueue set c 0.5",
        "requestQueue set c 0.9", "requestQueue start c 0.9 over a=0.5,b=0.5",
        "requestQueue start a 0.5 over b=0.5",
      ])
  }

  @Test("changing a waiting operation's queuePriority re-orders the queue, and is reported")
  func operationReorder() throws {
    let w = world()
    let lines = collect(w)
    let queue = w.operationQueue(name: "q")
    queue.maxConcurrentOperationCount = 1
    queue.isSuspended = true
    var order: [String] = []
    var ops: [SimulatedOperation] = []
    for name in ["a", "b", "c"] {
      let op = SimulatedBlockOperation { _ in order.append(name) }
      op.name = name
      op.queuePriority = .high
      queue.addOperation(op)
      ops.append(op)
    }
    // a: high then low in quick succession; the latest wins.
    ops[0].queuePriority = .low
    queue.isSuspended = false
    try w.run(for: .ms(1))
    #expect(order == ["b", "c", "a"])
    #expect(lines().contains("operation set a 0.25"))
    #expect(lines().contains("operation start b 0.75 over a=0.25,c=0.75"))
    #expect(lines().contains("operation ended a"))
  }

  @Test("Operation.QueuePriority maps onto URLSession's 0…1 scale")
  func levels() {
    #expect(SimulatedOperation.QueuePriority.veryLow.level == 0)
    #expect(SimulatedOperation.QueuePriority.low.level == 0.25)
    #expect(SimulatedOperation.QueuePriority.normal.level == 0.5)
    #expect(SimulatedOperation.QueuePriority.high.level == 0.75)
    #expect(SimulatedOperation.QueuePriority.veryHigh.level == 1)
  }
}

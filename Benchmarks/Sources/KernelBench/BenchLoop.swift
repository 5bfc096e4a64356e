import SimKernel

/// The scheduling interface the workloads use, so that the same code can drive CellSim's
/// `EventLoop` and the heap prototypes in `Prototype/`.
protocol BenchLoop: AnyObject {
  static func make() -> Self
  var now: SimTime { get }
  var eventsRun: Int { get }
  func add(at time: SimTime, _ action: @escaping () -> Void)
  func add(after delay: SimDuration, _ action: @escaping () -> Void)
  func drain()
}

extension EventLoop: BenchLoop {
  static func make() -> EventLoop { EventLoop() }
  func add(at time: SimTime, _ action: @escaping () -> Void) { schedule(at: time, action) }
  func add(after delay: SimDuration, _ action: @escaping () -> Void) {
    schedule(after: delay, action)
  }
  func drain() { try! runUntilIdle() }
}

extension PrototypeLoop: BenchLoop {
  static func make() -> PrototypeLoop { PrototypeLoop() }
  func add(at time: SimTime, _ action: @escaping () -> Void) { schedule(at: time, action) }
  func add(after delay: SimDuration, _ action: @escaping () -> Void) {
    schedule(after: delay, action)
  }
  func drain() { runUntilIdle() }
}

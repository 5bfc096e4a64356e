import Testing

@testable import SimKernel

/// Events with inline payloads (`schedule(at:target:tag:)`, no closure) share the heap and the
/// `(time, seq)` order with closure events; these tests check the two kinds mixed, against a
/// reference model, with cancellation and with the loop's invariants after every step.
@Suite("EventLoop inline payloads")
struct InlinePayloadTests {
  /// Records the tags it is fired with.
  final class Recorder: EventTarget {
    var fired: [Int] = []
    var onFire: ((Int) -> Void)?
    func fire(tag: Int) {
      fired.append(tag)
      onFire?(tag)
    }
  }

  @Test("target and closure events at one instant run in the order they were scheduled")
  func mixedTies() throws {
    let loop = EventLoop()
    let recorder = Recorder()
    var log: [String] = []
    recorder.onFire = { log.append("t\($0)") }
    let at = SimTime(nanoseconds: 7)
    loop.schedule(at: at, target: recorder, tag: 0)
    loop.schedule(at: at) { log.append("c1") }
    loop.schedule(at: at, target: recorder, tag: 2)
    loop.schedule(at: at) {
      log.append("c3")
      loop.schedule(after: .zero, target: recorder, tag: 5)
      loop.schedule(after: .zero) { log.append("c6") }
    }
    loop.schedule(at: at, target: recorder, tag: 4)
    loop._checkInvariants()
    try loop.runUntilIdle()
    #expect(log == ["t0", "c1", "t2", "c3", "t4", "t5", "c6"])
    #expect(loop.eventsRun == 7)
    #expect(loop.pendingCount == 0)
    #expect(loop.now == at)
    loop._checkInvariants()
  }

  @Test("a target event cancelled by an earlier event at the same instant never runs")
  func cancelAtSameInstant() throws {
    let loop = EventLoop()
    let recorder = Recorder()
    let at = SimTime(nanoseconds: 3)
    var victim: EventHandle?
    loop.schedule(at: at) { #expect(loop.cancel(victim!)) }
    victim = loop.schedule(at: at, target: recorder, tag: 1)
    loop.schedule(at: at, target: recorder, tag: 2)
    try loop.runUntilIdle()
    #expect(recorder.fired == [2])
    #expect(!loop.isPending(victim!))
    #expect(!loop.cancel(victim!))
    loop._checkInvariants()
  }

  @Test("the loop holds a target only while its event is pending")
  func targetLifetime() throws {
    let loop = EventLoop()
    weak var cancelledTarget: Recorder?
    weak var firedTarget: Recorder?
    do {
      let first = Recorder()
      let second = Recorder()
      cancelledTarget = first
      firedTarget = second
      let handle = loop.schedule(after: .ns(5), target: first, tag: 0)
      loop.schedule(after: .ns(5), target: second, tag: 0)
      #expect(loop.cancel(handle))
    }
    #expect(cancelledTarget == nil, "a cancelled event still holds its target")
    #expect(firedTarget != nil, "a pending event must keep its target alive")
    try loop.runUntilIdle()
    #expect(firedTarget == nil, "an event that ran still holds its target")
  }

  @Test("a stale handle of a target event cannot cancel the event that reused its slot")
  func staleTargetHandle() throws {
    let loop = EventLoop()
    let recorder = Recorder()
    let first = loop.schedule(after: .ns(1), target: recorder, tag: 1)
    try loop.runUntilIdle()
    let second = loop.schedule(after: .ns(1), target: recorder, tag: 2)
    #expect(first.slot == second.slot, "the test needs the slot to be reused")
    #expect(!loop.cancel(first))
    try loop.runUntilIdle()
    #expect(recorder.fired == [1, 2])
  }

  @Test(
    "mixed target and closure events run in exact (time, seq) order under random cancels",
    arguments: 0..<200)
  func randomizedAgainstModel(seed: Int) throws {
    let loop = EventLoop()
    let recorder = Recorder()
    var random = SeededRandom(seed: UInt64(seed)).stream("inline-payload-model")
    // The model: every scheduled event as (time, order of scheduling, id); cancelled ids.
    var model: [(time: Int64, order: Int, id: Int)] = []
    var cancelled = Set<Int>()
    var handles: [(id: Int, handle: EventHandle)] = []
    var ran: [Int] = []
    var nextID = 0
    func scheduleRandom() {
      let id = nextID
      nextID += 1
      // Few distinct times, so most events tie with others.
      let time = loop.now.nanoseconds + random.int(in: 0...3)
      model.append((time, id, id))
      let handle: EventHandle
      if random.bool(probability: 0.5) {
        handle = loop.schedule(at: SimTime(nanoseconds: time), target: recorder, tag: id)
      } else {
        handle = loop.schedule(at: SimTime(nanoseconds: time)) {
          ran.append(id)
          if random.bool(probability: 0.4) { scheduleRandom() }
        }
      }
      handles.append((id, handle))
    }
    recorder.onFire = { tag in
      ran.append(tag)
      if random.bool(probability: 0.4) { scheduleRandom() }
    }
    for _ in 0..<30 { scheduleRandom() }
    while true {
      if random.bool(probability: 0.15), !handles.isEmpty {
        let pick = handles[Int(random.next(below: UInt64(handles.count)))]
        if loop.cancel(pick.handle) { cancelled.insert(pick.id) }
      }
      guard loop.step() else { break }
      loop._checkInvariants()
      #expect(loop.pendingCount >= 0)
    }
    let expected = model.filter { !cancelled.contains($0.id) }
      .sorted { ($0.time, $0.order) < ($1.time, $1.order) }
      .map(\.id)
    #expect(ran == expected)
    #expect(loop.eventsRun == expected.count)
    #expect(loop.pendingCount == 0)
  }

  @Test(
    "the heap pops the smallest (time, seq) entry every time", arguments: [1, 2, 3, 17, 256, 1000])
  func heapOrder(count: Int) {
    let heap = EventHeap(capacity: 4)
    var random = SeededRandom(seed: UInt64(count)).stream("event-heap")
    var model: [EventLoop.Entry] = []
    var seq: UInt64 = 0
    func popAndCompare() {
      let smallest = model.indices.min { model[$0] < model[$1] }!
      let popped = heap.popMin()
      #expect(popped == model[smallest])
      #expect(popped.seq == model[smallest].seq)
      model.remove(at: smallest)
      heap._checkInvariants()
    }
    for _ in 0..<count {
      // Few distinct times, so most entries tie on time and are ordered by seq.
      let entry = EventLoop.Entry(
        time: random.int(in: 0...Int64(count / 4 + 1)), seq: seq, slot: 0, generation: 0)
      seq += 1
      model.append(entry)
      heap.push(entry)
      heap._checkInvariants()
      // Interleave pops with pushes, as a running loop does.
      if random.bool(probability: 0.3) { popAndCompare() }
    }
    while heap.count > 0 { popAndCompare() }
    #expect(model.isEmpty)
  }
}

import Testing

@testable import SimKernel

@Suite("EventLoop")
struct EventLoopTests {
  @Test("events run in time order, and ties run in scheduling order")
  func ordering() throws {
    let loop = EventLoop()
    var log: [String] = []
    loop.schedule(at: SimTime(nanoseconds: 30)) { log.append("c30") }
    loop.schedule(at: SimTime(nanoseconds: 10)) { log.append("a10") }
    loop.schedule(at: SimTime(nanoseconds: 30)) { log.append("d30") }
    loop.schedule(at: SimTime(nanoseconds: 20)) { log.append("b20") }
    try loop.runUntilIdle()
    #expect(log == ["a10", "b20", "c30", "d30"])
    #expect(loop.now == SimTime(nanoseconds: 30))
  }

  @Test("work scheduled now runs after everything already queued for this instant")
  func nowRunsLast() throws {
    let loop = EventLoop()
    var log: [String] = []
    loop.schedule(at: SimTime(nanoseconds: 5)) {
      log.append("first")
      loop.schedule(after: .zero) { log.append("scheduled-now") }
    }
    loop.schedule(at: SimTime(nanoseconds: 5)) { log.append("second") }
    try loop.runUntilIdle()
    #expect(log == ["first", "second", "scheduled-now"])
  }

  @Test("a cancelled event never runs, and cancelling twice reports false")
  func cancel() throws {
    let loop = EventLoop()
    var ran = false
    let handle = loop.schedule(after: .ms(1)) { ran = true }
    #expect(loop.isPending(handle))
    #expect(loop.cancel(handle))
    #expect(!loop.cancel(handle))
    #expect(!loop.isPending(handle))
    try loop.runUntilIdle()
    #expect(!ran)
    #expect(loop.pendingCount == 0)
  }

  @Test("a stale handle cannot cancel the event that reused its slot")
  func staleHandle() throws {
    let loop = EventLoop()
    let first = loop.schedule(after: .ms(1)) {}
    try loop.runUntilIdle()
    var ran = false
    _ = loop.schedule(after: .ms(1)) { ran = true }
    #expect(!loop.cancel(first))
    try loop.runUntilIdle()
    #expect(ran)
  }

  @Test("a repeating event takes a new seq each time it fires")
  func repeating() throws {
    let loop = EventLoop()
    var log: [String] = []
    let timer = loop.scheduleRepeating(first: SimTime(nanoseconds: 10), every: .ns(10)) {
      log.append("tick@\(loop.now.nanoseconds)")
    }
    // Scheduled before the second firing re-entered the heap, yet after the first: the timer's
    // second firing at t=20 was queued when it fired at t=10, so this one (queued at t=0) runs
    // first.
    loop.schedule(at: SimTime(nanoseconds: 20)) { log.append("other@20") }
    try loop.run(until: SimTime(nanoseconds: 35))
    #expect(log == ["tick@10", "other@20", "tick@20", "tick@30"])
    #expect(loop.cancel(timer))
    try loop.runUntilIdle()
    #expect(log.count == 4)
  }

  @Test("target events interleave with closures in exact (time, seq) order and can be cancelled")
  func targets() throws {
    final class Recorder: EventTarget {
      var log: [String] = []
      func fire(tag: Int) { log.append("t\(tag)") }
    }
    let loop = EventLoop()
    let recorder = Recorder()
    loop.schedule(at: SimTime(nanoseconds: 10), target: recorder, tag: 1)
    loop.schedule(at: SimTime(nanoseconds: 10)) { recorder.log.append("c") }
    let cancelled = loop.schedule(after: .ns(5), target: recorder, tag: 2)
    loop.schedule(at: SimTime(nanoseconds: 10), target: recorder, tag: 3)
    #expect(loop.cancel(cancelled))
    try loop.runUntilIdle()
    #expect(recorder.log == ["t1", "c", "t3"])
    loop._checkInvariants()
  }

  @Test("run(until:) stops at the limit and advances the clock to it")
  func runUntil() throws {
    let loop = EventLoop()
    var log: [Int64] = []
    for t in [5, 10, 15] as [Int64] {
      loop.schedule(at: SimTime(nanoseconds: t)) { log.append(t) }
    }
    try loop.run(until: SimTime(nanoseconds: 10))
    #expect(log == [5, 10])
    #expect(loop.now == SimTime(nanoseconds: 10))
    try loop.run(until: SimTime(nanoseconds: 100))
    #expect(log == [5, 10, 15])
    #expect(loop.now == SimTime(nanoseconds: 100))
  }

  @Test("the runaway guard stops a loop that reschedules itself forever")
  func runaway() {
    let loop = EventLoop(eventLimit: 1_000)
    func again() { loop.schedule(after: .zero, again) }
    again()
    #expect(throws: EventLoopError.runaway(limit: 1_000, at: .zero)) {
      try loop.run(until: SimTime(nanoseconds: 1))
    }
  }

  @Test("_checkInvariants holds after every step of a randomized workload", arguments: 0..<500)
  func invariantsUnderRandomWorkload(seed: Int) throws {
    let loop = EventLoop()
    var random = SeededRandom(seed: UInt64(seed)).stream("event-loop-workload")
    var handles: [EventHandle] = []
    var lastTime = SimTime.zero
    var lastSeqAtTime: [Int] = []
    var order = 0
    func scheduleRandom() {
      let delay = SimDuration(nanoseconds: random.int(in: 0...50))
      let mine = order
      order += 1
      if random.bool(probability: 0.05) {
        handles.append(
          loop.scheduleRepeating(first: loop.now + delay, every: .ns(random.int(in: 1...20))) {})
      } else {
        handles.append(
          loop.schedule(after: delay) {
            #expect(loop.now >= lastTime, "time went backwards")
            if loop.now == lastTime, let previous = lastSeqAtTime.last, previous > mine {
              // Same instant: must run in scheduling order unless it is a repeating firing.
              Issue.record("tie broken out of order at t=\(loop.now)")
            }
            if loop.now != lastTime { lastSeqAtTime.removeAll() }
            lastTime = loop.now
            lastSeqAtTime.append(mine)
            if random.bool(probability: 0.5) { scheduleRandom() }
          })
      }
    }
    for _ in 0..<20 { scheduleRandom() }
    var steps = 0
    while steps < 400 {
      if random.bool(probability: 0.1), !handles.isEmpty {
        let index = Int(random.next(below: UInt64(handles.count)))
        loop.cancel(handles[index])
      }
      if !loop.step() { break }
      loop._checkInvariants()
      steps += 1
    }
  }
}

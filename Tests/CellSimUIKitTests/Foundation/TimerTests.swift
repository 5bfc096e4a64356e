// Written as iOS code where it can be: the timers are made and used as an app does.
import CellSimUIKit
import SimKernel
import SimPlatform
import Testing

/// Puts the calling world's main run loop in `.tracking` from `start` to `end` milliseconds,
/// as a drag and its deceleration do.
private func track(from start: Int64, to end: Int64) {
  guard let world = SimulationContext.world else { return }
  world.loop.schedule(after: .ms(start)) { world.main.setMode(.tracking) }
  world.loop.schedule(after: .ms(end)) { world.main.setMode(.default) }
}

@Suite("Timer and RunLoop in virtual time")
struct TimerTests {
  @Test("a one-shot scheduled timer fires once on the main thread, then is invalid")
  func oneShot() throws {
    let log = Log()
    let kept = Box<Timer?>(nil)
    try simulate {
      DispatchQueue.main.async {
        kept.value = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: false) { timer in
          log.add("fired on \(simulatedThreadName()) valid=\(timer.isValid)")
        }
      }
    }
    #expect(log.lines == ["fired on main valid=true @100"])
    #expect(kept.value?.isValid == false)
    #expect(kept.value?.timeInterval == 0)
  }

  @Test("a repeating timer fires every interval until it invalidates itself")
  func repeating() throws {
    let log = Log()
    let interval = Box<TimeInterval>(-1)
    try simulate {
      DispatchQueue.main.async {
        let count = Box(0)
        let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { timer in
          count.value += 1
          log.add("tick \(count.value)")
          if count.value == 3 { timer.invalidate() }
        }
        interval.value = timer.timeInterval
      }
    }
    #expect(interval.value == 0.1)
    #expect(log.lines == ["tick 1 @100", "tick 2 @200", "tick 3 @300"])
  }

  @Test("a default-mode timer waits while the table scrolls; one in the common modes does not")
  func modes() throws {
    let defaultLog = Log()
    let commonLog = Log()
    try simulate(for: 450) {
      track(from: 50, to: 350)
      let inDefault = Timer(timeInterval: 0.1, repeats: true) { _ in defaultLog.add("default") }
      RunLoop.main.add(inDefault, forMode: .default)
      let common = Timer(timeInterval: 0.1, repeats: true) { _ in commonLog.add("common") }
      RunLoop.main.add(common, forMode: .common)
    }
    // The three firings missed while tracking coalesce into one when tracking ends.
    #expect(defaultLog.lines == ["default @350", "default @400"])
    #expect(commonLog.lines == ["common @100", "common @200", "common @300", "common @400"])
  }

  @Test("adding a timer for the tracking mode too lets it fire in both, on its schedule")
  func addedToSecondMode() throws {
    let log = Log()
    try simulate(for: 250) {
      track(from: 50, to: 1_000)
      let timer = Timer(timeInterval: 0.1, repeats: true) { _ in log.add("tick") }
      RunLoop.main.add(timer, forMode: .default)
      RunLoop.main.add(timer, forMode: .tracking)
    }
    #expect(log.lines == ["tick @100", "tick @200"])
  }

  @Test("a timer scheduled from a queue's block is on a run loop nothing runs: it never fires")
  func backgroundTimerNeverFires() throws {
    let log = Log()
    let kept = Box<Timer?>(nil)
    try simulate {
      DispatchQueue.global().async {
        kept.value = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: false) { _ in
          log.add("fired")
        }
        log.add("current is main: \(RunLoop.current === RunLoop.main)")
      }
    }
    #expect(log.lines == ["current is main: false @0"])
    #expect(kept.value?.isValid == true)
  }

  @Test("fire() runs the block at once; a one-shot timer is then invalid and never fires again")
  func fireNow() throws {
    let log = Log()
    try simulate {
      let timer = Timer(timeInterval: 0.1, repeats: false) { _ in log.add("fired") }
      RunLoop.main.add(timer, forMode: .default)
      timer.fire()
      #expect(!timer.isValid)
      timer.fire()
    }
    #expect(log.lines == ["fired @0"])
  }

  @Test("setting fireDate moves the schedule; an interval of zero becomes 0.0001 s")
  func fireDateAndClamp() throws {
    let log = Log()
    try simulate {
      let timer = Timer(timeInterval: 0.1, repeats: false) { _ in log.add("fired") }
      RunLoop.main.add(timer, forMode: .default)
      #expect(abs(timer.fireDate.timeIntervalSince(Date()) - 0.1) < 1e-6)
      timer.fireDate = Date().addingTimeInterval(0.25)
      let tiny = Timer(timeInterval: 0, repeats: true) { _ in }
      #expect(tiny.timeInterval == 0.0001)
    }
    #expect(log.lines == ["fired @250"])
  }

  @Test("a timer made outside any world counts its interval from when it is added")
  func madeOutsideWorld() throws {
    let log = Log()
    let timer = Timer(timeInterval: 0.1, repeats: false) { _ in log.add("fired") }
    try simulate {
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(30)) {
        RunLoop.main.add(timer, forMode: .default)
      }
    }
    #expect(log.lines == ["fired @130"])
  }

  @Test("RunLoop.main.perform runs in the default mode; with the common modes, while tracking")
  func perform() throws {
    let log = Log()
    try simulate(for: 300) {
      track(from: 0, to: 200)
      RunLoop.main.perform { log.add("default") }
      RunLoop.main.perform(inModes: [.common]) {
        log.add("common, mode \(RunLoop.current.currentMode?.rawValue ?? "none")")
      }
      RunLoop.main.perform(inModes: [RunLoop.Mode("CustomMode")]) { log.add("custom") }
    }
    #expect(log.lines == ["common, mode UITrackingRunLoopMode @0", "default @200"])
  }

  @Test(
    "a worker that waits by running its own run loop returns at once each pass, in virtual time")
  func workerRunsItsRunLoop() throws {
    let log = Log()
    let passes = Box(0)
    try simulate {
      let flag = Box(false)
      DispatchQueue.global().async {
        // Nothing is attached to a worker's run loop: every pass returns false at once.
        while !flag.value {
          if RunLoop.current.run(mode: .default, before: .distantFuture) { log.add("input") }
          passes.value += 1
        }
        RunLoop.current.run()
        RunLoop.current.run(until: Date().addingTimeInterval(10))
        log.add("saw the flag")
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(5)) { flag.value = true }
    }
    // Each pass holds the worker's core for a tenth of a millisecond: the flag set at 5 ms is
    // seen within one pass, and the two calls after it return at once.
    #expect(log.lines == ["saw the flag @5"])
    #expect((50...51).contains(passes.value))
  }

  @Test("running the main run loop from inside itself stops the run with a message")
  func nestedMainRunLoop() async {
    await #expect(processExitsWith: .failure) {
      try simulate {
        DispatchQueue.main.async { RunLoop.current.run(until: Date().addingTimeInterval(1)) }
      }
    }
  }
}

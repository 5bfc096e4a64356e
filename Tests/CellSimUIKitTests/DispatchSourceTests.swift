// Written as iOS code: Dispatch's names are the layer's.
import CellSimUIKit
import Testing

@Suite("DispatchSource: timers, memory pressure and user data, in virtual time")
struct DispatchSourceTests {
  @Test("a timer is inactive until resumed, fires at its deadline and period, and cancels")
  func repeatingTimer() throws {
    let log = Log()
    let holder = Box<(any DispatchSourceTimer)?>(nil)
    try simulate(for: 400) {
      let timer = DispatchSource.makeTimerSource(queue: .main)
      timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(50))
      timer.setEventHandler { log.add("fired \(timer.data) on \(simulatedThreadName())") }
      timer.setCancelHandler { log.add("cancelled") }
      holder.value = timer
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
        log.add("resumed")
        timer.resume()
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(260)) {
        timer.cancel()
        log.add("cancel called, isCancelled \(timer.isCancelled)")
      }
    }
    #expect(
      log.lines == [
        "resumed @20", "fired 1 on main @100", "fired 1 on main @150", "fired 1 on main @200",
        "fired 1 on main @250", "cancel called, isCancelled true @260", "cancelled @260",
      ])
  }

  @Test("firings during a slow handler coalesce into one call; the handler never overlaps itself")
  func coalescing() throws {
    let log = Log()
    try simulate(for: 300) {
      let timer = DispatchSource.makeTimerSource(queue: .global())
      timer.schedule(deadline: .now() + .milliseconds(50), repeating: .milliseconds(50))
      timer.setEventHandler {
        log.add("start \(timer.data)")
        Thread.sleep(forTimeInterval: 0.12)
      }
      timer.activate()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(280)) { timer.cancel() }
    }
    // 50: runs to 170 (firings at 100 and 150 wait); 170: both at once, runs to 290; the
    // firings at 200 and 250 are never delivered: the timer was cancelled at 280.
    #expect(log.lines == ["start 1 @50", "start 2 @170"])
  }

  @Test("a suspended source holds its events; resume delivers them as one")
  func suspendAndUserData() throws {
    let log = Log()
    try simulate(for: 200) {
      let source = DispatchSource.makeUserDataAddSource(queue: .main)
      source.setEventHandler { log.add("data \(source.data)") }
      source.resume()
      source.add(data: 2)
      source.add(data: 3)
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        source.suspend()
        source.add(data: 1)
        source.add(data: 0)  // adds nothing
        source.add(data: 4)
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(30)) { source.resume() }
      let flags = DispatchSource.makeUserDataOrSource(queue: .main)
      flags.setEventHandler { log.add("flags \(flags.data)") }
      flags.activate()
      flags.or(data: 0b01)
      flags.or(data: 0b10)
    }
    #expect(log.lines == ["data 5 @0", "flags 3 @0", "data 5 @30"])
  }

  @Test("a memory-pressure source hears the world's memory warning, with the typed data")
  func memoryPressure() throws {
    let log = Log()
    try simulate(for: 100) {
      let source = DispatchSource.makeMemoryPressureSource(
        eventMask: [.warning, .critical], queue: .main)
      let deaf = DispatchSource.makeMemoryPressureSource(eventMask: .critical, queue: .main)
      source.setEventHandler {
        let event = source.data
        log.add(
          "pressure warning \(event.contains(.warning)) critical \(event.contains(.critical)) mask \(source.mask == [.warning, .critical])"
        )
      }
      deaf.setEventHandler { log.add("critical only") }
      source.resume()
      deaf.resume()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(40)) { deliverMemoryWarning() }
    }
    #expect(log.lines == ["pressure warning true critical false mask true @40"])
  }

  @Test("a source cast to DispatchSource is every kind of source, as in Dispatch's overlay")
  func classConformsToEveryKind() throws {
    let log = Log()
    let kept = Box<(any DispatchSourceMemoryPressure)?>(nil)
    try simulate(for: 100) {
      // The shape of a public image cache (YNImageAsync's MemoryCache).
      if let source: DispatchSourceMemoryPressure = DispatchSource.makeMemoryPressureSource(
        eventMask: .all, queue: .main) as? DispatchSource
      {
        let handler: DispatchSourceProtocol.DispatchSourceHandler = {
          let event: DispatchSource.MemoryPressureEvent = source.data
          if !source.isCancelled { log.add("pressure \(event.contains(.warning))") }
        }
        source.setEventHandler(handler: handler)
        kept.value = source
        source.activate()
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(40)) { deliverMemoryWarning() }
    }
    #expect(log.lines == ["pressure true @40"])
    let timer: (any DispatchSourceTimer)? = kept.value as? DispatchSource
    #expect(timer != nil)
  }
}

@Suite("DispatchSource: a run that ends without cancel leaks nothing")
struct DispatchSourceTearDownTests {
  @Test("a timer whose handler captures it is freed when the world ends")
  func handlerCycleBroken() throws {
    let weakTimer = WeakBox()
    try simulate(for: 100) {
      let timer = DispatchSource.makeTimerSource(queue: .main)
      timer.schedule(deadline: .now(), repeating: .milliseconds(10))
      timer.setEventHandler { _ = timer.data }
      timer.resume()
      weakTimer.value = timer
    }
    #expect(weakTimer.value == nil)
  }
}

/// An object held weakly, to see that it was freed.
final class WeakBox: @unchecked Sendable {
  weak var value: AnyObject?
}

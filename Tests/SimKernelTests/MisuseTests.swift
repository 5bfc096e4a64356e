import SimKernel
import Testing

/// A programmer's misuse of the kernel stops the process with a message that says what was
/// wrong; these exit tests prove it does stop rather than silently doing something else.
@Suite("Kernel API misuse")
struct MisuseTests {
  @Test("scheduling in the past stops the process")
  func scheduleInPast() async {
    await #expect(processExitsWith: .failure) {
      let loop = EventLoop()
      try loop.run(until: SimTime(nanoseconds: 100))
      loop.schedule(at: SimTime(nanoseconds: 50)) {}
    }
  }

  @Test("a negative delay stops the process")
  func negativeDelay() async {
    await #expect(processExitsWith: .failure) {
      EventLoop().schedule(after: .ns(-1)) {}
    }
  }

  @Test("a repeating event with a zero interval stops the process")
  func zeroInterval() async {
    await #expect(processExitsWith: .failure) {
      EventLoop().scheduleRepeating(first: .zero, every: .zero) {}
    }
  }
}

// Written as iOS code: this file imports only the layer (and Testing). Apple's sample
// `ImageURLProtocol` keeps a `DispatchSerialQueue` (iOS 17) and schedules on it with an
// absolute uptime deadline.
import CellSimUIKit
import Testing

@Suite("DispatchSerialQueue")
struct DispatchSerialQueueTests {
  @Test("DispatchSerialQueue(label:) runs its blocks one at a time, in order")
  func serial() throws {
    let log = Log()
    try simulate {
      let queue = DispatchSerialQueue(label: "com.example.loader")
      queue.async {
        Thread.sleep(forTimeInterval: 0.1)
        log.add("first")
      }
      queue.async { log.add("second") }
    }
    #expect(log.lines == ["first @100", "second @100"])
  }

  @Test("an absolute deadline already past in the device's uptime runs at once")
  func pastUptimeDeadline() throws {
    let log = Log()
    try simulate {
      let queue = DispatchSerialQueue(label: "com.apple.imageLoaderURLProtocol")
      queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: 500 * NSEC_PER_MSEC)) {
        log.add("loaded")
      }
    }
    #expect(log.lines == ["loaded @0"])
  }
}

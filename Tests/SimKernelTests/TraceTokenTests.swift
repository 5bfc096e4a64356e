import Testing

@testable import SimKernel

@Suite("Trace tokens")
struct TraceTokenTests {
  @Test("exactly [A-Za-z0-9._/:*?@%+-] is written bare, for every byte value")
  func safeBytes() {
    let safe = Set(
      Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/:*?@%+-".utf8))
    for byte in UInt8.min...UInt8.max {
      #expect(TraceLine.isSafe(byte) == safe.contains(byte), "byte \(byte)")
    }
    // And through a line: a safe token stays bare, any other byte quotes it.
    let trace = Trace(retention: .full)
    trace.record(at: .zero, "t") {
      $0.field("a", "img.test/7.png?x=1")
      $0.field("b", "é")
    }
    #expect(trace.fullText == "t=0 t a=\"img.test/7.png?x=1\" b=\"é\"\n")
  }
}

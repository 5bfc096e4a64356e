import SimKernel
import Testing

@Suite("Durations")
struct SimDurationTests {
  @Test(
    "text durations read exactly",
    arguments: [
      ("250", 250_000_000), ("0.5", 500_000), ("250ms", 250_000_000), ("1.5s", 1_500_000_000),
      ("800us", 800_000), ("800µs", 800_000), ("12ns", 12), (" 2 s ", 2_000_000_000),
      ("0.0000005", 1), ("0.0000004", 0), ("1.0000000005s", 1_000_000_001), ("0", 0),
    ] as [(String, Int64)])
  func parses(text: String, nanoseconds: Int64) throws {
    #expect(try SimDuration(parsing: text).nanoseconds == nanoseconds)
  }

  @Test("bad duration text gives a typed error")
  func rejects() throws {
    #expect(throws: DurationParseError.malformed("fast")) { try SimDuration(parsing: "fast") }
    #expect(throws: DurationParseError.unknownUnit(text: "3h", unit: "h")) {
      try SimDuration(parsing: "3h")
    }
    #expect(throws: DurationParseError.negative("-1ms")) { try SimDuration(parsing: "-1ms") }
    #expect(throws: DurationParseError.outOfRange("99999999999999s")) {
      try SimDuration(parsing: "99999999999999s")
    }
    #expect(throws: DurationParseError.malformed("1.2.3ms")) { try SimDuration(parsing: "1.2.3ms") }
    #expect(throws: DurationParseError.malformed("")) { try SimDuration(parsing: "") }
    #expect(try SimDuration(parsing: "-1ms", allowNegative: true) == .ms(-1))
  }

  @Test(
    "printing picks the largest unit and round-trips",
    arguments: [
      (250_000_000, "250ms"), (1_500_000_000, "1.5s"), (800_000, "800us"), (12, "12ns"),
      (0, "0ns"), (16_666_667, "16.666667ms"), (-2_000_000_000, "-2s"),
      (1_000_000_001, "1.000000001s"),
    ] as [(Int64, String)])
  func prints(nanoseconds: Int64, text: String) throws {
    let d = SimDuration(nanoseconds: nanoseconds)
    #expect(d.description == text)
    #expect(try SimDuration(parsing: text, allowNegative: true) == d)
  }

  @Test("every printed duration parses back to itself")
  func roundTripRandom() throws {
    var random = SeededRandom(seed: 1).stream("durations")
    for _ in 0..<5_000 {
      let d = SimDuration(nanoseconds: random.int(in: -10_000_000_000_000...10_000_000_000_000))
      #expect(try SimDuration(parsing: d.description, allowNegative: true) == d)
    }
  }

  @Test("time arithmetic is exact")
  func arithmetic() {
    let t = SimTime.zero + .ms(250) + .us(3)
    #expect(t.nanoseconds == 250_003_000)
    #expect(t - SimTime(nanoseconds: 3_000) == .ms(250))
    #expect(SimDuration.milliseconds(16.6666667) == .ns(16_666_667))
  }
}

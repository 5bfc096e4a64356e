import SimKernel
import Testing

@Suite("Trace")
struct TraceTests {
  @Test("lines have a stable encoding")
  func encoding() {
    let trace = Trace(retention: .full)
    trace.record(at: SimTime(nanoseconds: 1_500)) { _ in }
    trace.record(at: .zero, "frame") {
      $0.field("n", 12)
      $0.field("late", SimDuration.ms(2))
      $0.field("ok", true)
      $0.field("offset", 12.5)
      $0.field("url", "https://img.test/3.png")
      $0.field("msg", "two words \"q\"\n")
      $0.field("empty", "")
      $0.field("d", hex: 255)
    }
    trace.record(at: SimTime(nanoseconds: 7), "x") { $0.field("neg", -42) }
    #expect(
      trace.fullText == """
        t=1500 event
        t=0 frame n=12 late=2000000 ok=true offset=12.5 url=https://img.test/3.png \
        msg="two words \\"q\\"\\n" empty="" d=00000000000000ff
        t=7 x neg=-42

        """)
  }

  @Test("integers are written as Swift prints them, at every digit count and both extremes")
  func integers() {
    var values: [Int64] = [0, 9, 10, 99, 100, 101, 999, 1_000, .max, .min, .min + 1]
    var power: Int64 = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1, -power, -(power - 1)]
    }
    var random = SeededRandom(seed: 14).stream("trace integers")
    for _ in 0..<2_000 { values.append(Int64(bitPattern: random.next()) >> (random.next() % 64)) }
    let trace = Trace(retention: .full)
    for value in values { trace.record(at: .zero, "n") { $0.field("v", value) } }
    // A kind made at run time, and a dynamic kind needing quotes, are written like static ones.
    trace.record(at: SimTime(nanoseconds: 3), named: "cache.\("hit")")
    trace.record(at: SimTime(nanoseconds: 4), named: "two words")
    let expected = values.map { "t=0 n v=\($0)\n" }.joined() + "t=3 cache.hit\nt=4 \"two words\"\n"
    #expect(trace.fullText == expected)
  }

  @Test("long lines grow the line buffer, and a line recorded while another is written is whole")
  func growthAndNesting() {
    let trace = Trace(retention: .full)
    let long = String(repeating: "a/b_", count: 300)
    trace.record(at: .zero, "outer") {
      $0.field("before", 1)
      trace.record(at: SimTime(nanoseconds: 5), "inner") { $0.field("long", long) }
      $0.field("after", Int64.min)
      $0.field("zero", 0)
    }
    trace.record(at: SimTime(nanoseconds: 9), "again") { $0.field("long", long + "\u{1}") }
    #expect(
      trace.fullText == """
        t=5 inner long=\(long)
        t=0 outer before=1 after=-9223372036854775808 zero=0
        t=9 again long="\(long)\\u{1}"

        """)
  }

  @Test("the digest is FNV-1a 64 of the full text, whatever the retention")
  func digest() {
    let full = Trace(retention: .full)
    let lean = Trace(retention: .digestOnly)
    for trace in [full, lean] {
      for i in 0..<3_000 {
        trace.record(at: SimTime(nanoseconds: Int64(i)), "tick") { $0.field("i", i) }
      }
    }
    var hasher = StableHasher()
    hasher.combine(bytes: full.fullText.utf8)
    #expect(full.digest == hasher.value)
    #expect(lean.digest == full.digest)
    #expect(lean.fullText.isEmpty)
    #expect(full.checkpoints.count == 2)
    #expect(full.checkpoints == lean.checkpoints)
    #expect(full.digestHex.count == 16)
  }

  @Test("a trace that records nothing calls no field writer and keeps the empty digest")
  func none() {
    let trace = Trace(retention: .none)
    var written = 0
    for i in 0..<2_000 {
      trace.record(at: SimTime(nanoseconds: Int64(i)), "tick") {
        written += 1
        $0.field("i", i)
      }
    }
    #expect(written == 0)
    #expect(trace.lineCount == 0)
    #expect(trace.digest == Trace(retention: .digestOnly).digest)
    #expect(trace.checkpoints.isEmpty)
    #expect(trace.fullText.isEmpty)
  }

  @Test("one changed field changes the digest and the checkpoints after it")
  func sensitivity() {
    func run(_ flip: Int) -> Trace {
      let t = Trace()
      for i in 0..<3_000 {
        t.record(at: SimTime(nanoseconds: Int64(i)), "tick") { $0.field("v", i == flip ? -1 : i) }
      }
      return t
    }
    let a = run(-1)
    let b = run(2_000)
    #expect(a.digest != b.digest)
    #expect(a.checkpoints[0] == b.checkpoints[0])
    #expect(a.checkpoints[1] != b.checkpoints[1])
  }
}

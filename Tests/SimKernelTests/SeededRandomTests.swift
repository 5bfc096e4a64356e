import Foundation
import SimKernel
import Testing

@Suite("Seeded random streams")
struct SeededRandomTests {
  func draws(_ stream: RandomStream, _ n: Int) -> [UInt64] {
    var s = stream
    return (0..<n).map { _ in s.next() }
  }

  @Test("a keyed stream does not depend on which other streams were drawn")
  func independence() {
    let random = SeededRandom(seed: 42)
    let alone = draws(random.stream("latency", "https://img.test/3.png", 1), 8)
    var other = random.stream("latency", "https://img.test/2.png", 1)
    for _ in 0..<1_000 { _ = other.next() }
    _ = draws(random.stream("scroll"), 100)
    let after = draws(random.stream("latency", "https://img.test/3.png", 1), 8)
    #expect(alone == after)
  }

  @Test("different keys, seeds and key shapes give different streams")
  func distinct() {
    let a = SeededRandom(seed: 1)
    let b = SeededRandom(seed: 2)
    #expect(draws(a.stream("x", 1), 4) != draws(a.stream("x", 2), 4))
    #expect(draws(a.stream("x", 1), 4) != draws(b.stream("x", 1), 4))
    // "ab" + "c" must not collide with "a" + "bc": parts are length-prefixed.
    #expect(draws(a.stream("ab", "c"), 4) != draws(a.stream("a", "bc"), 4))
    #expect(draws(a.stream("1"), 4) != draws(a.stream(1), 4))
  }

  @Test("streams are pinned: the same seed and key give these exact values in every process")
  func pinned() {
    // If this changes, every recorded digest and finding changes: treat it as a format break.
    var s = SeededRandom(seed: 0).stream("pin")
    let first = s.next()
    #expect(Trace.hex(first) == "fd8cca060c13a945")
  }

  @Test("bounded draws stay in range and are roughly uniform")
  func bounded() {
    var s = SeededRandom(seed: 7).stream("bounded")
    var counts = [Int](repeating: 0, count: 6)
    for _ in 0..<60_000 { counts[Int(s.next(below: 6))] += 1 }
    for c in counts { #expect(abs(c - 10_000) < 500) }
    for _ in 0..<1_000 {
      let v = s.int(in: -3...3)
      #expect((-3...3).contains(v))
    }
  }

  @Test("normal deviates have mean 0 and standard deviation 1")
  func normal() {
    var s = SeededRandom(seed: 9).stream("normal")
    let n = 50_000
    let xs = (0..<n).map { _ in s.normal() }
    let mean = xs.reduce(0, +) / Double(n)
    let variance = xs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n)
    #expect(abs(mean) < 0.02)
    #expect(abs(variance - 1) < 0.03)
  }

  @Test("deterministic log and exp agree with the C library to about 1e-15")
  func math() {
    var s = SeededRandom(seed: 3).stream("math")
    for _ in 0..<20_000 {
      let x = DeterministicMath.exp(s.nextUnit() * 80 - 40)
      let l = DeterministicMath.log(x)
      #expect(abs(l - Foundation.log(x)) <= 1e-14 * max(1, abs(l)))
      let y = s.nextUnit() * 100 - 50
      #expect(abs(DeterministicMath.exp(y) - Foundation.exp(y)) <= 1e-14 * Foundation.exp(y))
    }
    #expect(DeterministicMath.log(1) == 0)
    #expect(DeterministicMath.exp(0) == 1)
    #expect(DeterministicMath.log(0) == -.infinity)
    #expect(DeterministicMath.log(-1).isNaN)
  }
}

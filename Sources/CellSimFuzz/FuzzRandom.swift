/// The fuzzer's own seeded generator: xoshiro256** (Blackman and Vigna, 2018) seeded through
/// SplitMix64, as its authors recommend. Never the system RNG: a case is a pure function of its
/// seed, so a finding's `about:` line is enough to generate the same case again.
package struct FuzzRandom: Sendable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  /// The sequence for `seed`.
  package init(seed: UInt64) {
    var x = seed
    func splitmix() -> UInt64 {
      x &+= 0x9E37_79B9_7F4A_7C15
      return Self.mix(x)
    }
    s0 = splitmix()
    s1 = splitmix()
    s2 = splitmix()
    s3 = splitmix()
  }

  /// The SplitMix64 finaliser, a good 64-bit hash.
  package static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The seed of case `index` of the campaign `campaign`: independent cases, any order.
  package static func caseSeed(campaign: UInt64, index: Int) -> UInt64 {
    mix(campaign &+ 0x9E37_79B9_7F4A_7C15 &* (UInt64(truncatingIfNeeded: index) &+ 1))
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = s3 << 45 | s3 >> 19
    return result
  }

  /// A whole number in `range` (bias below 2⁻³²).
  package mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(((next() >> 32) &* span) >> 32)
  }

  /// True with probability `p`.
  package mutating func chance(_ p: Double) -> Bool {
    Double(next() >> 11) * 0x1p-53 < p
  }

  /// One of `choices`, each as likely as its weight.
  package mutating func weighted<T>(_ choices: [(T, Int)]) -> T {
    let total = choices.reduce(0) { $0 + $1.1 }
    var pick = int(0...(total - 1))
    for (value, weight) in choices {
      if pick < weight { return value }
      pick -= weight
    }
    return choices[choices.count - 1].0
  }

  /// One element of `items` (not empty).
  package mutating func element<T>(_ items: [T]) -> T {
    items[int(0...(items.count - 1))]
  }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast, seeded generator. The fixtures use it
/// instead of system randomness so that every run writes the same images.
package struct SplitMix64: Sendable {
  private var state: UInt64

  /// Starts the sequence for `seed`.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// A value in `0 ..< bound` (`bound` ≥ 1), by multiply-shift (bias below 2⁻³²).
  package mutating func next(below bound: Int) -> Int {
    precondition(bound >= 1)
    return Int(((next() >> 32) &* UInt64(bound)) >> 32)
  }

  /// A value in [0, 1) with 53 random bits.
  package mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// The SplitMix64 finaliser: a good 64-bit hash of `value`, used for lattice noise.
  package static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

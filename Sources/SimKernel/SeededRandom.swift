/// A part of a random-stream key: a string or an integer.
package protocol RandomStreamKey {
  /// Feeds the part, tagged by kind, into a stable hash.
  func feed(into hasher: inout StableHasher)
}

extension String: RandomStreamKey {
  package func feed(into hasher: inout StableHasher) {
    hasher.combine(byte: 0x53)
    hasher.combine(UInt64(utf8.count))
    for byte in utf8 { hasher.combine(byte: byte) }
  }
}

extension Int: RandomStreamKey {
  package func feed(into hasher: inout StableHasher) {
    hasher.combine(byte: 0x49)
    hasher.combine(UInt64(bitPattern: Int64(self)))
  }
}

extension UInt64: RandomStreamKey {
  package func feed(into hasher: inout StableHasher) {
    hasher.combine(byte: 0x55)
    hasher.combine(self)
  }
}

/// The source of all randomness in a run: a run seed from which keyed streams derive.
///
/// `stream("latency", url, attempt)` depends only on the run seed and the key, never on which
/// other streams were drawn or in what order. Deleting one request from a scenario therefore
/// leaves every other request's latency unchanged, which the shrinker relies on.
package struct SeededRandom: Sendable {
  /// The run seed.
  package let seed: UInt64

  /// Creates the randomness of a run with the given seed.
  package init(seed: UInt64) { self.seed = seed }

  /// A fresh stream for `key`: the same key always starts the same sequence.
  package func stream(_ key: any RandomStreamKey...) -> RandomStream {
    stream(key: key)
  }

  /// A fresh stream for the key parts in `key`.
  package func stream(key: [any RandomStreamKey]) -> RandomStream {
    var hasher = StableHasher()
    for part in key { part.feed(into: &hasher) }
    var mixer = SplitMix64(state: SplitMix64.mix(seed) ^ hasher.value)
    return RandomStream(
      s0: mixer.next(), s1: mixer.next(), s2: mixer.next(), s3: mixer.next())
  }
}

/// A xoshiro256** generator: fast, 256 bits of state, and identical output on every platform.
public struct RandomStream: RandomNumberGenerator, Sendable {
  var s0: UInt64
  var s1: UInt64
  var s2: UInt64
  var s3: UInt64

  init(s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64) {
    // An all-zero state would stay zero forever; SplitMix64 never yields four zeros, but guard.
    self.s0 = (s0 | s1 | s2 | s3) == 0 ? 0x9E37_79B9_7F4A_7C15 : s0
    self.s1 = s1
    self.s2 = s2
    self.s3 = s3
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    let result = rotl(s1 &* 5, 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotl(s3, 45)
    return result
  }

  func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

  /// A uniform double in [0, 1) with 53 random bits.
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A uniform integer in `0 ..< bound` without modulo bias (Lemire's method). `bound` > 0.
  public mutating func next(below bound: UInt64) -> UInt64 {
    precondition(bound > 0, "RandomStream.next(below:): bound must be positive")
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
    }
    return product.high
  }

  /// A uniform integer in `range`.
  public mutating func int(in range: ClosedRange<Int64>) -> Int64 {
    let span = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
    if span == 0 { return Int64(bitPattern: next()) }
    return range.lowerBound &+ Int64(bitPattern: next(below: span))
  }

  /// True with probability `p`.
  public mutating func bool(probability p: Double) -> Bool { nextUnit() < p }

  /// A standard normal deviate (Marsaglia's polar method, using only IEEE basic operations and
  /// CellSim's own logarithm, so results are identical on every machine).
  public mutating func normal() -> Double {
    while true {
      let u = 2 * nextUnit() - 1
      let v = 2 * nextUnit() - 1
      let s = u * u + v * v
      if s > 0 && s < 1 {
        return u * (-2 * DeterministicMath.log(s) / s).squareRoot()
      }
    }
  }
}

/// SplitMix64, used to expand seeds and to mix keys into them.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator state.
  package var state: UInt64

  /// Creates a generator with the given state.
  package init(state: UInt64) { self.state = state }

  /// The next 64 bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return SplitMix64.mix(state)
  }

  /// SplitMix64's finalizer: a bijective 64-bit mix.
  package static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// FNV-1a 64-bit hashing: stable across processes, unlike `Hasher`, which Swift seeds per
/// process.
package struct StableHasher: Sendable {
  /// The hash so far.
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// A fresh hasher.
  package init() {}

  /// Folds one byte in.
  package mutating func combine(byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
  }

  /// Folds the 8 bytes of `word` in, little-endian.
  package mutating func combine(_ word: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      combine(byte: UInt8(truncatingIfNeeded: word >> shift))
    }
  }

  /// Folds `bytes` in.
  ///
  /// Contiguous bytes (an array, a slice) are folded through their buffer: called from another
  /// module this function is not specialized, and its generic loop cost hundreds of
  /// instructions a byte (the oracle's prefix index, megabytes per run, took 97 % of a run).
  package mutating func combine<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
    let folded: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      for byte in buffer { combine(byte: byte) }
    }
    if folded == nil {
      for byte in bytes { combine(byte: byte) }
    }
  }
}

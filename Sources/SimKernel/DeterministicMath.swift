/// `log` and `exp` written with IEEE basic operations only, so every machine and C library
/// gives bit-identical results (the platform's libm may differ in the last bit between
/// versions, and a latency draw must not).
///
/// Accuracy is within a few ULP over the ranges the simulator uses, which is plenty for model
/// parameters; determinism is the point.
package enum DeterministicMath {
  static let ln2Hi = 6.931_471_803_691_238_164_90e-01
  static let ln2Lo = 1.908_214_929_270_587_700_02e-10

  /// The natural logarithm of a positive, finite `x`. Returns -infinity for 0 and NaN for
  /// negative input.
  package static func log(_ x: Double) -> Double {
    if x.isNaN || x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x.isInfinite { return x }
    // x = m · 2^e with m in [sqrt(1/2), sqrt(2)).
    var e = Double(x.exponent)
    var m = x.significand  // in [1, 2)
    if m > 1.414_213_562_373_095_1 {
      m /= 2
      e += 1
    }
    // log(m) = 2·atanh(s), s = (m-1)/(m+1), |s| < 0.1716.
    let s = (m - 1) / (m + 1)
    let s2 = s * s
    var term = s
    var sum = 0.0
    var k = 1.0
    for _ in 0..<14 {
      sum += term / k
      term *= s2
      k += 2
    }
    return (e * ln2Hi + 2 * sum) + e * ln2Lo
  }

  /// e raised to `x`. Overflows to +infinity above about 709.78 and underflows to 0.
  package static func exp(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.78 { return .infinity }
    if x < -745.13 { return 0 }
    // x = k·ln2 + r, |r| ≤ ln2/2.
    let k = (x / (ln2Hi + ln2Lo)).rounded()
    let r = (x - k * ln2Hi) - k * ln2Lo
    // Taylor series of e^r to 20 terms, evaluated in Horner form.
    var result = 1.0
    var n = 20.0
    while n >= 1 {
      result = 1 + r * result / n
      n -= 1
    }
    return Double(sign: .plus, exponent: Int(k), significand: result)
  }

  /// `base` raised to `power` for positive `base`, via `exp(power · log(base))`.
  package static func pow(_ base: Double, _ power: Double) -> Double {
    if power == 0 { return 1 }
    if base == 0 { return 0 }
    return exp(power * log(base))
  }
}

/// A deterministic photo-like test image: a sky-to-ground gradient, value-noise texture and
/// shading, fine grain, a few hard-edged shapes, and an alpha channel that fades out towards the corners
/// with a transparent hole.
///
/// Pixels are computed with +, −, × and ÷ on `Double` only (no `sin`, `exp` or `pow`, whose
/// results can differ between C libraries), so the same seed gives the same samples everywhere.
package struct SyntheticPhoto: Sendable {
  /// Width in pixels.
  package let width: Int
  /// Height in pixels.
  package let height: Int
  /// The seed every random choice derives from.
  package let seed: UInt64
  private let top: (Double, Double, Double)
  private let bottom: (Double, Double, Double)
  private let shapes: [Shape]

  private struct Shape {
    var isCircle: Bool
    var centerX: Double
    var centerY: Double
    var radiusX: Double
    var radiusY: Double
    var color: (Double, Double, Double)

    func contains(u: Double, v: Double) -> Bool {
      let dx = (u - centerX) / radiusX
      let dy = (v - centerY) / radiusY
      return isCircle ? dx * dx + dy * dy <= 1 : abs(dx) <= 1 && abs(dy) <= 1
    }
  }

  /// Chooses the palette and shapes for `seed`; nothing is rendered until ``render(row:into:)``.
  package init(width: Int, height: Int, seed: UInt64) {
    precondition(width > 0 && height > 0)
    self.width = width
    self.height = height
    self.seed = seed
    var random = SplitMix64(seed: seed)
    let color = { (random: inout SplitMix64) in
      (random.nextUnit(), random.nextUnit(), random.nextUnit())
    }
    top = color(&random)
    bottom = color(&random)
    shapes = (0..<6).map { _ in
      Shape(
        isCircle: random.next(below: 2) == 0, centerX: random.nextUnit(),
        centerY: random.nextUnit(), radiusX: 0.05 + 0.2 * random.nextUnit(),
        radiusY: 0.05 + 0.2 * random.nextUnit(), color: color(&random))
    }
  }

  /// Writes row `y` as 16-bit RGBA samples (`width × 4` values, 0 ... 65535) into `samples`.
  package func render(row y: Int, into samples: UnsafeMutableBufferPointer<UInt16>) {
    let v = (Double(y) + 0.5) / Double(height)
    for x in 0..<width {
      let u = (Double(x) + 0.5) / Double(width)
      var (red, green, blue) = mix(top, bottom, v)
      for shape in shapes where shape.contains(u: u, v: v) {
        (red, green, blue) = mix((red, green, blue), shape.color, 0.85)
      }
      let texture = noise(u: u, v: v)
      let shade = 0.55 + 0.6 * texture + grain(x: x, y: y)
      let alpha = alphaAt(u: u, v: v)
      let index = x * 4
      samples[index] = Self.quantize(red * shade)
      samples[index + 1] = Self.quantize(green * shade)
      samples[index + 2] = Self.quantize(blue * shade)
      samples[index + 3] = Self.quantize(alpha)
    }
  }

  /// Per-pixel sensor-like grain in ±0.02, so files compress like photos rather than drawings.
  private func grain(x: Int, y: Int) -> Double {
    let key = seed ^ (UInt64(truncatingIfNeeded: y) << 32 | UInt64(truncatingIfNeeded: x))
    return (Double(SplitMix64.mix(key) >> 11) * 0x1p-53 - 0.5) * 0.04
  }

  /// Three octaves of value noise in [0, 1).
  private func noise(u: Double, v: Double) -> Double {
    var total = 0.0
    var amplitude = 0.5
    var frequency = 6.0
    for octave in 0..<3 {
      total += amplitude * valueNoise(x: u * frequency, y: v * frequency, octave: UInt64(octave))
      amplitude *= 0.5
      frequency *= 3.0
    }
    return total / 0.875
  }

  private func valueNoise(x: Double, y: Double, octave: UInt64) -> Double {
    let cellX = x.rounded(.down)
    let cellY = y.rounded(.down)
    let fx = smooth(x - cellX)
    let fy = smooth(y - cellY)
    let ix = Int64(cellX)
    let iy = Int64(cellY)
    let a = lattice(ix, iy, octave)
    let b = lattice(ix + 1, iy, octave)
    let c = lattice(ix, iy + 1, octave)
    let d = lattice(ix + 1, iy + 1, octave)
    return (a + (b - a) * fx) + ((c + (d - c) * fx) - (a + (b - a) * fx)) * fy
  }

  private func lattice(_ x: Int64, _ y: Int64, _ octave: UInt64) -> Double {
    let key = seed &+ UInt64(bitPattern: x) &* 0x9E37_79B9 &+ UInt64(bitPattern: y) &* 0x85EB_CA6B
    return Double(SplitMix64.mix(key ^ (octave << 56)) >> 11) * 0x1p-53
  }

  private func smooth(_ t: Double) -> Double { t * t * (3 - 2 * t) }

  /// Opaque in the middle, fading to transparent in the corners, with a transparent hole.
  private func alphaAt(u: Double, v: Double) -> Double {
    let dx = u - 0.5
    let dy = v - 0.5
    let distance = dx * dx + dy * dy
    let hole = (u - 0.8) * (u - 0.8) + (v - 0.25) * (v - 0.25)
    if hole < 0.004 { return 0 }
    if distance < 0.16 { return 1 }
    return max(0, 1 - (distance - 0.16) / 0.09)
  }

  private func mix(
    _ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double
  ) -> (Double, Double, Double) {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
  }

  private static func quantize(_ value: Double) -> UInt16 {
    UInt16(max(0, min(65535, (value * 65535).rounded())))
  }
}

import PNGRender

/// Converts 16-bit RGBA photo rows to one PNG sample layout, and computes what a decoder must
/// produce from those samples.
struct SampleConverter {
  /// The layout being written.
  let format: FixtureFormat
  /// RGB triples (colour type 3).
  private(set) var palette: [UInt8] = []
  /// Alpha per palette entry, for a palette tRNS.
  private var paletteAlpha: [UInt8] = []
  /// The transparent stored sample values (gray in `.0`), for a gray or RGB tRNS.
  private var transparentValue: (UInt16, UInt16, UInt16)?

  /// Prepares the palette or tRNS value `format` needs for `photo`.
  init(format: FixtureFormat, photo: SyntheticPhoto) {
    self.format = format
    if format.colorType == .palette { makePalette() }
    if format.transparency && format.colorType != .palette {
      // The stored value of the centre pixel: its neighbours often share it.
      let row = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: photo.width * 4)
      defer { row.deallocate() }
      photo.render(row: photo.height / 2, into: row)
      let x = photo.width / 2 * 4
      let rgb = (row[x], row[x + 1], row[x + 2])
      transparentValue =
        format.colorType == .gray
        ? (stored(luma(rgb)), 0, 0) : (stored(rgb.0), stored(rgb.1), stored(rgb.2))
    }
  }

  /// The tRNS chunk to write, if any.
  var transparency: PNGTransparency? {
    if format.colorType == .palette {
      return format.transparency ? .paletteAlpha(paletteAlpha) : nil
    }
    guard let value = transparentValue else { return nil }
    return format.colorType == .gray
      ? .gray(value.0) : .rgb(red: value.0, green: value.1, blue: value.2)
  }

  /// Writes one row of stored samples and the matching expected RGBA8 pixels.
  func convert(
    row: UnsafeBufferPointer<UInt16>, samples: UnsafeMutableRawBufferPointer,
    expected: UnsafeMutableRawPointer
  ) {
    var packer = BitPacker(bytes: samples, depth: format.bitDepth)
    let out = expected.assumingMemoryBound(to: UInt8.self)
    for x in 0..<(row.count / 4) {
      let rgb = (row[x * 4], row[x * 4 + 1], row[x * 4 + 2])
      let alpha = row[x * 4 + 3]
      let pixel: (UInt8, UInt8, UInt8, UInt8)
      switch format.colorType {
      case .gray, .grayAlpha:
        let gray = stored(luma(rgb))
        packer.append(gray)
        let eight = toEight(gray)
        var alpha8: UInt8 = 255
        if format.colorType == .grayAlpha {
          let storedAlpha = stored(alpha)
          packer.append(storedAlpha)
          alpha8 = toEight(storedAlpha)
        } else if let value = transparentValue, value.0 == gray {
          alpha8 = 0
        }
        pixel = (eight, eight, eight, alpha8)
      case .rgb, .rgba:
        let samples = (stored(rgb.0), stored(rgb.1), stored(rgb.2))
        packer.append(samples.0)
        packer.append(samples.1)
        packer.append(samples.2)
        var alpha8: UInt8 = 255
        if format.colorType == .rgba {
          let storedAlpha = stored(alpha)
          packer.append(storedAlpha)
          alpha8 = toEight(storedAlpha)
        } else if let value = transparentValue, value == samples {
          alpha8 = 0
        }
        pixel = (toEight(samples.0), toEight(samples.1), toEight(samples.2), alpha8)
      case .palette:
        let index = paletteIndex(rgb)
        packer.append(UInt16(index))
        let alpha8 = format.transparency && index < paletteAlpha.count ? paletteAlpha[index] : 255
        pixel = (palette[index * 3], palette[index * 3 + 1], palette[index * 3 + 2], alpha8)
      }
      (out[x * 4], out[x * 4 + 1], out[x * 4 + 2], out[x * 4 + 3]) = pixel
    }
  }

  /// Rec. 601 luma of 16-bit RGB, in 16 bits.
  private func luma(_ rgb: (UInt16, UInt16, UInt16)) -> UInt16 {
    let red: Int = 299 * Int(rgb.0)
    let green: Int = 587 * Int(rgb.1)
    let blue: Int = 114 * Int(rgb.2)
    return UInt16((red + green + blue + 500) / 1000)
  }

  /// A 16-bit value reduced to the format's bit depth (its high bits).
  private func stored(_ value: UInt16) -> UInt16 {
    format.bitDepth == 16 ? value : value >> (16 - format.bitDepth)
  }

  /// What the decoder makes of a stored sample: sub-byte gray scaled to 0...255 (libpng's
  /// expansion: 1-bit × 255, 2-bit × 85, 4-bit × 17), 16-bit reduced to its high byte.
  private func toEight(_ value: UInt16) -> UInt8 {
    switch format.bitDepth {
    case 16: UInt8(value >> 8)
    case 8: UInt8(value)
    default: UInt8(Int(value) * 255 / ((1 << format.bitDepth) - 1))
    }
  }

  /// 8-bit palettes are a 6×6×6 colour cube; smaller ones a tinted ramp indexed by luma.
  private mutating func makePalette() {
    if format.bitDepth == 8 {
      for index in 0..<216 {
        palette += [index / 36, index / 6 % 6, index % 6].map { UInt8($0 * 51) }
      }
      // Entries whose red level is 0 are transparent and 1 half transparent; the list stops
      // there, so the remaining entries are opaque (a short tRNS).
      paletteAlpha = (0..<72).map { $0 < 36 ? 0 : 128 }
    } else {
      let count = 1 << format.bitDepth
      for index in 0..<count {
        let level = index * 255 / (count - 1)
        palette += [UInt8(level), UInt8(level * 3 / 4 + 32), UInt8(255 - level / 2)]
      }
      // The darker half of the ramp fades from transparent towards opaque.
      paletteAlpha = (0..<max(1, count / 2)).map { UInt8($0 * 255 / max(1, count / 2)) }
    }
  }

  private func paletteIndex(_ rgb: (UInt16, UInt16, UInt16)) -> Int {
    if format.bitDepth == 8 {
      let level = { (value: UInt16) in (Int(value >> 8) * 5 + 127) / 255 }
      return level(rgb.0) * 36 + level(rgb.1) * 6 + level(rgb.2)
    }
    return Int(luma(rgb) >> (16 - format.bitDepth))
  }
}

/// Writes samples of 1, 2, 4, 8 or 16 bits into a row, high bits first, 16-bit big-endian.
struct BitPacker {
  private let bytes: UnsafeMutableRawBufferPointer
  private let depth: Int
  private var bit = 0

  /// Starts packing into `bytes` (zeroed first) at `depth` bits per sample.
  init(bytes: UnsafeMutableRawBufferPointer, depth: Int) {
    self.bytes = bytes
    self.depth = depth
    bytes.initializeMemory(as: UInt8.self, repeating: 0)
  }

  /// Appends one sample, which must fit in `depth` bits.
  mutating func append(_ value: UInt16) {
    let byte = bit / 8
    switch depth {
    case 16:
      bytes[byte] = UInt8(value >> 8)
      bytes[byte + 1] = UInt8(value & 0xFF)
    case 8:
      bytes[byte] = UInt8(value)
    default:
      let shift = 8 - depth - bit % 8
      bytes[byte] |= UInt8(value) << shift
    }
    bit += depth
  }
}

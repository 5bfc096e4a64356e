import ArgumentParser
import Foundation
import PNGRender
import Scenarios

/// `cellsim decode FILE.png`: decodes one PNG with the render path's decoder and reports what it
/// is, its digests and how long the decode took. Invalid input exits with status 2 and the typed
/// error on stderr.
struct DecodeCommand: ParsableCommand {
  /// The subcommand name, abstract and exit-status discussion.
  static let configuration = CommandConfiguration(
    commandName: "decode",
    abstract: "Decode a PNG and print its size, format, digests and decode time.",
    discussion: """
      The file is decoded to RGBA8 (straight alpha, raw samples, 16-bit samples keep their high \
      byte). rgba8_crc32 is the CRC-32 of the full-size RGBA8 buffer. With --max-pixel-size the \
      image is also decoded scaled down (streaming, area averaging) so its longer side is at \
      most N pixels. Exit status: 0 decoded, 2 invalid or unreadable file.
      """
  )

  /// The file to decode.
  @Argument(help: "The PNG file to decode.")
  var file: String

  /// The longer side of the optional scaled decode.
  @Option(help: "Also decode scaled down so the longer side is at most N pixels (N ≥ 1).")
  var maxPixelSize: Int?

  /// Where to write the decoded image as a PNG.
  @Option(help: "Write the decoded image (scaled, if --max-pixel-size is given) as an RGBA8 PNG.")
  var out: String?

  /// Machine output.
  @Flag(help: "Print one JSON object instead of text.")
  var json = false

  /// Rejects a maximum pixel size below 1 as a usage error.
  func validate() throws {
    if let maxPixelSize, maxPixelSize < 1 {
      throw ValidationError("--max-pixel-size must be at least 1, not \(maxPixelSize).")
    }
  }

  /// Decodes, prints the report, and exits 2 on invalid input.
  func run() throws {
    try OutputPath.require("decode", files: [("--out", out)])
    if let problem = InputFile.problem(file) { try fail("cannot read \(file): \(problem)") }
    let bytes: [UInt8]
    do {
      bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    } catch {
      try fail("cannot read \(file): \(error.localizedDescription)")
    }
    do {
      let report = try DecodeReport.make(file: file, bytes: bytes, maxPixelSize: maxPixelSize)
      if let out {
        let written = try PNGEncoder.encode(report.outputBitmap)
        try Data(written).write(to: URL(fileURLWithPath: out))
      }
      print(json ? report.json() : report.text())
    } catch let error as PNGError {
      try fail("\(file): \(error)")
    }
  }

  /// Prints `message` to stderr and exits with status 2 (invalid input).
  private func fail(_ message: String) throws -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    throw ExitCode(2)
  }
}

/// What `cellsim decode` found out about one file.
struct DecodeReport: Encodable {
  /// The path as given.
  var file: String
  /// Full-size width.
  var width: Int
  /// Full-size height.
  var height: Int
  /// IHDR colour type, for example `rgb`.
  var colorType: String
  /// IHDR bit depth.
  var bitDepth: Int
  /// Whether the file is Adam7-interlaced.
  var interlaced: Bool
  /// FNV-1a 64 of the file bytes, 16 hex digits.
  var contentDigest: String
  /// CRC-32 of the full-size RGBA8 buffer, 8 lowercase hex digits.
  var rgba8Crc32: String
  /// Wall time of the full-size decode.
  var decodeMs: Double
  /// The scaled decode, if requested.
  var scaled: Scaled?
  /// The bitmap --out writes (scaled when requested); not in the JSON.
  var outputBitmap: Bitmap

  /// The scaled decode, when --max-pixel-size was given.
  struct Scaled: Encodable {
    /// Scaled width.
    var width: Int
    /// Scaled height.
    var height: Int
    /// `streaming` or `full-then-resample`.
    var method: String
    /// Planned working memory of the scaled decode.
    var workingBytes: Int
    /// CRC-32 of the scaled RGBA8 buffer.
    var rgba8Crc32: String
    /// Wall time of the scaled decode.
    var decodeMs: Double
  }

  /// JSON keys of the report.
  enum CodingKeys: String, CodingKey {
    case file, width, height
    case colorType = "color_type"
    case bitDepth = "bit_depth"
    case interlaced
    case contentDigest = "content_digest"
    case rgba8Crc32 = "rgba8_crc32"
    case decodeMs = "decode_ms"
    case scaled
  }

  /// Decodes `bytes` (and a scaled copy when `maxPixelSize` is set), timing each.
  static func make(file: String, bytes: [UInt8], maxPixelSize: Int?) throws(PNGError)
    -> DecodeReport
  {
    let decoder = PNGDecoder()
    let clock = ContinuousClock()  // allowed: CLI timing
    let start = clock.now  // allowed: CLI timing
    let image = try decoder.decode(bytes)
    let fullTime = milliseconds(clock.now - start)  // allowed: CLI timing
    var report = DecodeReport(
      file: file, width: image.header.width, height: image.header.height,
      colorType: image.header.colorType.description, bitDepth: image.header.bitDepth,
      interlaced: image.header.interlaced, contentDigest: ContentDigest(of: bytes).description,
      rgba8Crc32: CRC32.hex(image.bitmap.rgba8CRC32), decodeMs: fullTime, scaled: nil,
      outputBitmap: image.bitmap)
    if let maxPixelSize {
      let scaledStart = clock.now  // allowed: CLI timing
      let scaled = try decoder.decode(bytes, target: .maxPixelSize(maxPixelSize))
      let scaledTime = milliseconds(clock.now - scaledStart)  // allowed: CLI timing
      report.scaled = Scaled(
        width: scaled.bitmap.width, height: scaled.bitmap.height,
        method: scaled.plan.method.rawValue, workingBytes: scaled.plan.workingBytes,
        rgba8Crc32: CRC32.hex(scaled.bitmap.rgba8CRC32), decodeMs: scaledTime)
      report.outputBitmap = scaled.bitmap
    }
    return report
  }

  private static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1e3 + Double(attoseconds) / 1e15 * 1000).rounded() / 1000
  }

  /// Encodes every field except the bitmap.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(file, forKey: .file)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(colorType, forKey: .colorType)
    try container.encode(bitDepth, forKey: .bitDepth)
    try container.encode(interlaced, forKey: .interlaced)
    try container.encode(contentDigest, forKey: .contentDigest)
    try container.encode(rgba8Crc32, forKey: .rgba8Crc32)
    try container.encode(decodeMs, forKey: .decodeMs)
    try container.encodeIfPresent(scaled, forKey: .scaled)
  }

  /// One JSON object with sorted keys.
  func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// One `name: value` line per field.
  func text() -> String {
    var lines = [
      "file: \(file)",
      "size: \(width)×\(height)",
      "color type: \(colorType)",
      "bit depth: \(bitDepth)",
      "interlace: \(interlaced ? "adam7" : "none")",
      "content digest: \(contentDigest)",
      "rgba8 crc32: \(rgba8Crc32)",
      "decode time: \(decodeMs) ms",
    ]
    if let scaled {
      lines += [
        "scaled size: \(scaled.width)×\(scaled.height) (\(scaled.method))",
        "scaled working bytes: \(scaled.workingBytes)",
        "scaled rgba8 crc32: \(scaled.rgba8Crc32)",
        "scaled decode time: \(scaled.decodeMs) ms",
      ]
    }
    return lines.joined(separator: "\n")
  }
}

package import PNGRender

/// What a conforming decoder must do with a fixture.
package enum FixtureExpectation: Sendable, Hashable, CustomStringConvertible {
  /// Decodes to `width` × `height` RGBA8 pixels whose CRC-32 is `crc32`.
  case decodes(width: Int, height: Int, crc32: UInt32)
  /// Fails with this kind of ``PNGError``.
  case fails(PNGError.Kind)

  /// For example `decodes 63×45 rgba8_crc32=0da28714` or `fails truncated`.
  package var description: String {
    switch self {
    case .decodes(let width, let height, let crc):
      "decodes to \(width)×\(height), rgba8_crc32 \(CRC32.hex(crc))"
    case .fails(let kind): "fails with \(kind)"
    }
  }
}

/// One generated file: its name, what it is, its bytes and the expected decode outcome.
package struct Fixture: Sendable {
  /// File name, for example `rgb-16bit-adam7.png`.
  package var name: String
  /// One line saying what the file is.
  package var summary: String
  /// The PNG (or deliberately broken) bytes.
  package var bytes: [UInt8]
  /// The outcome a decoder must produce.
  package var expectation: FixtureExpectation

  /// Creates a fixture.
  package init(name: String, summary: String, bytes: [UInt8], expectation: FixtureExpectation) {
    self.name = name
    self.summary = summary
    self.bytes = bytes
    self.expectation = expectation
  }
}

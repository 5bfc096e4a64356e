import Foundation
import PNGRender
import TestSupport
import Testing

@Suite("cellsim decode and cellsim fixtures")
struct DecodeCLITests {
  static let generated = Repository.root.appendingPathComponent("Fixtures/generated")

  /// The committed manifest line for `file`: `[file, expect, width, height, crc, kind, bytes]`.
  static func manifest(_ file: String) throws -> [String] {
    let text = try String(
      contentsOf: generated.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(file + "\t") })
    return line.split(separator: "\t").map(String.init)
  }

  @Test("decode prints size, format, digests and time for a photo")
  func text() throws {
    let result = try CLIRunner.run(["decode", "Fixtures/photos/chelsea.png"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    for fragment in [
      "size: 451×300", "color type: rgb", "bit depth: 8", "interlace: none", "content digest: ",
      "rgba8 crc32: ", "decode time: ",
    ] {
      #expect(result.stdout.contains(fragment), "missing \(fragment) in \(result.stdout)")
    }
  }

  @Test(
    "decode --json gives width, height and the RGBA8 CRC-32 the manifest expects",
    arguments: ["rgb-16bit-adam7.png", "palette-4bit-trns-adam7.png", "gray-1bit.png"])
  func json(file: String) throws {
    let result = try CLIRunner.run(["decode", "Fixtures/generated/\(file)", "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let expected = try Self.manifest(file)
    #expect(object["width"] as? Int == Int(expected[2]))
    #expect(object["height"] as? Int == Int(expected[3]))
    #expect(object["rgba8_crc32"] as? String == expected[4])
    #expect(object["interlaced"] as? Bool == file.contains("adam7"))
  }

  @Test("decode --max-pixel-size --out writes the scaled image as a PNG")
  func scaledOutput() throws {
    let folder = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("small.png").path
    let result = try CLIRunner.run([
      "decode", "Fixtures/photos/coffee.png", "--max-pixel-size", "60", "--out", out, "--json",
    ])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let scaled = try #require(object["scaled"] as? [String: Any])
    #expect(scaled["width"] as? Int == 60 && scaled["height"] as? Int == 40)
    #expect(scaled["method"] as? String == "streaming")
    let written = try PNGDecoder().decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
    #expect(written.bitmap.width == 60 && written.bitmap.height == 40)
    #expect(CRC32.hex(written.bitmap.rgba8CRC32) == scaled["rgba8_crc32"] as? String)
  }

  @Test(
    "an invalid file exits 2 with the typed error on stderr",
    arguments: [
      ("corrupt-idat-bad-crc.png", "crcMismatch"), ("corrupt-missing-iend.png", "truncated"),
      ("corrupt-huge-header-1000000x1000000.png", "tooLarge"), ("corrupt-not-png.png", "notPNG"),
    ])
  func invalid(file: String, kind: String) throws {
    let result = try CLIRunner.run(["decode", "Fixtures/generated/\(file)"])
    #expect(result.status == 2)
    #expect(result.stderr.contains(kind), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("a missing file exits 2 and says it cannot be read")
  func missing() throws {
    let result = try CLIRunner.run(["decode", "Fixtures/does-not-exist.png"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot read"))
  }

  @Test(
    "bad flags give a clear argument error",
    arguments: [
      (["decode", "Fixtures/photos/coins.png", "--max-pixel-size", "0"], "--max-pixel-size"),
      (["decode", "Fixtures/photos/coins.png", "--max-pixel-size", "ten"], "--max-pixel-size"),
      (["decode", "Fixtures/photos/coins.png", "--bogus"], "--bogus"),
      (["decode"], "FILE"),
    ])
  func badFlags(arguments: [String], fragment: String) throws {
    let result = try CLIRunner.run(arguments)
    #expect(result.status != 0)
    #expect(result.stderr.lowercased().contains(fragment.lowercased()), "stderr: \(result.stderr)")
  }

  @Test("fixtures generate writes the committed set with the same expectations")
  func generate() throws {
    let folder = try CLIRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run(["fixtures", "generate", "--out", folder.path])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let strip = { (url: URL) throws in
      try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        .map { $0.split(separator: "\t").dropLast().joined(separator: "\t") }
    }
    let written = try strip(folder.appendingPathComponent("MANIFEST.tsv"))
    #expect(written == (try strip(Self.generated.appendingPathComponent("MANIFEST.tsv"))))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path))
  }
}

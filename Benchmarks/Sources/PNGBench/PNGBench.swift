import CDirectPNG
import FixtureGenerator
import Foundation
import PNGRender

/// PNG render-path benchmarks (issue 3): CellSim decode vs libpng called directly from C,
/// streaming downsample vs full decode then downsample, and refusal of decompression bombs.
///
/// `swift run -c release --scratch-path .build-png PNGBench [--quick]` from Benchmarks/.
@main
struct PNGBench {
  static func main() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--child" {
      try Child.run(mode: arguments[1], file: arguments[2])
      return
    }
    let quick = arguments.contains("--quick")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-pngbench-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    print(
      "PNGBench: \(ProcessInfo.processInfo.activeProcessorCount) cores, libpng (CellSim and direct C share it)"
    )
    var big: [Fixture] = []
    let generation = try Measure.milliseconds { big = try FixtureCatalog.big() }
    try FixtureWriter.write(big, to: folder, title: "PNGBench big fixtures")
    print("generated \(big.map(\.name).joined(separator: ", ")) in \(Format.ms(generation))\n")
    try DecodeComparison.run(big: big, quick: quick)
    try StreamingComparison.run(big: big, folder: folder, quick: quick)
    try BombRefusal.run(folder: folder, quick: quick)
  }
}

/// What a `--child MODE FILE` process does before printing its peak RSS.
enum Child {
  /// Reads a file straight into one array (no intermediate `Data` copy that would inflate the
  /// peak RSS of every mode alike).
  static func readFile(_ path: String) throws -> [UInt8] {
    guard let handle = fopen(path, "rb") else { throw BenchError.child([path], "cannot open") }
    defer { fclose(handle) }
    fseek(handle, 0, SEEK_END)
    let size = ftell(handle)
    fseek(handle, 0, SEEK_SET)
    return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = fread(buffer.baseAddress, 1, size, handle)
    }
  }

  static func run(mode: String, file: String) throws {
    let bytes = try readFile(file)
    var outcome = "loaded"
    switch mode {
    case "baseline": break
    case "streaming":
      let image = try PNGDecoder().decode(bytes, target: .maxPixelSize(640))
      outcome = "\(image.bitmap.width)x\(image.bitmap.height)"
    case "full-then-resample":
      let image = try bytes.withUnsafeBytes { raw in
        try PNGDecoder().decodeThenResample(raw, target: .maxPixelSize(640))
      }
      outcome = "\(image.bitmap.width)x\(image.bitmap.height)"
    case "refuse":
      do { _ = try PNGDecoder().decode(bytes) } catch { outcome = "\(error.kind)" }
    default: throw BenchError.child([mode], "unknown mode")
    }
    print("outcome=\(outcome)")
    print("peak_rss_bytes=\(Measure.maxResidentBytes())")
  }
}

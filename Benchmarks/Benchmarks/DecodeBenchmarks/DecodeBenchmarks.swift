import Benchmark
import BenchmarkPolicy
import CDirectLibPNG
import Foundation
@_spi(Benchmarks) import PNGRender

/// CellSim's PNG decoder (PNGRender, through its `@_spi(Benchmarks)` entry point `BenchmarkDecoding`) against
/// libpng's row API called directly from C (`CDirectPNG.c`, same transforms), on the same
/// in-memory bytes: the committed photos in `Fixtures/photos`, one iteration decoding all of
/// them at full size, and each decoder downsampling them to a 300-pixel cell. The decoder is
/// package API, so without the SPI only a whole simulation could reach it, and a simulation
/// memoizes decodes. PNGBench (root package) adds peak-memory and bomb-refusal checks.
let benchmarks: @Sendable () -> Void = {
  let photos = Photos.load()
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 50,
    thresholds: regressionThresholds())
  var peerConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 50,
    thresholds: regressionThresholds())
  peerConfiguration.thresholds = regressionThresholds(peer: true)

  Benchmark(
    "Decode: CellSim PNGDecoder, \(photos.count) photos, full size", configuration: configuration
  ) {
    benchmark in
    for bytes in photos {
      blackHole(try! BenchmarkDecoding.decode(bytes, target: .fullSize))
    }
  }
  Benchmark(
    "Decode peer: libpng direct (C), \(photos.count) photos, full size",
    configuration: peerConfiguration
  ) {
    benchmark in
    for bytes in photos {
      var pixels: UnsafeMutablePointer<UInt8>?
      var width: UInt32 = 0
      var height: UInt32 = 0
      let status = bytes.withUnsafeBufferPointer {
        cdirect_decode_rgba8($0.baseAddress, $0.count, &pixels, &width, &height)
      }
      precondition(status == 0, "libpng failed to decode a committed photo")
      blackHole(width &* height)
      cdirect_free(pixels)
    }
  }
  Benchmark(
    "Decode: CellSim PNGDecoder, \(photos.count) photos, streamed to 300 px",
    configuration: configuration
  ) { benchmark in
    for bytes in photos {
      blackHole(try! BenchmarkDecoding.decode(bytes, target: .maxPixelSize(300)))
    }
  }
}

/// The committed photos, found relative to this source file.
enum Photos {
  static func load() -> [[UInt8]] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/photos")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let photos = names.filter { $0.hasSuffix(".png") }.sorted().map {
      [UInt8]((try? Data(contentsOf: folder.appendingPathComponent($0))) ?? Data())
    }
    precondition(!photos.isEmpty, "no photos in \(folder.path)")
    return photos
  }
}

import FixtureGenerator
import Foundation
import PNGRender

/// Streaming downsample (rows into an area-averaging resampler) vs full decode then downsample.
enum StreamingComparison {
  static func run(big: [Fixture], folder: URL, quick: Bool) throws {
    print("== Downsample 6144×4096 → 640 px: streaming vs full decode then downsample")
    print("targets: peak memory ratio ≤ 0.35, time ratio ≤ 1.0")
    let decoder = PNGDecoder()
    let target = DecodeTarget.maxPixelSize(640)
    for fixture in big {
      let bytes = fixture.bytes
      var streamingTimes: [Double] = []
      var fullTimes: [Double] = []
      var streamed: DecodedImage?
      var full: DecodedImage?
      for iteration in 0..<(quick ? 3 : 7) {
        let stream = {
          streamingTimes.append(
            try Measure.milliseconds { streamed = try decoder.decode(bytes, target: target) })
        }
        let whole = {
          fullTimes.append(
            try Measure.milliseconds {
              full = try bytes.withUnsafeBytes {
                try decoder.decodeThenResample($0, target: target)
              }
            })
        }
        if iteration % 2 == 0 {
          try stream()
          try whole()
        } else {
          try whole()
          try stream()
        }
      }
      guard let streamed, let full else { continue }
      let timeRatio = Measure.median(streamingTimes) / Measure.median(fullTimes)
      let trackedRatio = Double(streamed.measuredPeakBytes) / Double(full.measuredPeakBytes)
      let file = folder.appendingPathComponent(fixture.name).path
      let baseline = try Measure.childMaxResidentBytes(["--child", "baseline", file])
      let streamRSS = try Measure.childMaxResidentBytes(["--child", "streaming", file])
      let fullRSS = try Measure.childMaxResidentBytes(["--child", "full-then-resample", file])
      let rssRatio = Double(streamRSS) / Double(fullRSS)
      let netRatio = Double(streamRSS - baseline) / Double(fullRSS - baseline)
      print("  \(fixture.name) → \(streamed.bitmap.width)×\(streamed.bitmap.height)")
      print(
        "    time: streaming \(Format.ms(Measure.median(streamingTimes)))  full+downsample"
          + " \(Format.ms(Measure.median(fullTimes)))  ratio \(Format.ratio(timeRatio))"
          + "  \(Format.verdict(timeRatio <= 1.0))")
      print(
        "    peak bytes tracked by the decoder (own buffers + libpng allocator peak): streaming"
          + " \(Format.mb(streamed.measuredPeakBytes))  full+downsample"
          + " \(Format.mb(full.measuredPeakBytes))  ratio \(Format.ratio(trackedRatio))"
          + "  \(Format.verdict(trackedRatio <= 0.35))")
      print(
        "    planned working bytes: streaming \(Format.mb(streamed.plan.workingBytes))"
          + "  full+downsample \(Format.mb(full.plan.workingBytes))")
      print(
        "    peak RSS (VmHWM) of separate child processes: streaming \(Format.mb(streamRSS))"
          + "  full+downsample \(Format.mb(fullRSS))  ratio \(Format.ratio(rssRatio))"
          + "  \(Format.verdict(rssRatio <= 0.35)); minus the load-only baseline"
          + " \(Format.mb(baseline)): ratio \(Format.ratio(netRatio))")
    }
    print("")
  }
}

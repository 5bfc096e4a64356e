import FixtureGenerator
import Foundation
import PNGRender

/// Headers that claim huge images must be refused by the default limits in under 10 ms, before
/// any pixel allocation.
enum BombRefusal {
  /// The RGBA8 size the header claims.
  static func decodedBytes(_ bytes: [UInt8]) -> Int {
    (try? PNGHeader.read(from: bytes).decodedByteCount) ?? 0
  }

  static func run(folder: URL, quick: Bool) throws {
    print("== Refusal by default limits (16,384 px per side, 64 megapixels)")
    print("target: under 10 ms, without the allocation")
    let fixtures = try FixtureCatalog.standard().filter {
      $0.name.hasPrefix("corrupt-huge-header") || $0.name.hasPrefix("bomb-")
    }
    try FixtureWriter.write(fixtures, to: folder, title: "PNGBench refusal fixtures")
    let decoder = PNGDecoder()
    for fixture in fixtures {
      var times: [Double] = []
      var kind = "decoded"
      for _ in 0..<(quick ? 200 : 2000) {
        times.append(
          Measure.milliseconds {
            do { _ = try decoder.decode(fixture.bytes) } catch let error as PNGError {
              kind = "\(error.kind)"
            } catch {}
          })
      }
      let worst = times.max() ?? 0
      let file = folder.appendingPathComponent(fixture.name).path
      let baseline = try Measure.childMaxResidentBytes(["--child", "baseline", file])
      let refused = try Measure.childMaxResidentBytes(["--child", "refuse", file])
      print(
        "  \(fixture.name) (\(fixture.bytes.count) bytes): \(kind) in median"
          + " \(Format.us(Measure.median(times))), worst \(Format.us(worst)) of \(times.count)"
          + "  \(Format.verdict(kind == "tooLarge" && worst < 10))")
      print(
        "    peak RSS (VmHWM) of child processes: load only \(Format.mb(baseline)), load and refuse \(Format.mb(refused))"
          + " (a full RGBA8 decode would need \(Format.mb(decodedBytes(fixture.bytes))))")
    }
  }
}

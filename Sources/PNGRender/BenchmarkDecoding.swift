/// The decoder's entry point for the benchmarks package, which compares it with libpng called
/// directly from C (`Benchmarks/Benchmarks/DecodeBenchmarks`).
///
/// `@_spi(Benchmarks)`: only a module that imports PNGRender with `@_spi(Benchmarks)` sees it,
/// and it is not part of the public API or its documentation. `PNGDecoder` stays package
/// API; outside the package the only other way to reach it is a whole simulation, which
/// memoizes decodes and so cannot measure one.
@_spi(Benchmarks)
public enum BenchmarkDecoding {
  /// Decodes `bytes` to `target` with the default limits, exactly as the simulation's decodes
  /// do, and returns the size of the RGBA8 result in bytes (so the work cannot be optimized
  /// away). Throws the decoder's ``PNGError``.
  public static func decode(_ bytes: [UInt8], target: DecodeTarget) throws(PNGError) -> Int {
    try PNGDecoder().decode(bytes, target: target).bitmap.pixels.count
  }
}

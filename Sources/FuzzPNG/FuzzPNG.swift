import PNGRender

/// libFuzzer target for the PNG decoder, with its default limits: any input must decode or
/// fail with a typed `PNGError`, never crash, hang or allocate past the limits. Every decoded
/// bitmap must have `width × height × 4` bytes, the streaming downsample path must agree on
/// success or failure with the full decode, and the partial decode of a file the full decode
/// reads must give its pixels (a prefix's partial decode must only not crash).
///
/// Built with `-sanitize=fuzzer,address` by `.ci/fuzz` (`-D CELLSIM_LIBFUZZER`), libFuzzer
/// provides `main`. Built normally, `main` replays the files and folders given as arguments
/// (a corpus, or crashers kept as regression inputs) through the same function.
func fuzzOne(_ bytes: [UInt8]) {
  let decoder = PNGDecoder()
  let full = try? decoder.decode(bytes)
  if let full {
    precondition(full.bitmap.pixels.count == full.bitmap.width * full.bitmap.height * 4)
  }
  let small = try? decoder.decode(bytes, target: .maxPixelSize(64))
  if let small {
    precondition(small.bitmap.width <= 64 && small.bitmap.height <= 64)
  }
  precondition((full == nil) == (small == nil), "full and streaming decodes disagree")
  // The partial decode (a progressive loader's preview) of the file and of its first half:
  // a bitmap or a typed error, and for a file the full decode reads, the same pixels.
  let partial = try? decoder.decodePartial(bytes)
  if let full {
    precondition(partial?.bitmap == full.bitmap, "the partial decode of a whole file differs")
  }
  _ = try? decoder.decodePartial(Array(bytes.prefix(bytes.count / 2)))
}

#if CELLSIM_LIBFUZZER
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzOne(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
  }

  // SwiftPM links an executable's `main` to `<module>_main`; here that entry starts libFuzzer's
  // driver (libFuzzer's documented `LLVMFuzzerRunDriver`) on the function above.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32

  @_cdecl("FuzzPNG_main")
  public func fuzzerMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> Int32 {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzerTestOneInput)
  }
#else
  import FuzzSupport

  @main
  struct Replay {
    static func main() {
      let count = replayCorpus(CommandLine.arguments.dropFirst(), name: "FuzzPNG", fuzzOne)
      print("FuzzPNG: \(count) inputs replayed, none crashed")
    }
  }
#endif

import Scenarios

/// libFuzzer target for the scenario reader: any bytes must be read into a `Scenario` or
/// refused with a typed `ScenarioError`, never crash or hang. A scenario that reads must write
/// back (`yamlText()`) to text that reads again into an equal scenario.
///
/// Fixture globs are checked only for their shape (no fixtures root), so the fuzzer never
/// touches the file system. Built with `-sanitize=fuzzer,address` by `.ci/fuzz`
/// (`-D CELLSIM_LIBFUZZER`), libFuzzer provides `main`; built normally, `main` replays the
/// files and folders given as arguments.
func fuzzOne(_ bytes: [UInt8]) {
  let text = String(decoding: bytes, as: UTF8.self)
  guard let scenario = try? Scenario(yaml: text, file: "fuzz.yaml") else { return }
  let written = scenario.yamlText()
  let reread: Scenario
  do {
    reread = try Scenario(yaml: written, file: "rewritten.yaml")
  } catch {
    preconditionFailure("a scenario that read does not read back: \(error)\n\(written)")
  }
  precondition(reread == scenario, "a scenario changed through yamlText():\n\(written)")
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

  @_cdecl("FuzzScenario_main")
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
      let count = replayCorpus(CommandLine.arguments.dropFirst(), name: "FuzzScenario", fuzzOne)
      print("FuzzScenario: \(count) inputs replayed, none crashed")
    }
  }
#endif

public import Foundation

extension Scenario {
  /// Reads and validates the scenario file at `url`.
  ///
  /// Errors name the file as `url.relativePath`, so a URL made from a relative path reports
  /// that path (`Scenarios/x.yaml:12:5: …`).
  ///
  /// - Parameters:
  ///   - url: the scenario file.
  ///   - fixturesRoot: when given, every fixture glob must match at least one file under it
  ///     and every fixture path must name a file; when nil, fixtures are checked only for
  ///     their shape, and the runner checks them against its own root.
  ///   - knownLoaders: the loader names `loader` may use; defaults to the built-in catalog.
  ///     Add your own loaders' names to run scenarios that name them.
  /// - Throws: `ScenarioError` for an unreadable file or any problem in it; the first
  ///   problem, in a fixed order, is reported.
  public init(
    contentsOf url: URL, fixturesRoot: URL? = nil,
    knownLoaders: [String] = Scenario.builtInLoaderNames
  ) throws(ScenarioError) {
    try self.init(
      contentsOf: url, fixturesRoot: fixturesRoot, knownLoaders: knownLoaders, any: false)
  }

  /// Reads the file at `url`; with `any`, its `loader` may name any loader (the testing helper
  /// runs it with the caller's own loader, so the name it records does not matter).
  package init(contentsOf url: URL, fixturesRoot: URL?, knownLoaders: [String], any: Bool)
    throws(ScenarioError)
  {
    let file = url.relativePath
    if let problem = InputFile.problem(url.path) {
      throw ScenarioError(
        kind: .unreadableFile, file: file, line: 1, column: 1, path: "",
        message: "cannot read the file: \(problem)")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw ScenarioError(
        kind: .unreadableFile, file: file, line: 1, column: 1, path: "",
        message: "cannot read the file: \(error.localizedDescription)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ScenarioError(
        kind: .syntax, file: file, line: 1, column: 1, path: "",
        message: "the file is not UTF-8 text")
    }
    var names = Array(Set(knownLoaders))
    names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var reader = ScenarioReader(file: file, knownLoaders: names, fixturesRoot: fixturesRoot)
    reader.acceptsAnyLoader = any
    self = try reader.read(text)
  }

  /// Reads and validates a scenario from YAML text; `file` names it in errors.
  ///
  /// See `init(contentsOf:fixturesRoot:knownLoaders:)` for the parameters.
  public init(
    yaml: String, file: String = "<string>", fixturesRoot: URL? = nil,
    knownLoaders: [String] = Scenario.builtInLoaderNames
  ) throws(ScenarioError) {
    var names = Array(Set(knownLoaders))
    names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    let reader = ScenarioReader(file: file, knownLoaders: names, fixturesRoot: fixturesRoot)
    self = try reader.read(yaml)
  }
}

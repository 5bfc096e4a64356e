import Foundation
import SimKernel
internal import Yams

/// Reads and validates one scenario file, stopping at the first error.
///
/// Sections are read in documentation order (`cellsim`, `name`, …, `expect`), and within a
/// mapping unknown keys are reported before any value is read, so the error reported for a
/// given file is always the same one.
struct ScenarioReader {
  /// The file name used in errors.
  let file: String
  /// Loader names that `loader` may use, sorted.
  let knownLoaders: [String]
  /// When given, fixture globs and paths are checked against the files under it.
  let fixturesRoot: URL?
  /// Accept any loader name (the testing helper runs a file with the caller's loader, whatever
  /// the file names).
  var acceptsAnyLoader = false

  /// The top-level keys, in documentation order.
  static let topLevelKeys = [
    "cellsim", "name", "about", "seed", "loader", "device", "table", "images", "network",
    "events", "run_until", "invariants", "expect", "noise",
  ]

  /// Parses and validates `text`.
  func read(_ text: String) throws(ScenarioError) -> Scenario {
    let root = try compose(text)
    guard case .mapping = root.node else {
      throw root.expected(
        "a mapping with cellsim, name, table and images at the top level")
    }
    try checkVersion(root)
    let fields = try root.mapping(keys: Self.topLevelKeys)
    let name = try fields.required("name", "the scenario's title").nonEmptyText("a title")
    let about = try fields["about"].map { value throws(ScenarioError) in try value.text() }
    let seed = try fields["seed"].map(readSeed) ?? 0
    let loader = try fields["loader"].map(readLoader)
    let device = try fields["device"].map(readDevice)
    let profile = (device ?? Scenario.Device(profile: Scenario.defaultDeviceProfile))
      .resolvedProfile
    let table = try readTable(try fields.required("table", "the table's rows"), device: profile)
    let images = try readImages(try fields.required("images", "URLs and fixtures"), table: table)
    let network =
      try fields["network"].map { value throws(ScenarioError) in
        try readNetwork(value, images: images)
      } ?? Scenario.Network()
    let runUntil = try fields["run_until"].map(readRunUntil)
    let events =
      try fields["events"].map { value throws(ScenarioError) in
        try readEvents(value, table: table, runUntil: runUntil)
      } ?? []
    let invariants = try fields["invariants"].map(readInvariants) ?? .standard
    let expect =
      try fields["expect"].map { value throws(ScenarioError) in
        try readExpectation(value, invariants: invariants)
      } ?? .pass
    let scenario = Scenario(
      name: name, about: about, seed: seed, loader: loader, device: device, table: table,
      images: images, network: network, events: events, runUntil: runUntil,
      invariants: invariants, expect: expect, noise: try fields["noise"].map(readNoise))
    // The frames the run generates: named at refresh_hz if the file sets it, else run_until.
    if let profile, let problem = Scenario.Limits.framesProblem(end: scenario.endTime, profile) {
      let at = fields["device"].flatMap { entry($0, "refresh_hz") } ?? fields["run_until"] ?? root
      throw at.error(
        .outOfRange, problem, hint: "a lower refresh_hz or a shorter run_until generates fewer")
    }
    return scenario
  }

  /// The value of `key` in the mapping `value`, if it is a mapping that has the key.
  private func entry(_ value: YAMLValue, _ key: String) -> YAMLValue? {
    guard case .mapping(let mapping) = value.node,
      let (_, node) = mapping.first(where: { $0.key.scalar?.string == key })
    else { return nil }
    return value.child(key, node: node)
  }

  /// Checks `cellsim: 1` before anything else, so that a file of a later version is refused
  /// for its version rather than for keys this reader does not know.
  private func checkVersion(_ root: YAMLValue) throws(ScenarioError) {
    guard case .mapping(let mapping) = root.node else { return }
    guard let (keyNode, valueNode) = mapping.first(where: { $0.key.scalar?.string == "cellsim" })
    else {
      throw root.error(
        .missingKey, "missing required key \"cellsim\" (the format version)",
        hint: "start the file with `cellsim: \(Scenario.formatVersion)`")
    }
    _ = keyNode
    let value = root.child("cellsim", node: valueNode)
    guard case .integer(let text) = value.scalar else {
      throw value.expected("the format version \(Scenario.formatVersion)")
    }
    guard Int(text) == Scenario.formatVersion else {
      throw value.error(
        .unsupportedVersion,
        "unsupported format version \(text); this CellSim reads version "
          + "\(Scenario.formatVersion)")
    }
  }

  func readSeed(_ value: YAMLValue) throws(ScenarioError) -> UInt64 {
    guard case .integer(let text) = value.scalar else {
      throw value.expected("an unsigned integer seed")
    }
    let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
    guard let seed = UInt64(digits) else {
      throw value.error(
        .invalidValue, "expected an unsigned integer seed (0 to \(UInt64.max)), got \(text)")
    }
    return seed
  }

  private func readRunUntil(_ value: YAMLValue) throws(ScenarioError) -> SimTime {
    let duration = try value.duration()
    if duration <= .zero {
      throw value.error(.invalidValue, "expected a duration above zero, got \(value.shown)")
    }
    if duration > Scenario.Limits.maxDuration {
      throw value.error(
        .outOfRange,
        "run_until \(duration) is beyond the longest run CellSim simulates "
          + "(\(Scenario.Limits.maxDuration))")
    }
    return .zero + duration
  }

  // MARK: Composing

  /// The YAML tree of `text`, with syntax errors and duplicate keys mapped to locations.
  private func compose(_ text: String) throws(ScenarioError) -> YAMLValue {
    let node: Node?
    do {
      node = try Yams.compose(yaml: text)
    } catch {
      throw composeError(error, text: text)
    }
    guard let node, !(YAMLValue(node: node, path: "", file: file).isNull) else {
      throw ScenarioError(
        kind: .syntax, file: file, line: 1, column: 1, path: "",
        message: "the file is empty; expected a mapping with cellsim, name, table and images")
    }
    return YAMLValue(node: node, path: "", file: file)
  }

  private func composeError(_ error: any Error, text: String) -> ScenarioError {
    func syntax(_ line: Int, _ column: Int, _ problem: String, _ context: String?)
      -> ScenarioError
    {
      let message = "invalid YAML: " + problem + (context.map { " (\($0))" } ?? "")
      return ScenarioError(
        kind: .syntax, file: file, line: max(line, 1), column: max(column, 1), path: "",
        message: message)
    }
    // Messages are CellSim's or libyaml's own words about the text, never the YAML library's
    // Swift API (its type names, `description`s or encodings).
    guard let yamlError = error as? YamlError else {
      return syntax(1, 1, "the YAML could not be read", nil)
    }
    switch yamlError {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let contextText = context.map { "\($0.text) at \($0.mark.line):\($0.mark.column)" }
      return syntax(mark.line, mark.column, problem, contextText)
    case .reader(let problem, let offset, _, _):
      let (line, column) = Self.lineAndColumn(ofCharacter: offset ?? 0, in: text)
      return syntax(line, column, problem, nil)
    case .duplicatedKeysInMapping(let duplicates, let context):
      return DuplicateKeyLocator(file: file, text: text).error(
        key: duplicates.first ?? "", firstAt: (context.mark.line, context.mark.column))
    case .memory:
      return syntax(1, 1, "the YAML parser ran out of memory", nil)
    case .dataCouldNotBeDecoded:
      return syntax(1, 1, "the file is not UTF-8 text", nil)
    default:
      return syntax(1, 1, "the YAML could not be read", nil)
    }
  }

  /// The 1-based line and column of the character at `offset`.
  static func lineAndColumn(ofCharacter offset: Int, in text: String) -> (Int, Int) {
    var line = 1
    var column = 1
    for (index, character) in text.enumerated() {
      if index >= offset { break }
      if character == "\n" || character == "\r\n" {
        line += 1
        column = 1
      } else {
        column += character.unicodeScalars.count
      }
    }
    return (line, column)
  }
}

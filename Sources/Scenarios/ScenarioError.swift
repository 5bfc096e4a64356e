/// Why a scenario file was refused: what is wrong, where, and how to fix it.
///
/// Every error names the file, the 1-based line and column (columns count Unicode scalars, as
/// libyaml does), and the key path of the offending value, for example
/// `Scenarios/x.yaml:12:5: events[3].drag.over: expected a duration, got "fast"`. The message
/// is one line; `hint`, when present, is a second line with advice.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The category of a scenario error, stable for tests and tools.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// The file could not be read from disk.
    case unreadableFile
    /// The text is not valid YAML (scanner, parser or reader error).
    case syntax
    /// A mapping has the same key twice.
    case duplicateKey
    /// A key that the format does not define at that level.
    case unknownKey
    /// A required key is absent.
    case missingKey
    /// A value has the wrong shape: a list where a number belongs, text for a flag, …
    case wrongType
    /// A value has the right shape but is not acceptable: a bad duration or size, a negative
    /// count, a minimum above its maximum, …
    case invalidValue
    /// A name that is not in its catalog: a loader, invariant, device profile or metric.
    case unknownName
    /// A row, item id or index outside the table at the moment it is used.
    case outOfRange
    /// An event whose `at` is earlier than the previous event's, or after `run_until`.
    case outOfOrder
    /// Keys that cannot appear together, such as two actions in one event.
    case conflictingKeys
    /// A `cellsim:` version this reader does not support.
    case unsupportedVersion
    /// A fixture glob or path that names no file under the fixtures root.
    case noFixtureMatch
  }

  /// The category of the error.
  public var kind: Kind
  /// The file name as given to the reader (`<string>` for text read from memory).
  public var file: String
  /// The 1-based line of the offending text.
  public var line: Int
  /// The 1-based column of the offending text, in Unicode scalars.
  public var column: Int
  /// The key path of the offending value, such as `events[3].drag.over`; empty when the
  /// problem is not inside a value (a syntax error, an empty file).
  public var path: String
  /// One line saying what was expected and what was found.
  public var message: String
  /// Optional advice on a second line.
  public var hint: String?

  /// An error of `kind` at `file:line:column`, key path `path`.
  public init(
    kind: Kind, file: String, line: Int, column: Int, path: String, message: String,
    hint: String? = nil
  ) {
    self.kind = kind
    self.file = file
    self.line = line
    self.column = column
    self.path = path
    self.message = message
    self.hint = hint
  }

  /// `file:line:column`.
  public var location: String { "\(file):\(line):\(column)" }

  /// The first line: `file:line:column: path: message` (the path is left out when empty).
  public var summary: String {
    path.isEmpty ? "\(location): \(message)" : "\(location): \(path): \(message)"
  }

  /// The diagnostic in the form compilers and editors parse:
  /// `file:line:column: error: path: message`, then `file:line:column: note: hint` on the next
  /// line when there is a hint.
  public var diagnostic: String {
    let first = "\(location): error: " + (path.isEmpty ? message : "\(path): \(message)")
    guard let hint else { return first }
    return first + "\n\(location): note: " + hint
  }

  /// The summary, followed by `  hint: …` on a second line when there is a hint.
  public var description: String {
    guard let hint else { return summary }
    return summary + "\n  hint: " + hint
  }
}

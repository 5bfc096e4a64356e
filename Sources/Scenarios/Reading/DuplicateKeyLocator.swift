internal import Yams

/// Finds the key path and the second occurrence of a duplicated key.
///
/// Yams refuses a mapping with a repeated key while composing, and reports only the key's
/// name and its *first* occurrence. To name the key path and point at the repetition, the
/// locator renames the first occurrence to a private-use placeholder of the same length (so no
/// column moves), composes again — repeating for other duplicates, up to a limit — and finds
/// the placeholder in the tree. When that is not possible (a quoted key with escapes, say), it
/// reports the first occurrence.
struct DuplicateKeyLocator {
  /// The file name used in errors.
  let file: String
  /// The scenario text.
  let text: String

  private static let attempts = 8

  /// The error for `key`, first seen at `firstAt` (1-based line and column).
  func error(key: String, firstAt: (line: Int, column: Int)) -> ScenarioError {
    let fallback = ScenarioError(
      kind: .duplicateKey, file: file, line: firstAt.line, column: firstAt.column, path: "",
      message: "duplicate key \(quoted(key))")
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      Array(String($0).unicodeScalars)
    }
    guard let placeholder = rename(key, at: firstAt, in: &lines, index: 0) else { return fallback }
    for attempt in 1...Self.attempts {
      let renamed = lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
      do {
        guard let root = try Yams.compose(yaml: renamed) else { return fallback }
        return find(placeholder, original: key, firstAt: firstAt, in: root, path: "")
          ?? fallback
      } catch YamlError.duplicatedKeysInMapping(let others, let context) {
        let mark = (context.mark.line, context.mark.column)
        guard rename(others.first ?? "", at: mark, in: &lines, index: attempt) != nil else {
          return fallback
        }
      } catch {
        return fallback
      }
    }
    return fallback
  }

  /// Replaces the key `key` written at `at` with placeholder number `index`, or returns nil
  /// when the text there is not the key as written.
  private func rename(
    _ key: String, at: (line: Int, column: Int), in lines: inout [[Unicode.Scalar]], index: Int
  ) -> String? {
    guard at.line >= 1, at.line <= lines.count else { return nil }
    var start = at.column - 1
    let line = lines[at.line - 1]
    guard start >= 0, start < line.count else { return nil }
    if line[start] == "\"" || line[start] == "'" { start += 1 }
    let keyScalars = Array(key.unicodeScalars)
    guard !keyScalars.isEmpty, start + keyScalars.count <= line.count,
      Array(line[start..<start + keyScalars.count]) == keyScalars,
      let mark = Unicode.Scalar(0xE000 + UInt32(index))
    else { return nil }
    let replacement = [Unicode.Scalar](repeating: mark, count: keyScalars.count)
    lines[at.line - 1].replaceSubrange(start..<start + keyScalars.count, with: replacement)
    return String(String.UnicodeScalarView(replacement))
  }

  /// The duplicate error at the second occurrence, found next to the placeholder.
  private func find(
    _ placeholder: String, original: String, firstAt: (line: Int, column: Int), in node: Node,
    path: String
  ) -> ScenarioError? {
    switch node {
    case .mapping(let mapping):
      if mapping.contains(where: { $0.key.scalar?.string == placeholder }) {
        let second = mapping.first { $0.key.scalar?.string == original }?.key
        let keyPath = path.isEmpty ? original : path + "." + original
        let mark = second?.mark
        return ScenarioError(
          kind: .duplicateKey, file: file, line: mark?.line ?? firstAt.line,
          column: mark?.column ?? firstAt.column, path: keyPath,
          message: "duplicate key \(quoted(original)) (first at \(firstAt.line):\(firstAt.column))"
        )
      }
      for (key, value) in mapping {
        let name = key.scalar?.string ?? "?"
        let childPath = path.isEmpty ? name : path + "." + name
        if let found = find(
          placeholder, original: original, firstAt: firstAt, in: value,
          path: childPath)
        {
          return found
        }
      }
    case .sequence(let sequence):
      for (index, element) in sequence.enumerated() {
        if let found = find(
          placeholder, original: original, firstAt: firstAt, in: element,
          path: path + "[\(index)]")
        {
          return found
        }
      }
    case .scalar, .alias:
      break
    }
    return nil
  }
}

/// A URL pattern: an exact URL, or a glob where `*` matches any run of characters (including
/// none, and including `/`) and `?` matches exactly one character. There is no escaping and
/// no character class; every other character matches itself, case-sensitively.
package struct Glob: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  package let pattern: String
  /// The pattern's characters.
  let characters: [Character]
  /// Whether the pattern has no wildcard (compared as a plain string).
  let isExact: Bool

  /// A glob for `pattern`.
  package init(_ pattern: String) {
    self.pattern = pattern
    self.characters = Array(pattern)
    self.isExact = !characters.contains("*") && !characters.contains("?")
  }

  /// The pattern as written.
  package var description: String { pattern }

  /// Whether `text` matches the whole pattern.
  ///
  /// Iterative matching with one backtrack point (the last `*`), so it runs in
  /// O(pattern × text) at worst and never recurses.
  package func matches(_ text: String) -> Bool {
    if isExact { return text == pattern }
    let subject = Array(text)
    var p = 0
    var s = 0
    var star: Int?
    var starMatch = 0
    while s < subject.count {
      if p < characters.count && (characters[p] == "?" || characters[p] == subject[s]) {
        p += 1
        s += 1
      } else if p < characters.count && characters[p] == "*" {
        star = p
        starMatch = s
        p += 1
      } else if let starIndex = star {
        p = starIndex + 1
        starMatch += 1
        s = starMatch
      } else {
        return false
      }
    }
    while p < characters.count && characters[p] == "*" { p += 1 }
    return p == characters.count
  }
}

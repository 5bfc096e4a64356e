package import Foundation
import Synchronization

/// Fixture globs: paths under the fixtures root in which `*` matches any run of characters
/// within one path component and `?` exactly one character.
///
/// Matching never crosses a `/`, and a wildcard does not match a leading `.` (hidden files)
/// unless the pattern's component starts with `.` too. Directory listings are sorted by the
/// bytes of their names, so results never depend on the file system's enumeration order.
package enum FixtureGlob {
  /// Why a pattern is not acceptable as a fixture glob, or nil if it is.
  package static func problem(with pattern: String) -> String? {
    if pattern.isEmpty { return "a fixture glob is empty" }
    if pattern.hasPrefix("/") { return "fixture paths are relative to the fixtures root" }
    let components = pattern.split(separator: "/", omittingEmptySubsequences: false)
    if components.contains(where: { $0 == ".." }) {
      return "fixture paths must stay under the fixtures root (no \"..\")"
    }
    if components.contains(where: \.isEmpty) { return "a fixture path has an empty component" }
    return nil
  }

  /// True when `pattern` contains `*` or `?`.
  package static func hasWildcards(_ pattern: String) -> Bool {
    pattern.contains("*") || pattern.contains("?")
  }

  /// The regular files under `root` that `pattern` matches, as relative paths sorted by their
  /// UTF-8 bytes. With `confined` false, entries whose real path leaves the root count too
  /// (only to explain why a glob matches nothing; such a file is never served).
  package static func expand(_ pattern: String, in root: URL, confined: Bool = true) -> [String] {
    guard problem(with: pattern) == nil else { return [] }
    let components = pattern.split(separator: "/").map(String.init)
    var prefixes = [""]
    for (index, component) in components.enumerated() {
      let last = index == components.count - 1
      var next: [String] = []
      for prefix in prefixes {
        for name in matches(of: component, in: root, under: prefix) {
          let path = prefix.isEmpty ? name : prefix + "/" + name
          if isEntry(path, in: root, directory: !last, confined: confined) { next.append(path) }
        }
      }
      prefixes = next
    }
    return prefixes.sorted(by: utf8Order)
  }

  /// The files that `patterns` match, each pattern's files sorted, concatenated in pattern
  /// order, keeping only the first occurrence of a file. Items get them round-robin by id.
  package static func expand(_ patterns: [String], in root: URL) -> [String] {
    var seen: Set<String> = []
    var result: [String] = []
    for pattern in patterns {
      for path in expand(pattern, in: root) where seen.insert(path).inserted {
        result.append(path)
      }
    }
    return result
  }

  /// True when `name` matches the single-component `pattern`.
  package static func matches(_ pattern: String, _ name: String) -> Bool {
    let p = Array(pattern.unicodeScalars)
    let n = Array(name.unicodeScalars)
    if n.first == ".", p.first != "." { return false }
    // Iterative matching with backtracking to the last `*`: linear in practice, never
    // exponential.
    var pi = 0
    var ni = 0
    var star: (p: Int, n: Int)?
    while ni < n.count {
      if pi < p.count, p[pi] == "?" || p[pi] == n[ni] {
        pi += 1
        ni += 1
      } else if pi < p.count, p[pi] == "*" {
        star = (pi, ni)
        pi += 1
      } else if let s = star {
        pi = s.p + 1
        ni = s.n + 1
        star = (s.p, s.n + 1)
      } else {
        return false
      }
    }
    while pi < p.count, p[pi] == "*" { pi += 1 }
    return pi == p.count
  }

  private static func matches(of component: String, in root: URL, under prefix: String)
    -> [String]
  {
    guard hasWildcards(component) else { return [component] }
    let directory = prefix.isEmpty ? root : root.appendingPathComponent(prefix)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { matches(component, $0) }.sorted(by: utf8Order)
  }

  /// True when `path` exists under `root` as a file (or a folder, if `directory`) whose real
  /// path, symbolic links resolved, stays inside the real fixtures root. A link out of the root
  /// (say to `/etc/passwd`) is never matched, so it can never be served as an image's bytes.
  private static func isEntry(_ path: String, in root: URL, directory: Bool, confined: Bool)
    -> Bool
  {
    var isDirectory: ObjCBool = false
    let entry = root.appendingPathComponent(path)
    let exists = FileManager.default.fileExists(atPath: entry.path, isDirectory: &isDirectory)
    guard exists && isDirectory.boolValue == directory else { return false }
    return !confined || isInside(entry, root)
  }

  /// Why `pattern` matches nothing under `root` though it names files: every match is a
  /// symbolic link (or lies in a linked folder) whose real path leaves the root. The reason
  /// names the first such match and where it leads; nil when the pattern matches a file inside
  /// the root, or nothing at all.
  package static func escapeReason(_ pattern: String, in root: URL) -> String? {
    guard expand(pattern, in: root).isEmpty,
      let first = expand(pattern, in: root, confined: false).first
    else { return nil }
    let target = root.appendingPathComponent(first).resolvingSymlinksInPath().path
    let what =
      hasWildcards(pattern)
      ? "fixture glob \"\(pattern)\" matches only \"\(first)\" and the like, links that lead"
      : "fixture \"\(pattern)\" is a link that leads"
    return "\(what) out of the fixtures root (to \"\(target)\"); CellSim never serves a file "
      + "outside it"
  }

  /// True when the real path of `entry` is `root`'s real path or below it.
  package static func isInside(_ entry: URL, _ root: URL) -> Bool {
    let realRoot = root.standardizedFileURL.resolvingSymlinksInPath().path
    let realEntry = entry.standardizedFileURL.resolvingSymlinksInPath().path
    let base = realRoot.hasSuffix("/") ? realRoot : realRoot + "/"
    return realEntry == realRoot || realEntry.hasPrefix(base)
  }

  private static func utf8Order(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}

/// What fixture globs matched under a folder, remembered for the life of the index: a fuzz
/// campaign's worker runs hundreds of cases over one fixtures folder, and listing it (with a
/// real path per file, to keep matches inside the root) cost more than the rest of a case's
/// setup. The folder must not change while the index is used; a run without an index
/// (`cellsim run`, tests) lists it every time.
package final class FixtureIndex: Sendable {
  let expansions = Mutex<[FixtureIndexKey: [String]]>([:])

  package init() {}

  /// `FixtureGlob.expand(patterns, in: root)`, from the index after the first time.
  package func expand(_ patterns: [String], in root: URL) -> [String] {
    let key = FixtureIndexKey(patterns: patterns, root: root.standardizedFileURL.path)
    if let known = expansions.withLock({ $0[key] }) { return known }
    let files = FixtureGlob.expand(patterns, in: root)
    expansions.withLock { $0[key] = files }
    return files
  }
}

struct FixtureIndexKey: Hashable {
  var patterns: [String]
  var root: String
}

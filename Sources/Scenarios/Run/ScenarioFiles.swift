import Foundation

/// Finds scenario files: a file is taken as given; a folder contributes every `.yaml`/`.yml`
/// file under it, recursively, sorted by path (byte order), so suites run in the same order
/// everywhere.
///
/// Hidden files and folders (a path component starting with `.`, such as `.git` or `.build`)
/// are skipped when searching a folder. A file named twice (or named and also inside a folder
/// that is named) is listed once, at its first place. A folder with no scenario files is an
/// error, so that a typo in CI can never pass as a green run of zero scenarios.
public enum ScenarioFiles {
  /// Why a path could not be used.
  public struct NotFound: Error, CustomStringConvertible, Sendable {
    /// The path.
    public let path: String
    /// Why the path could not be used, for example `no such file or folder`.
    public let reason: String

    /// A path that could not be used, by default because it does not exist.
    public init(path: String, reason: String = "no such file or folder") {
      self.path = path
      self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
  }

  /// The scenario files named by `paths`.
  public static func find(_ paths: [String]) throws(NotFound) -> [String] {
    var files: [String] = []
    var seen: Set<String> = []
    func add(_ file: String) {
      let key = URL(fileURLWithPath: file).standardizedFileURL.path
      if seen.insert(key).inserted { files.append(file) }
    }
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw NotFound(path: path)
      }
      if !isDirectory.boolValue {
        let type =
          (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        if let type, type != .typeRegular && type != .typeSymbolicLink {
          throw NotFound(path: path, reason: "not a regular file (a FIFO, socket or device)")
        }
        add(path)
        continue
      }
      let enumerator = FileManager.default.enumerator(atPath: path)
      var found: [String] = []
      while let entry = enumerator?.nextObject() as? String {
        if entry.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
          if (entry as NSString).lastPathComponent.hasPrefix(".") { enumerator?.skipDescendants() }
          continue
        }
        if entry.hasSuffix(".yaml") || entry.hasSuffix(".yml") {
          let base = path.hasSuffix("/") ? path : path + "/"
          found.append(base + entry)
        }
      }
      if found.isEmpty {
        throw NotFound(path: path, reason: "a folder with no scenario files (.yaml or .yml)")
      }
      found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.forEach(add)
    }
    return files
  }
}

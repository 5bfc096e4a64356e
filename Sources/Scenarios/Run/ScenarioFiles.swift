import Foundation

/// Finds scenario files: a file is taken as given; a folder contributes every `.yaml`/`.yml`
/// file under it, recursively, sorted by path (byte order), so suites run in the same order
/// everywhere.
public enum ScenarioFiles {
  /// Why a path could not be used.
  public struct NotFound: Error, CustomStringConvertible, Sendable {
    /// The path.
    public let path: String
    public var description: String { "\(path): no such file or folder" }
  }

  /// The scenario files named by `paths`.
  public static func find(_ paths: [String]) throws(NotFound) -> [String] {
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw NotFound(path: path)
      }
      if !isDirectory.boolValue {
        files.append(path)
        continue
      }
      let enumerator = FileManager.default.enumerator(atPath: path)
      var found: [String] = []
      while let entry = enumerator?.nextObject() as? String {
        if entry.hasSuffix(".yaml") || entry.hasSuffix(".yml") {
          let base = path.hasSuffix("/") ? path : path + "/"
          found.append(base + entry)
        }
      }
      files += found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
    return files
  }
}

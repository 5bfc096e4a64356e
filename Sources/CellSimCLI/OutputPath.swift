import Foundation

/// Checks, before a run starts, that an output file (`--junit`, `--trace`, `--out`) can be
/// written, so that an unwritable path is invalid input (exit 2) rather than an internal error
/// after the whole run.
enum OutputPath {
  /// Why `path` cannot be written, or `nil` when it can.
  static func problem(_ path: String) -> String? {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { return "is a folder, not a file" }
      return manager.isWritableFile(atPath: path) ? nil : "the file is not writable"
    }
    let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard manager.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue
    else { return "the folder \(parent) does not exist" }
    return manager.isWritableFile(atPath: parent) ? nil : "the folder \(parent) is not writable"
  }
}

import Foundation

/// Why a path given as an input file cannot be read as one: checked before reading, so that a
/// folder, a FIFO (which would block the read forever) or a missing file gets its own reason
/// instead of Foundation's "The operation could not be completed".
package enum InputFile {
  /// Why `path` is not a readable regular file, or nil when it is.
  package static func problem(_ path: String) -> String? {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return "no such file"
    }
    if isDirectory.boolValue { return "is a folder, not a file" }
    let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let type = (try? manager.attributesOfItem(atPath: real))?[.type] as? FileAttributeType
    if type != .typeRegular { return "is not a regular file (a FIFO, socket or device)" }
    if !manager.isReadableFile(atPath: path) { return "the file is not readable" }
    return nil
  }
}

import ArgumentParser
import Foundation

/// Checks, before any work starts, that every output the user asked for can be written: files
/// (`--junit`, `--trace`, `--perfetto`, `--out FILE`) and folders (`--out DIR`, `--report DIR`),
/// so that an unwritable path is invalid input (exit 2) rather than an internal error after the
/// whole run.
enum OutputPath {
  /// Why `path` cannot be written as a file, or `nil` when it can.
  static func problem(_ path: String) -> String? {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { return "is a folder, not a file" }
      return manager.isWritableFile(atPath: path) ? nil : "the file is not writable"
    }
    let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard manager.fileExists(atPath: parent, isDirectory: &isDirectory) else {
      return "the folder \(parent) does not exist"
    }
    guard isDirectory.boolValue else { return "\(parent) is a file, not a folder" }
    return manager.isWritableFile(atPath: parent) ? nil : "the folder \(parent) is not writable"
  }

  /// Creates the folder `path` (and its parents) if needed and proves that a file can be
  /// written in it; returns why not, or `nil`. Creating it is the only test that holds for every
  /// user and file system (root passes permission checks that a read-only mount still refuses).
  static func folderProblem(_ path: String) -> String? {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
      return "is a file, not a folder"
    }
    var ancestor = URL(fileURLWithPath: path).standardizedFileURL
    while !manager.fileExists(atPath: ancestor.path) && ancestor.path != "/" {
      ancestor.deleteLastPathComponent()
    }
    if manager.fileExists(atPath: ancestor.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      return "\(ancestor.path) is a file, not a folder"
    }
    do {
      try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      return "cannot create the folder (\(reason(error)))"
    }
    let probe = URL(fileURLWithPath: path).appendingPathComponent(
      ".cellsim-write-check-\(ProcessInfo.processInfo.processIdentifier)")
    guard manager.createFile(atPath: probe.path, contents: Data()) else {
      return "the folder is not writable"
    }
    try? manager.removeItem(at: probe)
    return nil
  }

  /// Checks every given output of `command`; on the first problem, writes
  /// `cellsim COMMAND: error: FLAG PATH: reason` to stderr and exits 2.
  static func require(
    _ command: String, files: [(flag: String, path: String?)] = [],
    folders: [(flag: String, path: String?)] = []
  ) throws {
    let problems =
      files.compactMap { flag, path in path.flatMap { p in problem(p).map { (flag, p, $0) } } }
      + folders.compactMap { flag, path in
        path.flatMap { p in folderProblem(p).map { (flag, p, $0) } }
      }
    guard let (flag, path, reason) = problems.first else { return }
    FileHandle.standardError.write(
      Data("cellsim \(command): error: \(flag) \(path): \(reason)\n".utf8))
    throw ExitCode(2)
  }

  /// Checks that the input folder `path` of `flag` (`--fixtures`) exists and is a folder; on a
  /// problem writes `cellsim COMMAND: error: FLAG PATH: reason` to stderr and exits 2, before
  /// any work (a file given as the fixtures root made every glob "match no file").
  static func requireInputFolder(_ command: String, _ flag: String, _ path: String) throws {
    var isDirectory: ObjCBool = false
    let reason: String
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      reason = "no such folder"
    } else if !isDirectory.boolValue {
      reason = "is a file, not a folder"
    } else {
      return
    }
    FileHandle.standardError.write(
      Data("cellsim \(command): error: \(flag) \(path): \(reason)\n".utf8))
    throw ExitCode(2)
  }

  /// The operating system's words for a file error, not Foundation's.
  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
    if let posix = underlying, posix.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(posix.code)))
    }
    return nsError.localizedDescription
  }
}

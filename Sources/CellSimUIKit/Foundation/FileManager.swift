import Foundation
import SimKernel
import SimPlatform

/// Foundation's `FileManager`, with the app's sandbox kept per world (see `Sandbox`).
///
/// It is a subclass of Foundation's, so every method keeps Foundation's signature, and those
/// not listed here are Foundation's own, on the real file system. In a world:
/// - `urls(for:in:)` (and `url(for:in:appropriateFor:create:)`, which calls it) gives the
///   sandbox's `Documents`, `Library`, `Library/Caches`, `Library/Application Support` for the
///   user domain, and `temporaryDirectory` its `tmp`;
/// - inside the sandbox, `fileExists(atPath:)`, `contents(atPath:)`, `createFile`,
///   `createDirectory`, `removeItem`, `copyItem`, `moveItem`, `contentsOfDirectory(atPath:)`,
///   `subpathsOfDirectory(atPath:)`, `attributesOfItem(atPath:)` (size, type, dates in virtual
///   time) and `setAttributes` work on the world's in-memory files.
///
/// Foundation declares `fileExists(atPath:isDirectory:)`,
/// `contentsOfDirectory(at:includingPropertiesForKeys:options:)` and `enumerator(at:…)` in
/// extensions, which a subclass cannot override: on a sandbox path they look at the real disk
/// and find nothing. Outside any world (a test's own code) everything is Foundation's.
open class FileManager: Foundation.FileManager, @unchecked Sendable {
  static let shared = FileManager()

  /// The shared file manager.
  open override class var `default`: FileManager { shared }

  open override func urls(
    for directory: Foundation.FileManager.SearchPathDirectory,
    in domainMask: Foundation.FileManager.SearchPathDomainMask
  ) -> [URL] {
    guard SimulationContext.world != nil, domainMask.contains(.userDomainMask),
      let path = Self.sandboxPath(of: directory)
    else { return super.urls(for: directory, in: domainMask) }
    return [URL(fileURLWithPath: path, isDirectory: true)]
  }

  /// The sandbox's folder for `directory`, if the sandbox has one.
  static func sandboxPath(of directory: Foundation.FileManager.SearchPathDirectory) -> String? {
    switch directory {
    case .documentDirectory: return Sandbox.root + "/Documents"
    case .libraryDirectory: return Sandbox.root + "/Library"
    case .cachesDirectory: return Sandbox.root + "/Library/Caches"
    case .applicationSupportDirectory: return Sandbox.root + "/Library/Application Support"
    // Folders iOS names in the container but does not make.
    case .applicationDirectory: return Sandbox.root + "/Applications"
    case .downloadsDirectory: return Sandbox.root + "/Downloads"
    case .picturesDirectory: return Sandbox.root + "/Pictures"
    case .moviesDirectory: return Sandbox.root + "/Movies"
    case .musicDirectory: return Sandbox.root + "/Music"
    case .desktopDirectory: return Sandbox.root + "/Desktop"
    default: return nil
    }
  }

  open override var temporaryDirectory: URL {
    guard SimulationContext.world != nil else { return super.temporaryDirectory }
    return URL(fileURLWithPath: Sandbox.root + "/tmp", isDirectory: true)
  }

  open override func fileExists(atPath path: String) -> Bool {
    guard case (let world, let inside)? = Sandbox.resolve(path) else {
      return super.fileExists(atPath: path)
    }
    return Sandbox.of(world).nodes[inside] != nil
  }

  open override func contents(atPath path: String) -> Data? {
    guard case (let world, let inside)? = Sandbox.resolve(path) else {
      return super.contents(atPath: path)
    }
    guard case .file(let data, _) = Sandbox.of(world).nodes[inside] else { return nil }
    Sandbox.spend(world, reading: data.count)
    return data
  }

  @discardableResult
  open override func createFile(
    atPath path: String, contents data: Data?, attributes attr: [FileAttributeKey: Any]? = nil
  ) -> Bool {
    guard case (let world, let inside)? = Sandbox.resolve(path) else {
      return super.createFile(atPath: path, contents: data, attributes: attr)
    }
    let bytes = data ?? Data()
    Sandbox.spend(world, writing: bytes.count)
    return (try? Sandbox.of(world).write(bytes, at: inside, now: world.now)) != nil
  }

  open override func createDirectory(
    at url: URL, withIntermediateDirectories createIntermediates: Bool,
    attributes: [FileAttributeKey: Any]? = nil
  ) throws {
    try createDirectory(
      atPath: url.path, withIntermediateDirectories: createIntermediates, attributes: attributes)
  }

  open override func createDirectory(
    atPath path: String, withIntermediateDirectories createIntermediates: Bool,
    attributes: [FileAttributeKey: Any]? = nil
  ) throws {
    guard case (let world, let inside)? = Sandbox.resolve(path) else {
      return try super.createDirectory(
        atPath: path, withIntermediateDirectories: createIntermediates, attributes: attributes)
    }
    try Sandbox.of(world).makeDirectory(inside, intermediates: createIntermediates, now: world.now)
  }

  open override func removeItem(at URL: URL) throws { try removeItem(atPath: URL.path) }

  open override func removeItem(atPath path: String) throws {
    guard case (let world, let inside)? = Sandbox.resolve(path) else {
      return try super.removeItem(atPath: path)
    }
    try Sandbox.of(world).remove(inside)
  }

  open override func copyItem(at srcURL: URL, to dstURL: URL) throws {
    try copyItem(atPath: srcURL.path, toPath: dstURL.path)
  }

  open override func moveItem(at srcURL: URL, to dstURL: URL) throws {
    try moveItem(atPath: srcURL.path, toPath: dstURL.path)
  }

  open override func copyItem(atPath srcPath: String, toPath dstPath: String) throws {
    try transfer(from: srcPath, to: dstPath, removingSource: false)
  }

  open override func moveItem(atPath srcPath: String, toPath dstPath: String) throws {
    try transfer(from: srcPath, to: dstPath, removingSource: true)
  }

  /// Copies or moves a file; either end may be in the sandbox (a download moved into the
  /// caches, say), not a directory.
  private func transfer(from source: String, to destination: String, removingSource: Bool)
    throws
  {
    let from = Sandbox.resolve(source)
    let to = Sandbox.resolve(destination)
    if from == nil, to == nil {
      return removingSource
        ? try super.moveItem(atPath: source, toPath: destination)
        : try super.copyItem(atPath: source, toPath: destination)
    }
    let data: Data
    if case (let world, let inside)? = from {
      guard case .file(let bytes, _) = Sandbox.of(world).nodes[inside] else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: source])
      }
      data = bytes
    } else {
      guard let bytes = super.contents(atPath: source) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: source])
      }
      data = bytes
    }
    if case (let world, let inside)? = to {
      let sandbox = Sandbox.of(world)
      guard sandbox.nodes[inside] == nil else {
        throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: destination])
      }
      Sandbox.spend(world, writing: data.count)
      try sandbox.write(data, at: inside, now: world.now)
    } else {
      guard super.createFile(atPath: destination, contents: data) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination])
      }
    }
    guard removingSource else { return }
    if case (let world, let inside)? = from {
      try Sandbox.of(world).remove(inside)
    } else {
      try super.removeItem(atPath: source)
    }
  }

  open override func contentsOfDirectory(atPath path: String) throws -> [String] {
    guard case (let world, let inside)? = Sandbox.resolve(path) else {
      return try super.contentsOfDirectory(atPath: path)
    }
    let sandbox = Sandbox.of(world)
    guard sandbox.isDirectory(inside) else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
    return sandbox.children(of: inside)
  }

  open override func subpathsOfDirectory(atPath path: String) throws -> [String] {
    guard case (let world, let inside)? = Sandbox.resolve(path) else {
      return try super.subpathsOfDirectory(atPath: path)
    }
    let sandbox = Sandbox.of(world)
    guard sandbox.isDirectory(inside) else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
    let prefix = inside + "/"
    return sandbox.nodes.keys.filter { $0.hasPrefix(prefix) }.map {
      String($0.dropFirst(prefix.count))
    }
    .sorted()
  }

  open override func attributesOfItem(atPath path: String) throws -> [FileAttributeKey: Any] {
    guard case (let world, let inside)? = Sandbox.resolve(path) else {
      return try super.attributesOfItem(atPath: path)
    }
    switch Sandbox.of(world).nodes[inside] {
    case .file(let data, let modified):
      let date = VirtualClock.date(at: modified)
      return [
        .type: FileAttributeType.typeRegular, .size: NSNumber(value: data.count),
        .modificationDate: date, .creationDate: date,
      ]
    case .directory(let created):
      let date = VirtualClock.date(at: created)
      return [
        .type: FileAttributeType.typeDirectory, .size: NSNumber(value: 0),
        .modificationDate: date, .creationDate: date,
      ]
    case nil:
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
  }

  /// In the sandbox: a `modificationDate` moves a file's date (cache expiry code sets it on a
  /// hit); other attributes are accepted and kept nowhere.
  open override func setAttributes(
    _ attributes: [FileAttributeKey: Any], ofItemAtPath path: String
  ) throws {
    guard case (let world, let inside)? = Sandbox.resolve(path) else {
      return try super.setAttributes(attributes, ofItemAtPath: path)
    }
    let sandbox = Sandbox.of(world)
    guard let node = sandbox.nodes[inside] else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
    if case .file(let data, _) = node, let date = attributes[.modificationDate] as? Date {
      sandbox.nodes[inside] = .file(data, modified: VirtualClock.time(of: date))
    }
  }
}

/// Foundation's `NSTemporaryDirectory()`: in a world, the sandbox's `tmp` (with a trailing
/// slash, as Foundation gives it).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func NSTemporaryDirectory() -> String {
  guard SimulationContext.world != nil else { return Foundation.NSTemporaryDirectory() }
  return Sandbox.root + "/tmp/"
}

/// Foundation's `NSSearchPathForDirectoriesInDomains(_:_:_:)`: in a world, the sandbox's folder
/// for a user-domain directory (`Documents`, `Library`, `Library/Caches`, `Application
/// Support`), as `FileManager.urls(for:in:)` gives it, so a disk cache built on the path (as
/// HanekeSwift's is) stays in the run's sandbox; other directories and domains, and any call
/// outside a world, are Foundation's.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func NSSearchPathForDirectoriesInDomains(
  _ directory: Foundation.FileManager.SearchPathDirectory,
  _ domainMask: Foundation.FileManager.SearchPathDomainMask, _ expandTilde: Bool
) -> [String] {
  guard SimulationContext.world != nil, domainMask.contains(.userDomainMask),
    let path = FileManager.sandboxPath(of: directory)
  else { return Foundation.NSSearchPathForDirectoriesInDomains(directory, domainMask, expandTilde) }
  return [path]
}

/// Foundation's `NSHomeDirectory()`: in a world, the sandbox's container.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func NSHomeDirectory() -> String {
  guard SimulationContext.world != nil else { return Foundation.NSHomeDirectory() }
  return Sandbox.root
}

/// Foundation's directory URLs (iOS 16): in a world, the sandbox's folders, as
/// `FileManager.urls(for:in:)` gives them; outside any world, the real ones. These shadow
/// Foundation's in a file that imports only the layer, so a disk cache written under
/// `URL.cachesDirectory` stays in the run's sandbox.
extension URL {
  /// The sandbox's `Documents`.
  public static var documentsDirectory: URL { directory(.documentDirectory) }
  /// The sandbox's `Library`.
  public static var libraryDirectory: URL { directory(.libraryDirectory) }
  /// The sandbox's `Library/Caches`.
  public static var cachesDirectory: URL { directory(.cachesDirectory) }
  /// The sandbox's `Library/Application Support`.
  public static var applicationSupportDirectory: URL { directory(.applicationSupportDirectory) }
  /// The container's `Applications` (named, not made, as on iOS).
  public static var applicationDirectory: URL { directory(.applicationDirectory) }
  /// The container's `Downloads` (named, not made).
  public static var downloadsDirectory: URL { directory(.downloadsDirectory) }
  /// The container's `Pictures` (named, not made).
  public static var picturesDirectory: URL { directory(.picturesDirectory) }
  /// The container's `Movies` (named, not made).
  public static var moviesDirectory: URL { directory(.moviesDirectory) }
  /// The container's `Music` (named, not made).
  public static var musicDirectory: URL { directory(.musicDirectory) }
  /// The container's `Desktop` (named, not made).
  public static var desktopDirectory: URL { directory(.desktopDirectory) }
  /// The sandbox's `tmp`.
  public static var temporaryDirectory: URL { FileManager.default.temporaryDirectory }
  /// The sandbox's container.
  public static var homeDirectory: URL {
    URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
  }

  static func directory(_ kind: Foundation.FileManager.SearchPathDirectory) -> URL {
    FileManager.default.urls(for: kind, in: .userDomainMask).first
      ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
  }
}

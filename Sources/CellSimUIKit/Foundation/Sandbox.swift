import Foundation
import SimKernel
import SimPlatform
import SimThreads

/// The app's sandbox as code in a world sees it: its container's directories (`Documents`,
/// `Library/Caches`, `Library/Application Support`, `tmp`) are an in-memory file system kept per
/// world, so a disk cache starts empty in every run, as in a fresh install, and nothing a run
/// writes reaches the real disk or the next run.
///
/// Reads and writes inside the sandbox cost the device's disk time (`disk_read_fixed`,
/// `disk_ns_per_byte`; writes twice the per-byte cost) on the calling simulated thread, when it
/// may block. Paths outside the sandbox are the real file system (fixtures, a test's own files).
final class Sandbox {
  /// The container's path, as iOS shapes one (the app's UUID is fixed: paths are printed).
  static let root = "/var/mobile/Containers/Data/Application/00000000-0000-0000-0000-00000000CE11"
  /// The directories every container has.
  static let standardDirectories = [
    root, root + "/Documents", root + "/Library", root + "/Library/Caches",
    root + "/Library/Application Support", root + "/tmp",
  ]

  /// A file or a directory.
  enum Node {
    case file(Data, modified: SimTime)
    case directory(created: SimTime)
  }

  /// Every node, by standardized absolute path.
  var nodes: [String: Node] = [:]
  /// Download tasks' files made so far, which names the next one.
  var downloads = 0

  init() {
    for directory in Self.standardDirectories { nodes[directory] = .directory(created: .zero) }
  }

  /// The sandbox of `world`, made at its first use.
  static func of(_ world: World) -> Sandbox { world.layerAttachment { Sandbox() } }

  /// The standardized path of `path` if it lies in the sandbox, else nil.
  static func contained(_ path: String) -> String? {
    let standard = (path as NSString).standardizingPath
    guard standard == root || standard.hasPrefix(root + "/") else { return nil }
    return standard.count > 1 && standard.hasSuffix("/") ? String(standard.dropLast()) : standard
  }

  /// The calling code's world and the standardized path, when `path` is in the sandbox and a
  /// world runs the caller; nil when the real file system answers.
  static func resolve(_ path: String) -> (World, String)? {
    guard let inside = contained(path) else { return nil }
    guard let world = SimulationContext.world else {
      preconditionFailure(
        "CellSimUIKit: the app's sandbox (\(path)) was used outside any CellSim world; it "
          + "exists only in a run")
    }
    return (world, inside)
  }

  /// The parent directory of `path`.
  static func parent(of path: String) -> String { (path as NSString).deletingLastPathComponent }

  /// Holds the calling thread for the disk time of `bytes`, if it may block.
  static func spend(_ world: World, reading bytes: Int) {
    guard Blocking.canBlock else { return }
    Blocking.sleep(for: world.device.diskReadCost(bytes: bytes))
  }

  /// Holds the calling thread for the disk time of writing `bytes`, if it may block.
  static func spend(_ world: World, writing bytes: Int) {
    guard Blocking.canBlock else { return }
    Blocking.sleep(for: world.device.diskWriteCost(bytes: bytes))
  }

  /// `path`'s children's names, sorted (a real directory's order is the file system's; this
  /// one is fixed, so runs stay equal).
  func children(of path: String) -> [String] {
    let prefix = path + "/"
    return nodes.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
      .map { String($0.dropFirst(prefix.count)) }.sorted()
  }

  /// Whether `path` is a directory here.
  func isDirectory(_ path: String) -> Bool {
    if case .directory = nodes[path] { return true }
    return false
  }

  /// Writes `data` at `path`; throws when the parent is missing or `path` is a directory.
  func write(_ data: Data, at path: String, now: SimTime) throws {
    guard isDirectory(Self.parent(of: path)) else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
    if isDirectory(path) {
      throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: path])
    }
    nodes[path] = .file(data, modified: now)
  }

  /// Makes the directory `path` (and its missing parents with `intermediates`).
  func makeDirectory(_ path: String, intermediates: Bool, now: SimTime) throws {
    if let node = nodes[path] {
      if case .directory = node, intermediates { return }
      throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: path])
    }
    let parent = Self.parent(of: path)
    if !isDirectory(parent) {
      guard intermediates, Self.contained(parent) != nil, nodes[parent] == nil else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: parent])
      }
      try makeDirectory(parent, intermediates: true, now: now)
    }
    nodes[path] = .directory(created: now)
  }

  /// Removes `path` and everything under it; throws if it does not exist.
  func remove(_ path: String) throws {
    guard nodes[path] != nil else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
    let prefix = path + "/"
    for key in nodes.keys.sorted() where key == path || key.hasPrefix(prefix) {
      nodes[key] = nil
    }
  }

  /// Writes a finished download's body to a new file in `tmp` (made again if the app removed
  /// it) and returns the file's URL, as `URLSession` hands download tasks their location.
  func storeDownload(_ data: Data, now: SimTime) -> URL {
    downloads += 1
    let folder = Self.root + "/tmp"
    try? makeDirectory(folder, intermediates: true, now: now)
    let path = folder + "/CFNetworkDownload_\(downloads).tmp"
    nodes[path] = .file(data, modified: now)
    return URL(fileURLWithPath: path, isDirectory: false)
  }
}

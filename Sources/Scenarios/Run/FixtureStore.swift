import Foundation
import PNGRender
import Synchronization

/// Process-wide store of fixture files read from disk: bytes and content digest, read and
/// hashed once per process however many runs serve them.
///
/// Every run of a suite, a comparison or a fuzz campaign serves the same few fixtures; reading
/// and digesting them again for each run cost about a quarter of a fuzz case, and each re-read
/// made a new array that `DigestMemo` retained (about 2.5 MB per run of `compare --loaders
/// all`). Here each file is read once and every run shares the one array, so the digest memo
/// sees one storage per fixture.
///
/// An entry is keyed by the file's absolute path and checked against the file's size and
/// modification time at each lookup (one `stat`), so a fixture rewritten during the process
/// is read again. Bounded by bytes; the oldest entries go first. The bytes returned are the
/// file's, so the store changes wall time and memory only, never a result.
final class FixtureStore: Sendable {
  struct Stamp: Equatable {
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
  }

  struct Entry {
    var stamp: Stamp
    var bytes: [UInt8]
    var digest: ContentDigest
  }

  struct State {
    var entries: [String: Entry] = [:]
    var order: [String] = []
    var retainedBytes = 0
    /// Reads from disk (hits do not count): for tests and benchmarks.
    var reads = 0
  }

  /// The process's store: at most 64 MB of fixture bytes.
  static let shared = FixtureStore(byteLimit: 64_000_000)

  let byteLimit: Int
  let state = Mutex(State())

  init(byteLimit: Int) { self.byteLimit = byteLimit }

  /// Files read from disk so far.
  var reads: Int { state.withLock { $0.reads } }

  /// Bytes held now.
  var retainedBytes: Int { state.withLock { $0.retainedBytes } }

  /// The bytes and digest of the file at `path`, or nil if it cannot be read.
  func file(atPath path: String) -> (bytes: [UInt8], digest: ContentDigest)? {
    guard let stamp = Self.stamp(ofPath: path) else { return nil }
    if let hit = state.withLock({ $0.entries[path] }), hit.stamp == stamp {
      return (hit.bytes, hit.digest)
    }
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let bytes = [UInt8](data)
    let digest = ContentDigest.remembering(bytes)
    // A file that changed between the stat and the read keeps the older stamp: the next
    // lookup reads it again, never serves stale bytes as current.
    let unknown = Stamp(size: -1, modifiedSeconds: 0, modifiedNanoseconds: 0)
    let entry = Entry(
      stamp: Int64(bytes.count) == stamp.size ? stamp : unknown, bytes: bytes, digest: digest)
    state.withLock { state in
      state.reads += 1
      guard bytes.count <= byteLimit / 4 else { return }
      if let old = state.entries.updateValue(entry, forKey: path) {
        state.retainedBytes -= old.bytes.count
        state.order.removeAll { $0 == path }
      }
      state.order.append(path)
      state.retainedBytes += bytes.count
      while state.retainedBytes > byteLimit, !state.order.isEmpty {
        let oldest = state.order.removeFirst()
        state.retainedBytes -= state.entries.removeValue(forKey: oldest)?.bytes.count ?? 0
      }
    }
    return (bytes, digest)
  }

  static func stamp(ofPath path: String) -> Stamp? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Stamp(
      size: Int64(info.st_size), modifiedSeconds: Int(info.st_mtim.tv_sec),
      modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
  }
}

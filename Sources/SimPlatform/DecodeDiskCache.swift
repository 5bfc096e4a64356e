package import Foundation
import PNGRender
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Decode results persisted in a folder, so a fresh process (a cold suite run, a fuzz worker)
/// does not decode the same fixtures again.
///
/// Content-addressed: an entry's name is made of the content digest of the encoded bytes,
/// their length and the transforms applied (`DecodeMemo.Key`), never of a URL or a path.
/// Simulated costs never come from here: they come from the PNG header and the device profile,
/// and a cached bitmap is the very pixels the decode produced (decoding is a pure function of
/// the bytes), so a run gives the same trace and digest with a cold or a warm cache.
///
/// - Concurrent writers: an entry is written to a temporary file in the same folder and
///   renamed into place (`rename(2)` is atomic), so a reader sees a whole entry or none; two
///   processes storing the same key write the same bytes.
/// - Corruption: an entry carries its size and a checksum of its pixels (`checksum(_:)`); one
///   that does not match (cut short, edited, from another format version) is ignored and
///   replaced.
/// - Bounded: after each store the folder is trimmed to `byteLimit`, oldest entries first.
///
/// The folder is `CELLSIM_CACHE_DIR` if set (`off` disables the cache), else
/// `.build/cellsim-cache` when the current directory has a `.build` folder (a SwiftPM package
/// root), else none.
package final class DecodeDiskCache: Sendable {
  /// The first bytes of every entry (format version 2: version 1 checksummed with FNV-1a, byte
  /// by byte, which was a tenth of a fresh `cellsim run` of fling-1000).
  static let magic: [UInt8] = Array("CSDC2\n".utf8)
  /// Header: magic, width and height (UInt32 little-endian each), checksum (UInt64).
  static let headerSize = 6 + 4 + 4 + 8

  /// The folder entries live in.
  package let folder: URL
  /// The most bytes the folder may hold.
  package let byteLimit: Int
  let counter = Atomic<Int>(0)
  /// The bytes this instance believes the folder holds: nil until its first scan, then the
  /// scan's total plus what it stored since. The folder is scanned again only when this passes
  /// `byteLimit`; a scan on every store read every entry's attributes, which made a run that
  /// decodes many distinct images (`unique_bytes`) quadratic in the folder's size.
  let estimatedBytes = Mutex<Int?>(nil)

  /// A cache in `folder` (created if missing) holding at most `byteLimit` bytes.
  package init(folder: URL, byteLimit: Int = 256 * 1_048_576) {
    self.folder = folder
    self.byteLimit = byteLimit
  }

  /// The cache the environment asks for: `CELLSIM_CACHE_DIR` (`off`: none), else
  /// `.build/cellsim-cache` under the current directory if `.build` exists there.
  package static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> DecodeDiskCache? {
    if let path = environment["CELLSIM_CACHE_DIR"], !path.isEmpty {
      if path == "off" { return nil }
      return DecodeDiskCache(folder: URL(fileURLWithPath: path, isDirectory: true))
    }
    let build = URL(fileURLWithPath: currentDirectory).appendingPathComponent(".build")
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: build.path, isDirectory: &isFolder),
      isFolder.boolValue
    else { return nil }
    return DecodeDiskCache(folder: build.appendingPathComponent("cellsim-cache"))
  }

  /// Bump when the decoder's or the resampler's output changes, or the entry format: entries of
  /// another version are never read (2: the word-wise checksum, `magic` CSDC2).
  static let version = 2

  /// The file name of `key`: version, kind, digest, byte count and transforms, in safe
  /// characters.
  static func name(of key: DecodeMemo.Key) -> String {
    let transforms = key.transforms.map { target -> String in
      switch target {
      case .fullSize: "full"
      case .maxPixelSize(let size): "max\(size)"
      case .aspectFill(let width, let height): "fill\(width)x\(height)"
      }
    }
    return [
      "v\(version)", key.isResample ? "r" : key.isPartial ? "p" : "d", key.digest.description,
      String(key.byteCount),
    ]
    .joined(separator: "-") + "_" + transforms.joined(separator: "_") + ".rgba"
  }

  /// The bitmap stored for `key`, or nil if there is none or it is damaged. The header is read
  /// first and the pixels straight into the bitmap's array: reading the whole file and then
  /// copying the pixels out moved every byte twice more.
  func load(_ key: DecodeMemo.Key) -> Bitmap? {
    let path = folder.appendingPathComponent(Self.name(of: key)).path
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: Self.headerSize)
    let headerRead = header.withUnsafeMutableBytes {
      Self.readFully(descriptor, $0.baseAddress!, Self.headerSize)
    }
    guard headerRead == Self.headerSize, let (width, height, checksum) = Self.header(header)
    else { return nil }
    let count = width * height * 4
    // The file's size must be what the header says before anything that size is allocated (a
    // damaged header may claim 65,536 × 65,536 pixels).
    var status = stat()
    guard fstat(descriptor, &status) == 0, Int(status.st_size) == Self.headerSize + count
    else { return nil }
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      initialized = Self.readFully(descriptor, buffer.baseAddress!, count) == count ? count : 0
    }
    guard pixels.count == count, pixels.withUnsafeBytes({ Self.checksum($0) }) == checksum
    else { return nil }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// Reads up to `count` bytes into `buffer`, retrying short reads; returns how many it read.
  static func readFully(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
  {
    var done = 0
    while done < count {
      let got = read(descriptor, buffer + done, count - done)
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      done += got
    }
    return done
  }

  /// A checksum of `bytes` that detects a damaged entry, eight bytes a step: FNV-1a's
  /// multiply-after-xor on 64-bit words (each step a bijection of the state, so one changed
  /// word always changes the result), with the length folded in first. Not a content digest:
  /// only this cache reads it.
  static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let prime: UInt64 = 0x0000_0100_0000_01b3
    var state = FNV1a64.offsetBasis ^ UInt64(bytes.count)
    var offset = 0
    while offset + 8 <= bytes.count {
      state = (state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
      offset += 8
    }
    while offset < bytes.count {
      state = (state ^ UInt64(bytes[offset])) &* prime
      offset += 1
    }
    return state ^ (state >> 32)
  }

  /// Stores `bitmap` for `key` (atomically), then trims the folder to its bound. Failures
  /// (a read-only folder, a full disk) are ignored: the cache only saves time.
  func store(_ key: DecodeMemo.Key, _ bitmap: Bitmap) {
    let entry = Self.encodeEntry(bitmap)
    guard entry.count <= byteLimit / 4 else { return }
    let manager = FileManager.default
    try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
    let name = Self.name(of: key)
    let serial = counter.add(1, ordering: .relaxed).newValue
    let temporary = folder.appendingPathComponent(
      ".\(name).\(ProcessInfo.processInfo.processIdentifier).\(serial).tmp")
    guard manager.createFile(atPath: temporary.path, contents: Data(entry)) else { return }
    if rename(temporary.path, folder.appendingPathComponent(name).path) != 0 {
      try? manager.removeItem(at: temporary)
      return
    }
    let due = estimatedBytes.withLock { estimate -> Bool in
      guard let known = estimate else { return true }
      estimate = known + entry.count
      return known + entry.count > byteLimit
    }
    if due { trim() }
  }

  /// Deletes the oldest entries (by modification time, then name) until the folder holds at
  /// most three quarters of `byteLimit`, when it holds more than `byteLimit`: the slack lets
  /// many stores pass before the next scan. Other processes' stores are seen at the next scan
  /// only, so a folder several processes write may pass its bound by what they stored since.
  /// Another process may trim at the same time; a file already gone is skipped.
  func trim() {
    let manager = FileManager.default
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
    guard
      let files = try? manager.contentsOfDirectory(
        at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
    else { return }
    var entries: [(url: URL, size: Int, modified: Date)] = []
    var total = 0
    for file in files where file.pathExtension == "rgba" {
      guard let values = try? file.resourceValues(forKeys: Set(keys)) else { continue }
      let size = values.fileSize ?? 0
      entries.append((file, size, values.contentModificationDate ?? .distantPast))
      total += size
    }
    defer { estimatedBytes.withLock { $0 = total } }
    guard total > byteLimit else { return }
    entries.sort {
      $0.modified != $1.modified
        ? $0.modified < $1.modified : $0.url.lastPathComponent < $1.url.lastPathComponent
    }
    let target = byteLimit / 4 * 3
    for entry in entries where total > target {
      try? manager.removeItem(at: entry.url)
      total -= entry.size
    }
  }

  /// An entry's bytes: header (magic, width, height, checksum of the pixels), then pixels.
  static func encodeEntry(_ bitmap: Bitmap) -> [UInt8] {
    var bytes = magic
    bytes.reserveCapacity(headerSize + bitmap.pixels.count)
    appendLittleEndian(UInt32(bitmap.width), to: &bytes)
    appendLittleEndian(UInt32(bitmap.height), to: &bytes)
    appendLittleEndian(bitmap.pixels.withUnsafeBytes { checksum($0) }, to: &bytes)
    bytes.append(contentsOf: bitmap.pixels)
    return bytes
  }

  /// The bitmap in `bytes`, or nil if they are not a whole, intact entry.
  static func decodeEntry(_ bytes: [UInt8]) -> Bitmap? {
    guard bytes.count >= headerSize, let (width, height, checksum) = header(bytes),
      bytes.count == headerSize + width * height * 4
    else { return nil }
    let pixels = Array(bytes[headerSize...])
    guard pixels.withUnsafeBytes({ Self.checksum($0) }) == checksum else { return nil }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// The size and checksum in an entry's header (its first `headerSize` bytes), or nil if the
  /// magic is not this version's or the size is out of bounds.
  static func header(_ bytes: [UInt8]) -> (width: Int, height: Int, checksum: UInt64)? {
    guard bytes.count >= headerSize, bytes.starts(with: magic) else { return nil }
    let width = Int(readLittleEndian(UInt32.self, bytes, at: 6))
    let height = Int(readLittleEndian(UInt32.self, bytes, at: 10))
    guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16 else { return nil }
    return (width, height, readLittleEndian(UInt64.self, bytes, at: 14))
  }

  static func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  static func readLittleEndian<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], at offset: Int)
    -> T
  {
    var value: T = 0
    for index in 0..<MemoryLayout<T>.size {
      value |= T(bytes[offset + index]) << (8 * index)
    }
    return value
  }
}

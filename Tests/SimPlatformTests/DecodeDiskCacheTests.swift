import Foundation
import PNGRender
import Synchronization
import Testing

@testable import SimPlatform

/// The decode memo persisted across processes: content-addressed, atomic under concurrent
/// writers, bounded, and deaf to damaged entries.
@Suite("Decode memo on disk")
struct DecodeDiskCacheTests {
  static func bitmap(_ width: Int, _ height: Int, seed: Int = 0) -> Bitmap {
    var pixels = [UInt8]()
    pixels.reserveCapacity(width * height * 4)
    for index in 0..<(width * height) {
      pixels += [UInt8(truncatingIfNeeded: index &+ seed), UInt8(index % 7), 9, 255]
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  static func key(_ seed: UInt64, target: DecodeTarget = .maxPixelSize(64)) -> DecodeMemo.Key {
    DecodeMemo.Key(
      isResample: false, digest: ContentDigest(value: seed), byteCount: 1_000,
      transforms: [target])
  }

  func folder() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("cellsim-decode-cache-\(UUID().uuidString)", isDirectory: true)
  }

  func entries(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test("a stored bitmap loads back identical; other keys miss")
  func roundTrip() throws {
    let root = folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = DecodeDiskCache(folder: root)
    let bitmap = Self.bitmap(20, 10)
    cache.store(Self.key(1), bitmap)
    #expect(cache.load(Self.key(1)) == bitmap)
    #expect(cache.load(Self.key(2)) == nil)
    #expect(cache.load(Self.key(1, target: .fullSize)) == nil)
    #expect(entries(in: root).count == 1)
  }

  @Test("a damaged entry (cut short, a flipped pixel, another format) is ignored, then replaced")
  func corruptEntriesIgnored() throws {
    let root = folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = DecodeDiskCache(folder: root)
    let bitmap = Self.bitmap(16, 16)
    let path = root.appendingPathComponent(DecodeDiskCache.name(of: Self.key(7)))
    let whole = DecodeDiskCache.encodeEntry(bitmap)
    var flipped = whole
    flipped[whole.count - 5] ^= 0x40
    var otherMagic = whole
    otherMagic[4] = UInt8(ascii: "9")
    // A header claiming 65,536 × 65,536 pixels over a small file is refused before anything
    // that size is allocated; so is a byte past the pixels.
    var huge = whole
    huge.replaceSubrange(6..<14, with: [0, 0, 1, 0, 0, 0, 1, 0])
    let longer = whole + [0]
    for damaged in [
      Array(whole.dropLast(3)), flipped, otherMagic, [], Array(whole.prefix(10)), huge, longer,
    ] {
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try Data(damaged).write(to: path)
      #expect(cache.load(Self.key(7)) == nil)
    }
    cache.store(Self.key(7), bitmap)
    #expect(cache.load(Self.key(7)) == bitmap)
  }

  @Test("the checksum changes with any one byte, the trailing ones too, and with the length")
  func checksumDetectsEveryByte() {
    let pixels = (0..<60).map { UInt8(truncatingIfNeeded: $0 &* 37) }  // 7 words and 4 bytes
    let base = pixels.withUnsafeBytes { DecodeDiskCache.checksum($0) }
    for index in pixels.indices {
      var changed = pixels
      changed[index] ^= 0x01
      #expect(changed.withUnsafeBytes { DecodeDiskCache.checksum($0) } != base, "byte \(index)")
    }
    let shorter = Array(pixels.dropLast())
    #expect(shorter.withUnsafeBytes { DecodeDiskCache.checksum($0) } != base)
    #expect(pixels.withUnsafeBytes { DecodeDiskCache.checksum($0) } == base)
  }

  @Test("the folder is trimmed to its byte bound, oldest entries first")
  func bounded() throws {
    let root = folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let entrySize = DecodeDiskCache.encodeEntry(Self.bitmap(32, 32)).count
    let cache = DecodeDiskCache(folder: root, byteLimit: entrySize * 4)
    for seed in 0..<10 { cache.store(Self.key(UInt64(seed)), Self.bitmap(32, 32, seed: seed)) }
    let sizes = entries(in: root).map {
      (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent($0).path))?[
        .size] as? Int ?? 0
    }
    #expect(sizes.reduce(0, +) <= entrySize * 4)
    #expect(cache.load(Self.key(9)) == Self.bitmap(32, 32, seed: 9), "the newest entry stays")
  }

  @Test("a store scans the folder only once its own stores pass the bound, then trims to 3/4")
  func amortizedTrim() throws {
    let root = folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let entrySize = DecodeDiskCache.encodeEntry(Self.bitmap(32, 32)).count
    let cache = DecodeDiskCache(folder: root, byteLimit: entrySize * 8)
    cache.store(Self.key(0), Self.bitmap(32, 32, seed: 0))
    // Another process fills the folder past the bound; this instance has not seen it.
    let other = DecodeDiskCache(folder: root, byteLimit: entrySize * 100)
    for seed in 1...9 { other.store(Self.key(UInt64(seed)), Self.bitmap(32, 32, seed: seed)) }
    cache.store(Self.key(10), Self.bitmap(32, 32, seed: 10))
    #expect(entries(in: root).count == 11, "two stores of its own: no scan, nothing trimmed")
    for seed in 11...17 { cache.store(Self.key(UInt64(seed)), Self.bitmap(32, 32, seed: seed)) }
    // Its ninth store passed the bound: a scan saw 18 entries and kept the newest six.
    #expect(entries(in: root).count == 6)
    #expect(cache.load(Self.key(17)) == Self.bitmap(32, 32, seed: 17), "the newest entry stays")
    #expect(cache.estimatedBytes.withLock { $0 } == entrySize * 6)
  }

  @Test("concurrent writers and readers of the same keys see whole entries or none")
  func concurrentWriters() throws {
    let root = folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let bitmaps = (0..<4).map { Self.bitmap(40, 30, seed: $0) }
    let failures = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: 64) { iteration in
      // Separate instances, as separate processes would have.
      let cache = DecodeDiskCache(folder: root)
      let which = iteration % 4
      cache.store(Self.key(UInt64(which)), bitmaps[which])
      for other in 0..<4 {
        if let loaded = cache.load(Self.key(UInt64(other))), loaded != bitmaps[other] {
          failures.withLock { $0 += 1 }
        }
      }
    }
    #expect(failures.withLock { $0 } == 0)
    #expect(entries(in: root).count == 4, "no temporary file is left behind")
    for which in 0..<4 {
      #expect(DecodeDiskCache(folder: root).load(Self.key(UInt64(which))) == bitmaps[which])
    }
  }

  @Test("a decode through the memo gives the same result cold, warm from disk, and warm in memory")
  func memoColdAndWarm() throws {
    let root = folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let png = try PNGEncoder.encode(Self.bitmap(50, 40))
    let digest = ContentDigest(of: png)
    let cold = DecodeMemo(byteLimit: 1 << 24, disk: DecodeDiskCache(folder: root))
    let first = try cold.decode(png, digest: digest, target: .maxPixelSize(20)).get()
    #expect(entries(in: root).count == 1)
    // A new process: nothing in memory, the entry on disk.
    let warm = DecodeMemo(byteLimit: 1 << 24, disk: DecodeDiskCache(folder: root))
    let second = try warm.decode(png, digest: digest, target: .maxPixelSize(20)).get()
    #expect(second == first)
    #expect(try PNGDecoder().decode(png, target: .maxPixelSize(20)).bitmap == first)
    // A decode that fails is not stored.
    _ = warm.decode([1, 2, 3], digest: ContentDigest(of: [1, 2, 3]), target: .fullSize)
    #expect(entries(in: root).count == 1)
  }

  @Test("the folder comes from CELLSIM_CACHE_DIR, 'off' disables it, else .build/cellsim-cache")
  func folderFromEnvironment() throws {
    #expect(DecodeDiskCache.fromEnvironment(["CELLSIM_CACHE_DIR": "off"]) == nil)
    let chosen = DecodeDiskCache.fromEnvironment(["CELLSIM_CACHE_DIR": "/tmp/somewhere"])
    #expect(chosen?.folder.path == "/tmp/somewhere")
    let root = folder()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    #expect(DecodeDiskCache.fromEnvironment([:], currentDirectory: root.path) == nil)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(".build"), withIntermediateDirectories: true)
    let found = DecodeDiskCache.fromEnvironment([:], currentDirectory: root.path)
    #expect(found?.folder.path == root.appendingPathComponent(".build/cellsim-cache").path)
  }
}

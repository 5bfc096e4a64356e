import Foundation
import PNGRender
import TestSupport
import Testing

@testable import Scenarios

/// `FixtureStore`: fixture files read and digested once per process, shared by every run.
@Suite("Process-wide fixture store")
struct FixtureStoreTests {
  /// A fresh folder with one file `name` holding `bytes`.
  func folder(with bytes: [UInt8], name: String = "a.png") throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cellsim-fixture-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(bytes).write(to: folder.appendingPathComponent(name))
    return folder
  }

  static func address(_ bytes: [UInt8]) -> UInt {
    bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
  }

  @Test("two runs' image servers share one array per fixture (no re-read, no new copy)")
  func serversShareStorage() throws {
    let images = Scenario.Images(
      urlTemplate: "https://img.test/{id}.png", fixtures: ["photos/*.png"])
    let first = try ImageServer(images: images, fixturesRoot: Repository.fixtures)
    let second = try ImageServer(images: images, fixturesRoot: Repository.fixtures)
    let url = try #require(first.initialItems(rows: 3).first?.url)
    _ = try second.initialItems(rows: 3)
    let a = try #require(first.bytes(for: url))
    let b = try #require(second.bytes(for: url))
    #expect(a == b)
    #expect(Self.address(a) == Self.address(b), "each run read the file into a new array")
    #expect(first.digest(for: url) == ContentDigest(of: a))
  }

  @Test("a file is read once, then served from memory with the same digest")
  func readsOnce() throws {
    let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let root = try folder(with: bytes)
    defer { try? FileManager.default.removeItem(at: root) }
    let store = FixtureStore(byteLimit: 1_000_000)
    let path = root.appendingPathComponent("a.png").path
    let first = try #require(store.file(atPath: path))
    let again = try #require(store.file(atPath: path))
    #expect(store.reads == 1)
    #expect(first.bytes == bytes)
    #expect(first.digest == ContentDigest(of: bytes))
    #expect(Self.address(first.bytes) == Self.address(again.bytes))
  }

  @Test("a file rewritten during the process is read again")
  func rewrittenFileIsReadAgain() throws {
    let root = try folder(with: [1, 2, 3])
    defer { try? FileManager.default.removeItem(at: root) }
    let store = FixtureStore(byteLimit: 1_000_000)
    let path = root.appendingPathComponent("a.png").path
    #expect(store.file(atPath: path)?.bytes == [1, 2, 3])
    try Data([9, 8, 7, 6]).write(to: URL(fileURLWithPath: path))
    #expect(store.file(atPath: path)?.bytes == [9, 8, 7, 6])
    #expect(store.reads == 2)
  }

  @Test("the store stays within its byte bound; a missing file or a folder is nil")
  func bounded() throws {
    let names = ["a.png", "b.png", "c.png", "d.png", "e.png", "f.png"]
    let root = try folder(with: [UInt8](repeating: 1, count: 200))
    defer { try? FileManager.default.removeItem(at: root) }
    for name in names.dropFirst() {
      try Data([UInt8](repeating: 2, count: 200)).write(to: root.appendingPathComponent(name))
    }
    let store = FixtureStore(byteLimit: 1_000)
    for name in names {
      #expect(store.file(atPath: root.appendingPathComponent(name).path)?.bytes.count == 200)
      #expect(store.retainedBytes <= 1_000)
    }
    #expect(store.retainedBytes == 1_000)
    #expect(store.file(atPath: root.appendingPathComponent("missing.png").path) == nil)
    #expect(store.file(atPath: root.path) == nil)
  }
}

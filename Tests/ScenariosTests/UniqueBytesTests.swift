import Foundation
import ImageLoaders
import PNGRender
import TestSupport
import Testing

@testable import Scenarios

/// `images: {unique_bytes: true}`: every URL serves bytes of its own.
@Suite("Per-URL fixture bytes")
struct UniqueBytesTests {
  static let photos = Repository.fixtures.appendingPathComponent("photos")

  /// The number of photo fixtures the round-robin cycles through.
  static var photoCount: Int {
    FixtureGlob.expand(["photos/*.png"], in: Repository.fixtures).count
  }

  func server(unique: Bool, rows: Int, shared: [[Int]] = []) throws -> (ImageServer, [String]) {
    let images = Scenario.Images(
      urlTemplate: "https://img.test/{id}.png", fixtures: ["photos/*.png"], shared: shared,
      uniqueBytes: unique)
    let server = try ImageServer(images: images, fixturesRoot: Repository.fixtures)
    let urls = try server.initialItems(rows: rows).map(\.url)
    return (server, urls)
  }

  @Test("round-robin rows alias without the option and get their own bytes with it")
  func rowsNoLongerAlias() throws {
    let n = Self.photoCount
    #expect(n >= 2)
    let (plain, urls) = try server(unique: false, rows: n + 1)
    #expect(plain.bytes(for: urls[0]) == plain.bytes(for: urls[n]), "row 0 and row n alias")
    #expect(plain.digest(for: urls[0]) == plain.digest(for: urls[n]))

    let (unique, same) = try server(unique: true, rows: n + 1)
    let first = try #require(unique.bytes(for: same[0]))
    let again = try #require(unique.bytes(for: same[n]))
    #expect(first != again)
    #expect(unique.digest(for: same[0]) != unique.digest(for: same[n]))
    #expect(unique.digest(for: same[0]) == ContentDigest(of: first))
    // Same pixels but the stamp: the size is the fixture's, and only the corner differs.
    let a = try PNGDecoder().decode(first).bitmap
    let b = try PNGDecoder().decode(again).bitmap
    let original = try PNGDecoder().decode(try #require(plain.bytes(for: urls[0]))).bitmap
    #expect(a.width == original.width && a.height == original.height)
    #expect(a.pixels != b.pixels)
    let lastRow = (a.height - 1) * a.width * 4
    #expect(a.pixels[lastRow...] == original.pixels[lastRow...])
  }

  @Test("the stamp is deterministic, and shared rows still share one URL's bytes")
  func deterministicAndShared() throws {
    let (one, urls) = try server(unique: true, rows: 6, shared: [[2, 5]])
    let (two, _) = try server(unique: true, rows: 6, shared: [[2, 5]])
    #expect(urls[2] == urls[5])
    #expect(one.bytes(for: urls[3]) == two.bytes(for: urls[3]))
    #expect(one.digest(for: urls[5]) == one.digest(for: urls[2]))
    let digests = Set((0..<5).compactMap { one.digest(for: urls[$0]) })
    #expect(digests.count == 5)
  }

  @Test("unique_bytes reads, writes back, and defaults to false")
  func readAndWrite() throws {
    let yaml = """
      cellsim: 1
      name: "u"
      table: {rows: 12}
      images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"], unique_bytes: true}
      """
    let scenario = try Scenario(yaml: yaml)
    #expect(scenario.images.uniqueBytes)
    let text = scenario.yamlText()
    #expect(text.contains("unique_bytes: true"))
    #expect(try Scenario(yaml: text) == scenario)
    let plain = try Scenario(yaml: yaml.replacingOccurrences(of: ", unique_bytes: true", with: ""))
    #expect(!plain.images.uniqueBytes)
    #expect(!plain.yamlText().contains("unique_bytes"))
  }

  @Test("a run with unique bytes is deterministic, differs from one without, and passes")
  func runDeliversDistinctDigests() throws {
    let n = Self.photoCount
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: "u"
        loader: reference
        table: {rows: \(n + 2), row_height: 20}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"], unique_bytes: true}
        network: {latency: "20ms"}
        run_until: "2s"
        """)
    let result = try Simulation.run(scenario, fixturesRoot: Repository.fixtures)
    let again = try Simulation.run(scenario, fixturesRoot: Repository.fixtures)
    var plain = scenario
    plain.images.uniqueBytes = false
    let without = try Simulation.run(plain, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty)
    #expect(result.meetsExpectation)
    #expect(result.digest == again.digest)
    #expect(result.digest != without.digest, "the served bytes, and so the trace, differ")
  }
}

import Foundation
import Scenarios
import TestSupport
import Testing

@Suite("Fixture globs")
struct FixtureGlobTests {
  @Test(
    "Matching within one path component",
    arguments: [
      ("*.png", "coffee.png", true), ("*.png", "coffee.jpg", false),
      ("c?ffee.png", "coffee.png", true),
      ("*", ".hidden", false), (".*", ".hidden", true), ("*a*b*", "xxaxxbxx", true),
      ("*a*b", "xxaxxbxxc", false), ("", "", true), ("a", "", false), ("**", "abc", true),
    ])
  func matching(pattern: String, name: String, matches: Bool) {
    #expect(FixtureGlob.matches(pattern, name) == matches)
  }

  @Test("Expansion is sorted by bytes and concatenated in pattern order without repeats")
  func expansion() {
    let root = Repository.fixtures
    let photos = FixtureGlob.expand("photos/*.png", in: root)
    #expect(photos.count == 11)
    #expect(photos.first == "photos/astronaut.png")
    #expect(photos == photos.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    let both = FixtureGlob.expand(["photos/coffee.png", "photos/c*.png"], in: root)
    #expect(
      both == ["photos/coffee.png", "photos/camera.png", "photos/chelsea.png", "photos/coins.png"])
    #expect(FixtureGlob.expand("*/coffee.png", in: root) == ["photos/coffee.png"])
    #expect(FixtureGlob.expand("photos", in: root).isEmpty, "directories are not fixtures")
    #expect(FixtureGlob.expand("../Fixtures/photos/*.png", in: root).isEmpty)
  }

  @Test("Unacceptable patterns are named")
  func problems() {
    #expect(FixtureGlob.problem(with: "photos/*.png") == nil)
    #expect(FixtureGlob.problem(with: "/etc/*") != nil)
    #expect(FixtureGlob.problem(with: "a/../b") != nil)
    #expect(FixtureGlob.problem(with: "a//b") != nil)
    #expect(FixtureGlob.problem(with: "") != nil)
  }
}

@Suite("Fixture globs and symbolic links")
struct FixtureGlobLinkTests {
  @Test("a link leaving the fixtures root is never matched; a link inside it is")
  func linksOutOfTheRootAreRefused() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appendingPathComponent(
      "cellsim-glob-links-\(ProcessInfo.processInfo.processIdentifier)")
    try? manager.removeItem(at: root)
    try manager.createDirectory(
      at: root.appendingPathComponent("images"), withIntermediateDirectories: true)
    try Data([1, 2, 3]).write(to: root.appendingPathComponent("images/real.png"))
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("images/passwd.png").path,
      withDestinationPath: "/etc/passwd")
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("images/alias.png").path, withDestinationPath: "real.png")
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("etc").path, withDestinationPath: "/etc")
    #expect(
      FixtureGlob.expand("images/*.png", in: root) == ["images/alias.png", "images/real.png"])
    #expect(FixtureGlob.expand("images/passwd.png", in: root).isEmpty)
    #expect(FixtureGlob.expand("etc/passwd", in: root).isEmpty)
    #expect(FixtureGlob.expand("etc/*", in: root).isEmpty)
  }
}

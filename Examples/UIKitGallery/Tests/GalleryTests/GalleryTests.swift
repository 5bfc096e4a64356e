import CellSim
import CellSimUIKit
import CellSimUIKitHost
import Foundation
import Testing

@testable import Gallery
@testable import ModernGallery

/// The CellSim package's root (three folders up from this package's `Package.swift`), for its
/// fixtures.
let cellSimRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let fixtures = cellSimRoot.appendingPathComponent("Fixtures")
let scenarios = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Scenarios")

/// One gallery style: its screen, buggy or fixed, the scenario that shows its bug, and the
/// invariant the bug breaks.
struct Style: CustomTestStringConvertible, Sendable {
  let name: String
  let scenario: String
  let invariant: Scenario.InvariantID
  let screen: @Sendable (_ fixed: Bool) -> HostedScreen

  var testDescription: String { name }

  /// Runs the style's scenario with its screen, buggy or fixed.
  func run(fixed: Bool) throws -> RunResult {
    try UIKitHost.run(
      contentsOf: scenarios.appendingPathComponent(scenario), screen: screen(fixed),
      fixturesRoot: fixtures)
  }
}

/// A screen whose view controller takes the rows' URLs in `urls`.
func tableScreen<Controller: UIViewController>(
  _ name: String, _ make: @escaping @MainActor () -> Controller,
  urls: @escaping @MainActor (Controller, [URL]) -> Void
) -> HostedScreen {
  HostedScreen(name: name, makeViewController: make, rows: urls)
}

let styles: [Style] = [
  Style(name: "tutorial loader", scenario: "fast-fling.yaml", invariant: .noCrossCellImage) {
    fixed in
    tableScreen("tutorial", { TutorialViewController(fixed: fixed) }) { $0.urls = $1 }
  },
  Style(
    name: "completion-block cache", scenario: "fast-fling.yaml", invariant: .noCrossCellImage
  ) { fixed in
    tableScreen(
      "completion-blocks",
      { CompletionBlockViewController(fixed: fixed, cache: CompletionBlockImageCache()) }
    ) { $0.urls = $1 }
  },
  Style(name: "operation queue", scenario: "fast-fling.yaml", invariant: .noCrossCellImage) {
    fixed in
    tableScreen("operations", { OperationsViewController(fixed: fixed) }) { $0.urls = $1 }
  },
  Style(
    name: "prefetching data source", scenario: "prefetch-then-insert.yaml",
    invariant: .noCrossCellImage
  ) { fixed in
    tableScreen("prefetching", { PrefetchingViewController(fixed: fixed) }) { $0.urls = $1 }
  },
  Style(
    name: "UIImageView extension", scenario: "fast-fling.yaml", invariant: .noCrossCellImage
  ) { fixed in
    tableScreen("image-view-extension", { ImageViewExtensionViewController(fixed: fixed) }) {
      $0.urls = $1
    }
  },
  Style(
    name: "diffable content configuration", scenario: "fast-fling.yaml",
    invariant: .noCrossCellImage
  ) { fixed in
    tableScreen("diffable", { DiffableViewController(fixed: fixed) }) { controller, urls in
      controller.photos = urls.enumerated().map { Photo(id: $0.offset, url: $0.element) }
    }
  },
  Style(
    name: "actor with a task per cell", scenario: "fast-fling.yaml", invariant: .noCrossCellImage
  ) { fixed in
    tableScreen("actor-task", { ActorTaskViewController(fixed: fixed) }) { $0.urls = $1 }
  },
]

@Suite("The gallery: each style's classic bug breaks its invariant, and its fix passes")
struct GalleryTests {
  @Test("the buggy screen breaks the style's invariant", arguments: styles)
  func bugBreaksInvariant(style: Style) throws {
    let result = try style.run(fixed: false)
    #expect(
      result.violations.count(style.invariant) > 0,
      "\(style.name) did not break \(style.invariant.rawValue): \(result.violations.violated)")
  }

  @Test("the fixed screen passes, and two runs give one digest", arguments: styles)
  func fixPasses(style: Style) throws {
    let first = try style.run(fixed: true)
    #expect(
      first.violations.isEmpty,
      "\(style.name): \(first.violations.firstPerRow.prefix(3).map(\.detail))")
    let second = try style.run(fixed: true)
    #expect(first.digest == second.digest)
  }

  @Test("fuzzing the fixed tutorial screen finds no cross-cell image")
  func fuzzTutorial() {
    let found = UIKitHost.fuzz(
      styles[0].screen(true), seed: 1, cases: 25, fixturesRoot: fixtures,
      invariants: [.noCrossCellImage])
    #expect(found.isEmpty)
  }
}

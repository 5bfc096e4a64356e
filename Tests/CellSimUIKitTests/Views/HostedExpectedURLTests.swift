import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A screen whose model asks for a thumbnail variant of each row's URL: the oracle must expect
/// the variant's image when the screen says so, and only then.
@Suite("A hosted screen may say which URL's image each row should show")
struct HostedExpectedURLTests {
  /// The scenario: a fling over rows served from `https://img.test/{id}.png`.
  static func scenario() throws -> Scenario {
    try Scenario(
      yaml: """
        cellsim: 1
        name: thumbnails
        table: {rows: 40}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"], unique_bytes: true}
        network: {latency: "40ms"}
        events: [{at: "300ms", fling: {velocity: 3000}}]
        run_until: "8s"
        invariants: [no_cross_cell_image, eventually_loaded]
        """, fixturesRoot: Repository.fixtures)
  }

  /// The thumbnail variant a screen asks for.
  @Sendable static func thumbnail(_ url: URL) -> URL {
    URL(string: url.absoluteString + "?w=120")!
  }

  /// A screen whose model holds the variant URLs (`variant` of each row's), showing them with
  /// the reuse-checked loader.
  static func screen(
    variant: @escaping @Sendable (URL) -> URL, expected: (@Sendable (URL) -> URL)?
  ) -> HostedScreen {
    HostedScreen(
      makeViewController: { CheckedPhotosViewController() },
      rows: { controller, urls in controller.photoURLs = urls.map(variant) },
      expectedImageURL: expected)
  }

  @Test("a screen that loads variants passes once it names them; the variants are served")
  func namedVariantsPass() throws {
    let result = try UIKitHost.run(
      Self.scenario(), screen: Self.screen(variant: Self.thumbnail, expected: Self.thumbnail),
      fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
  }

  @Test("without naming them, the variant URLs serve nothing and rows never load")
  func unnamedVariantsFail() throws {
    let result = try UIKitHost.run(
      Self.scenario(), screen: Self.screen(variant: Self.thumbnail, expected: nil),
      fixturesRoot: Repository.fixtures)
    #expect(result.violations.violated.contains(.eventuallyLoaded), "\(result.violations)")
  }

  @Test("a screen that shows the row's own URL when it said the variant is judged wrong")
  func wrongVariantFails() throws {
    let result = try UIKitHost.run(
      Self.scenario(), screen: Self.screen(variant: { $0 }, expected: Self.thumbnail),
      fixturesRoot: Repository.fixtures, keepTrace: true)
    #expect(result.violations.violated.contains(.noCrossCellImage))
  }
}

/// A hosted screen cannot hear the scenario's `set_image` (its code never set that image), so
/// `manual_image_kept` does not hold it to that image.
@Suite("A hosted screen and the scenario's set_image")
struct HostedManualImageTests {
  @Test("the screen's own image replacing a set_image image is not a violation")
  func setImageIsNotTheScreens() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: hosted-set-image
        table: {rows: 20}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: "40ms"}
        events: [{at: "10ms", set_image: {row: 1}}]
        run_until: "1s"
        invariants: [manual_image_kept, no_cross_cell_image]
        """, fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      makeViewController: { CheckedPhotosViewController() },
      rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.first?.detail ?? "")")
  }
}

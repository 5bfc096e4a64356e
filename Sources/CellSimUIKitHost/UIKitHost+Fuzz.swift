public import CellSim
public import Foundation
public import Scenarios

extension UIKitHost {
  /// Fuzzes `screen` in process, as `FuzzTesting.fuzz` fuzzes a loader: cases `0 ..< cases` of
  /// campaign `seed` (or as many as fit in `time`), generated scroll traces, data changes and
  /// network scripts, each run with the screen hosted and checked against `invariants`
  /// (default: every standard one). Each new finding is shrunk, written to `findings` if
  /// given, and fails the running test at the caller's line (Swift Testing or XCTest) with its
  /// scenario; replay a written finding with `UIKitHost.run(contentsOf:screen:fixturesRoot:)`.
  ///
  /// A screen's state must live in the objects `makeViewController` builds: every case and
  /// every shrink candidate is a fresh run, and anything kept in a `static` outlives it.
  @discardableResult
  public static func fuzz(
    _ screen: HostedScreen, seed: UInt64 = 0, cases: Int = 100, time: Duration? = nil,
    findings folder: URL? = nil, fixturesRoot: URL, invariants: [Scenario.InvariantID]? = nil,
    maxFindings: Int? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> [FuzzTesting.Finding] {
    FuzzTesting.fuzz(
      name: screen.name, type: "HostedScreen \"\(screen.name)\"", catalog: catalog(with: screen),
      seed: seed, cases: cases, time: time, findings: folder, fixturesRoot: fixturesRoot,
      invariants: invariants, maxFindings: maxFindings,
      replay: {
        "UIKitHost.run(contentsOf: URL(fileURLWithPath: \"\($0)\"), screen: …, fixturesRoot: …)"
      }, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

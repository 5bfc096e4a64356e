import Foundation
import Synchronization
package import Testing

#if canImport(XCTest)
  // Only this umbrella module imports XCTest. The `cellsim` executable does not depend on it, so
  // the CLI never loads libXCTest (`.ci/run` checks the binary).
  import XCTest
#endif

/// Where a testing helper was called: what Swift Testing needs (`SourceLocation`) and what
/// XCTest needs (a `StaticString` file path, a `UInt` line), from default arguments that need no
/// `import Testing` in the caller's file.
package struct CallSite: Sendable {
  /// Swift Testing's location of the call.
  let sourceLocation: SourceLocation
  /// XCTest's file of the call (`#filePath`).
  let filePath: StaticString
  /// XCTest's line of the call.
  let line: UInt
  /// Whether `filePath` and `line` are this file's, not the caller's (a call located by
  /// Swift Testing's `SourceLocation`); the XCTest message then names the caller's.
  let locatedBySwiftTesting: Bool

  /// The call at `fileID`, `filePath`, `line` and `column` (the caller's `#fileID`,
  /// `#filePath`, `#line` and `#column`).
  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    sourceLocation = SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(max(line, 1)),
      column: Int(max(column, 1)))
    self.filePath = filePath
    self.line = line
    locatedBySwiftTesting = false
  }

  /// A call Swift Testing located (the `sourceLocation:` overloads). XCTest, which wants a
  /// `StaticString`, gets this file's location; the message names the caller's.
  package init(_ sourceLocation: SourceLocation) {
    self.sourceLocation = sourceLocation
    filePath = #filePath
    line = #line
    locatedBySwiftTesting = true
  }
}

/// Fails the test that is running, whichever framework runs it, and never drops a failure.
///
/// - Under Swift Testing (`Test.current` is set): `Issue.record` at the call site.
/// - Otherwise under XCTest: `XCTFail` at the call site. XCTest drops an `XCTFail` made while
///   no XCTest test case runs, and Swift Testing drops an `Issue.record` made inside an XCTest
///   test (Swift 6.3.1: "Executed 1 test, with 0 failures"), so the failure is checked: an
///   observer registered with XCTest's observation center counts the failures XCTest reports.
/// - When neither recorded it (no test of either framework is running: a helper called from
///   an executable, or from a detached task whose `Test.current` is nil), the process traps
///   with the message: a check that failed is never a silent pass.
enum TestFailure {
  /// Records `message` as a failure of the running test at `site`, or traps.
  static func record(_ message: String, at site: CallSite) {
    if Test.current != nil {
      Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
      return
    }
    recordOutsideSwiftTesting(message, at: site)
  }

  /// The XCTest path, then the trap: for a failure raised where no Swift Testing test is
  /// current.
  static func recordOutsideSwiftTesting(_ message: String, at site: CallSite) {
    #if canImport(XCTest)
      let located =
        site.locatedBySwiftTesting
        ? "\(site.sourceLocation.fileID):\(site.sourceLocation.line): \(message)" : message
      if XCTestFailureProbe.fail(located, file: site.filePath, line: site.line) { return }
    #endif
    fatalError(trapMessage(message, at: site))
  }

  /// What the trap prints: the location, why no framework took the failure, and the message.
  static func trapMessage(_ message: String, at site: CallSite) -> String {
    let location = site.sourceLocation
    return """
      CellSim: a check failed at \(location.fileID):\(location.line) where no Swift Testing or \
      XCTest test is running, so no test could record it:
      \(message)
      """
  }
}

#if canImport(XCTest)
  /// Counts the failures XCTest reports, so that an `XCTFail` that XCTest dropped (no test
  /// case running) is noticed. Registered once, at the first failure.
  final class XCTestFailureProbe: NSObject, XCTestObservation, @unchecked Sendable {
    /// Failures reported since the probe was registered.
    let failures = Mutex(0)

    /// The probe, registered with XCTest's observation center at first use.
    static let shared: XCTestFailureProbe = {
      let probe = XCTestFailureProbe()
      XCTestObservationCenter.shared.addTestObserver(probe)
      return probe
    }()

    func testCase(
      _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
      atLine lineNumber: Int
    ) {
      failures.withLock { $0 += 1 }
    }

    /// `XCTFail(message)` at `file:line`; true when a running XCTest test recorded it.
    static func fail(_ message: String, file: StaticString, line: UInt) -> Bool {
      let probe = shared
      let before = probe.failures.withLock { $0 }
      XCTFail(message, file: file, line: line)
      return probe.failures.withLock { $0 } != before
    }
  }
#endif

public import Foundation
import Reports
import Scenarios

extension UIKitHost {
  /// Runs the scenario file at `url` with `screen`, as `cellsim run --report` runs a catalog
  /// loader, and writes its HTML report into `directory` (made if missing): the verdict, the
  /// violations, the timeline and, when something broke, the filmstrip of the frames around the
  /// first violation (captured by a second run, whose digest must equal the first's). Returns
  /// the page to open.
  ///
  /// Throws the file's or the run's error.
  @discardableResult
  public static func writeReport(
    contentsOf url: URL, screen: HostedScreen, fixturesRoot: URL, seed: UInt64? = nil,
    to directory: URL
  ) throws -> URL {
    let options = SimulationOptions(
      fixturesRoot: fixturesRoot, seed: seed, loader: screen.name,
      catalog: catalog(with: screen))
    let run = try SuiteRunner(options: options).report(file: url.path)
    let replay =
      "UIKitHost.run(contentsOf: URL(fileURLWithPath: \"\(url.path)\"), screen: …, "
      + "fixturesRoot: …, seed: \(run.result.seed), keepTrace: true)"
    let entry: ReportWriter.Entry = (url.path, .success(run.replaying(with: replay)))
    return try ReportWriter.write([entry], to: directory)
  }
}

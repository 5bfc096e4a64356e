import Foundation
package import Scenarios

/// `cellsim compare`: the same scenarios run with several loaders, side by side.
///
/// Rows are, per invariant, the number of scenarios in which the loader violated it, then key
/// metrics aggregated over the scenarios: the median of each scenario's time-to-image p50 and
/// p95, the sums of blank-cell time, transfers and wasted bytes, the largest peak of decoded
/// memory, and the mean hitch ratio. Scenario expectations are ignored: a comparison asks how
/// each loader behaves on the traces, not whether the files' own verdicts hold.
package struct Comparison: Sendable {
  /// The loaders compared, in column order.
  package let loaders: [String]
  /// The scenario files, in run order.
  package let files: [String]
  /// For each loader, one result per file (nil when the run could not be set up).
  package let results: [[RunResult?]]
  /// Errors that stopped runs, as `file (loader): message`.
  package let errors: [String]

  /// Runs every file with every loader.
  package static func run(
    files: [String], loaders: [String], options: SimulationOptions, jobs: Int = 1
  ) -> Comparison {
    var results: [[RunResult?]] = []
    var errors: [String] = []
    var scenarios: [Scenario?] = []
    for file in files {
      do {
        scenarios.append(
          try Scenario(
            contentsOf: URL(fileURLWithPath: file), fixturesRoot: options.fixturesRoot,
            knownLoaders: Array(Set(Scenario.builtInLoaderNames + options.catalog.names)).sorted()))
      } catch {
        scenarios.append(nil)
        errors.append("\(file): \(error)")
      }
    }
    // Every (loader, file) run is independent: run them on up to `jobs` threads, then read
    // the outcomes back in loader-major, file order, as one thread would have produced them.
    let outcomes = ParallelRuns.map(count: loaders.count * files.count, jobs: jobs) {
      index -> Result<RunResult, RunError>? in
      let (loader, file) = (loaders[index / files.count], index % files.count)
      guard let scenario = scenarios[file] else { return nil }
      var runOptions = options
      runOptions.loader = loader
      do throws(RunError) {
        return .success(try Simulation.run(scenario, options: runOptions))
      } catch {
        return .failure(error)
      }
    }
    for (l, loader) in loaders.enumerated() {
      var row: [RunResult?] = []
      for (f, file) in files.enumerated() {
        switch outcomes[l * files.count + f] {
        case .success(let result)?: row.append(result)
        case .failure(let error)?:
          row.append(nil)
          errors.append("\(file) (\(loader)): \(error)")
        case nil: row.append(nil)
        }
      }
      results.append(row)
    }
    return Comparison(loaders: loaders, files: files, results: results, errors: errors)
  }

  /// One table row: a label and one value per loader.
  package struct Row: Sendable {
    /// What the row measures.
    package let label: String
    /// One value per loader.
    package let values: [Double]
    /// How values print (`count`, `ms`, `bytes`, `ratio`).
    package let unit: String
  }

  /// The rows of the table.
  package var rows: [Row] {
    var rows: [Row] = []
    for id in Scenario.InvariantID.allCases {
      rows.append(
        Row(
          label: id.rawValue,
          values: results.map { row in
            Double(row.compactMap { $0 }.filter { $0.violations.count(id) > 0 }.count)
          }, unit: "scenarios"))
    }
    func metric(_ m: Scenario.Metric, _ fold: ([Double]) -> Double) -> [Double] {
      results.map { row in fold(row.compactMap { $0?.metric(m) }) }
    }
    rows.append(
      Row(
        label: "time to image p50 (ms, median)", values: metric(.timeToImageP50Ms, Self.median),
        unit: "ms"))
    rows.append(
      Row(
        label: "time to image p95 (ms, median)", values: metric(.timeToImageP95Ms, Self.median),
        unit: "ms"))
    rows.append(
      Row(label: "blank cell time (ms, total)", values: metric(.blankCellMs, Self.sum), unit: "ms"))
    rows.append(
      Row(label: "transfers (total)", values: metric(.transfers, Self.sum), unit: "count"))
    rows.append(
      Row(label: "wasted bytes (total)", values: metric(.wastedBytes, Self.sum), unit: "bytes"))
    rows.append(
      Row(
        label: "peak decoded memory (largest)",
        values: metric(.peakDecodedBytes, { $0.max() ?? 0 }), unit: "bytes"))
    rows.append(
      Row(
        label: "hitch ratio (ms/s, mean)", values: metric(.hitchRatioMsPerS, Self.mean),
        unit: "ratio"))
    return rows
  }

  static func sum(_ values: [Double]) -> Double { values.reduce(0, +) }
  static func mean(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : sum(values) / Double(values.count)
  }
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  /// A Markdown table: loaders as columns, invariants and metrics as rows.
  package var markdown: String {
    var lines: [String] = []
    lines.append(
      "| \(files.count) scenario\(files.count == 1 ? "" : "s") | "
        + loaders.joined(separator: " | ") + " |")
    lines.append("|---|" + String(repeating: "---:|", count: loaders.count))
    for row in rows {
      let cells = row.values.map { Self.format($0, row.unit, of: files.count) }
      lines.append("| \(row.label) | " + cells.joined(separator: " | ") + " |")
    }
    var text = lines.joined(separator: "\n") + "\n"
    if !errors.isEmpty {
      text +=
        "\nruns that could not be set up:\n" + errors.map { "  \($0)" }.joined(separator: "\n")
        + "\n"
    }
    return text
  }

  static func format(_ value: Double, _ unit: String, of total: Int) -> String {
    switch unit {
    case "scenarios": return value == 0 ? "0" : "\(Int(value))/\(total)"
    case "bytes":
      return value >= 1_000_000
        ? String(format: "%.1f MB", value / 1e6) : String(format: "%.0f KB", value / 1e3)
    case "count": return String(Int64(value))
    default: return String(format: "%.1f", value)
    }
  }

  /// The comparison as JSON: loaders, files, rows, and each run's digest and violations.
  package var json: String {
    let document = JSONValue.object([
      ("cellsim", .integer(1)),
      ("loaders", .array(loaders.map(JSONValue.string))),
      ("files", .array(files.map(JSONValue.string))),
      (
        "rows",
        .array(
          rows.map { row in
            .object([
              ("label", .string(row.label)), ("unit", .string(row.unit)),
              ("values", .array(row.values.map(JSONValue.number))),
            ])
          })
      ),
      (
        "runs",
        .array(
          zip(loaders, results).flatMap { loader, row in
            zip(files, row).map { file, result in
              // A run that could not happen has no digest: the key is left out, never null
              // (its reason is in `errors`).
              .object(
                [("loader", .string(loader)), ("file", .string(file))]
                  + (result.map { [("digest", JSONValue.string($0.digest))] } ?? [])
                  + [
                    (
                      "violated",
                      .array((result?.violations.violated ?? []).map { .string($0.rawValue) })
                    )
                  ])
            }
          })
      ),
      ("errors", .array(errors.map(JSONValue.string))),
    ])
    return document.text
  }
}

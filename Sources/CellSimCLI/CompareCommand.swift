import ArgumentParser
import Foundation
import ImageLoaders
import Reports
import Scenarios

/// `cellsim compare [PATH…] --loaders a,b,…|all`: the same scenarios with several loaders.
struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Run scenarios with several loaders and compare violations and key metrics.",
    discussion: """
      Invariant rows count the scenarios in which a loader broke the invariant. Metric rows \
      aggregate over scenarios: time to image is the median of the scenarios' p50 and p95; \
      blank cell time, transfers and wasted bytes are totals; peak decoded memory is the \
      largest peak; the hitch ratio is the mean. Scenario expectations are ignored.
      """)

  @Argument(help: "Scenario files or folders.")
  var paths: [String] = ["Scenarios"]

  @Option(help: "Comma-separated loader names, or all.")
  var loaders: String = "all"

  @Option(help: "The fixtures root.")
  var fixtures: String = "Fixtures"

  @Flag(help: "Print JSON instead of a Markdown table.")
  var json = false

  var loaderNames: [String] {
    loaders == "all"
      ? LoaderCatalog.builtIn.names
      : loaders.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  func validate() throws {
    let known = LoaderCatalog.builtIn.names
    for name in loaderNames where !known.contains(name) {
      throw ValidationError(
        "--loaders: unknown loader \"\(name)\"; choose from \(known.joined(separator: ", ")) or all"
      )
    }
    if loaderNames.isEmpty { throw ValidationError("--loaders: name at least one loader") }
    var named: Set<String> = []
    for name in loaderNames where !named.insert(name).inserted {
      throw ValidationError("--loaders: \"\(name)\" is named twice; name each loader once")
    }
  }

  func run() throws {
    let files: [String]
    do {
      files = try ScenarioFiles.find(paths)
    } catch {
      FileHandle.standardError.write(Data("cellsim compare: \(error)\n".utf8))
      throw ExitCode(2)
    }
    let comparison = Comparison.run(
      files: files, loaders: loaderNames,
      options: SimulationOptions(fixturesRoot: URL(fileURLWithPath: fixtures)))
    print(json ? comparison.json : comparison.markdown, terminator: json ? "\n" : "")
    if !comparison.errors.isEmpty { throw ExitCode(2) }
  }
}

/// `cellsim loaders`: each loader, the article it models, and its options.
struct LoadersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "loaders", abstract: "List the built-in loaders and their options.")

  func run() {
    for entry in LoaderCatalog.builtIn.entries {
      let seed = entry.seed.map { "seed \($0)" } ?? "CellSim's own"
      print("\(entry.name)  (\(seed))")
      print("  \(entry.summary)")
      for option in entry.options {
        print(
          "  option \(option.name): \(option.expected); default \(option.defaultValue). \(option.summary)"
        )
      }
      print("")
    }
  }
}

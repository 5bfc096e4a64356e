// The museum of reported reuse bugs. Every file of this module is written against
// CellSim's public API only, as a library author would write it in their own package. It imports
// the public modules `import CellSim` re-exports (ImageLoaders, AsyncLoaders for the standard
// catalog, SimPlatform, SimNetwork, SimTable, SimKernel) rather than the umbrella itself, because
// the umbrella also holds the Swift Testing helper and the `cellsim` binary, which registers these
// models, must not link Swift Testing. `.ci/check-reported-bugs` compiles these same files in the
// `Examples/` package, which sees only the public API, to prove it.
import AsyncLoaders
public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// The loaders that model reported reuse bugs, each with an option `fixed: true` that applies
/// the library's own fix. Their scenarios are in `Scenarios/reported/<library>-<issue>/`.
public enum ReportedBugs {
  /// Every model, in the order of the issue.
  public static var loaders: [any CatalogLoader.Type] {
    [
      Nuke174Loader.self, YYWebImage79Loader.self, Kingfisher114Loader.self,
      AlamofireImage17Loader.self, SDWebImage1113Loader.self, EGOImageLoading18Loader.self,
      // A blind-spot demonstrator of the oracle, not a reported bug: see its documentation.
      StalePlaceholderLoader.self,
      // A per-request placeholder of the same URL, and progress isolation.
      SDWebImage3363Loader.self, Kingfisher581Loader.self, AlamofireImage232Loader.self,
      // A blind-spot demonstrator: a fade's completion over the app's own image.
      FadeCompletionLoader.self,
      // A completion that runs twice (one_terminal_callback).
      SDWebImage3834Loader.self,
      // Another request's variant of the same URL (no_cross_cell_image with declared variants).
      SDWebImage3364Loader.self,
      // A blind-spot demonstrator: late results kept on nodes of rows long gone.
      LateResultNodeLoader.self,
      // A blind-spot demonstrator: progressive previews (no_corrupt_image, no_cross_cell_image).
      ProgressivePreviewLoader.self,
      // A blind-spot demonstrator: a check off the main thread that a frame can slip past
      // (reached only with scheduling noise or paced cell work).
      OffMainCheckLoader.self,
      // Disk reads and decodes of cancelled loads (no_wasted_work).
      SDWebImage468Loader.self,
    ]
  }

  /// Where the bundled scenarios of the model called `name` are, relative to the repository:
  /// a reported bug's folder `Scenarios/reported/<name>`, or, for the oracle's blind-spot
  /// demonstrators, the pair under `Scenarios/invariants/` that shows the rule they break.
  /// Nil for a name that is not a model.
  public static func scenarios(of name: String) -> String? {
    guard loaders.contains(where: { $0.name == name }) else { return nil }
    let demonstrators = [
      "stale-placeholder": "no_cross_cell_image-placeholder",
      "fade-completion": "manual_image_kept",
      "sdwebimage-3834": "one_terminal_callback",
      "sdwebimage-3364": "no_cross_cell_image-variant",
      "late-result-node": "no_leaked_images",
      "progressive-preview": "no_corrupt_image-progressive",
      "offmain-check": "no_cross_cell_image-race",
      "sdwebimage-468": "no_wasted_work",
    ]
    guard let file = demonstrators[name] else { return "Scenarios/reported/\(name)" }
    return "Scenarios/invariants/\(file)(-fixed).yaml"
  }

  /// The built-in catalog plus the museum's models: what `cellsim run` knows by name.
  public static var catalog: LoaderCatalog {
    var catalog = LoaderCatalog.standard
    register(into: &catalog)
    return catalog
  }

  /// Adds every model to `catalog`.
  public static func register(into catalog: inout LoaderCatalog) {
    for loader in loaders { catalog.register(loader) }
  }

  /// The option every model takes: `fixed: true` applies the library's fix.
  static let fixedOption = LoaderOptionSpec(
    "fixed", .bool, default: "false", "apply the library's own fix for the reported bug")
}

/// Decodes a response to the table's image size on the calling (background) execution, then
/// hands the image to `deliver` on that execution; a failed load or decode hands nil.
func decodeForTable(
  _ result: Result<NetworkResponse, NetworkError>, table: TableView,
  environment: LoaderEnvironment, on execution: Execution,
  deliver: @escaping (Result<Image, NetworkError>?) -> Void
) {
  switch result {
  case .failure(let error):
    deliver(.failure(error))
  case .success(let response):
    let size = table.imagePixelSize
    environment.decoder.decode(
      response.body, target: .aspectFill(width: size.width, height: size.height), on: execution
    ) { decoded in
      switch decoded {
      case .success(let image): deliver(.success(image))
      case .failure: deliver(nil)
      }
    }
  }
}

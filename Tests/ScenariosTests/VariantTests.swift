import Foundation
import ImageLoaders
import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable
import TestSupport
import Testing

@testable import Scenarios

/// A loader that shows every row's image as a 64-px thumbnail, optionally processed, and
/// declares a variant for each cell as its `declare` option says:
/// - `none`: nothing (any variant of the URL is right);
/// - `right`: the variant it shows;
/// - `wrong`: the cell-sized image, which it never shows;
/// - `wrong-first`: `wrong` at a cell's first configuration only (the declaration must lapse
///   at the next `cellForRow`).
final class VariantTestLoader: CatalogLoader {
  typealias Cell = RepresentingCell
  static let name = "test-variant"
  static let summary = "shows 64-px thumbnails and declares a variant per cell"
  static let optionSpecs = [
    LoaderOptionSpec(
      "declare", .choice(["none", "right", "wrong", "wrong-first"]), default: "none",
      "which variant each cell declares"),
    LoaderOptionSpec("process", .bool, default: "false", "apply the processing key `rounded`"),
    LoaderOptionSpec(
      "declare_processing", .bool, default: "false", "declare the processing key `rounded`"),
  ]

  let environment: LoaderEnvironment
  let session: SimulatedURLSession
  let declare: String
  let process: Bool
  let declareProcessing: Bool

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    declare = options.choice("declare")
    process = options.bool("process")
    declareProcessing = options.bool("declare_processing")
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    let url = item.url
    cell.representedURL = url
    cell.imageView.image = nil
    let thumbnail = ImageVariant(
      target: .maxPixelSize(64), processing: declareProcessing ? ["rounded"] : [])
    let wrong = ImageVariant(target: .aspectFill(width: 216, height: 216))
    switch declare {
    case "right": environment.declareVariant(thumbnail, for: cell)
    case "wrong": environment.declareVariant(wrong, for: cell)
    case "wrong-first":
      if cellConfigurations[cell.cellID] == nil { environment.declareVariant(wrong, for: cell) }
    default: break
    }
    cellConfigurations[cell.cellID, default: 0] += 1
    let (environment, process) = (environment, process)
    session.dataTask(with: url) { execution, result in
      guard case .success(let response) = result else { return }
      environment.decoder.decode(response.body, target: .maxPixelSize(64), on: execution) {
        guard let image = try? $0.get() else { return }
        let deliver: (Image) -> Void = { image in
          environment.main.async { _ in
            if cell.representedURL == url { cell.imageView.image = image }
          }
        }
        if process {
          environment.decoder.process(image, key: "rounded", on: execution, completion: deliver)
        } else {
          deliver(image)
        }
      }
    }.resume()
  }

  /// How many times each cell was configured.
  var cellConfigurations: [Int: Int] = [:]
}

/// Declared variants: a cell must show the variant its request wants.
@Suite("Declared image variants")
struct VariantTests {
  func run(_ options: String, events: String = "[]") throws -> RunResult {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: variants
        loader: {name: test-variant\(options)}
        table: {rows: 30}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: "300ms"}
        events: \(events)
        run_until: "3s"
        invariants: [no_cross_cell_image, eventually_loaded]
        """, knownLoaders: ["test-variant"])
    var catalog = LoaderCatalog()
    catalog.register(VariantTestLoader.self)
    return try Simulation.run(
      scenario, options: SimulationOptions(fixturesRoot: Repository.fixtures, catalog: catalog))
  }

  @Test("a loader that declares nothing keeps one variant per URL: any variant is right")
  func undeclaredAcceptsAnyVariant() throws {
    let result = try run("")
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.first?.detail ?? "")")
  }

  @Test("showing the declared variant passes")
  func declaredVariantShown() throws {
    let result = try run(", declare: right")
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.first?.detail ?? "")")
  }

  @Test("the right URL in another variant is another request's image, and not the row's image")
  func wrongVariantIsFlagged() throws {
    let result = try run(", declare: wrong")
    #expect(result.violations.violated == [.noCrossCellImage, .eventuallyLoaded])
    let first = try #require(result.violations.firstViolation(of: .noCrossCellImage))
    #expect(first.detail.contains("shows the max 64 px variant of https://img.test/"))
    #expect(first.detail.contains("its request wants fill 216×216"))
  }

  @Test("processing is part of the variant, in both directions")
  func processingIsPartOfTheVariant() throws {
    let processed = try run(", declare: right, process: true, declare_processing: true")
    #expect(processed.violations.isEmpty)
    let unprocessed = try run(", declare: right, declare_processing: true")
    #expect(unprocessed.violations.violated.contains(.noCrossCellImage))
    let unexpected = try run(", declare: right, process: true")
    #expect(unexpected.violations.violated.contains(.noCrossCellImage))
  }

  @Test("a declaration lapses at the cell's next cellForRow")
  func declarationLapsesAtCellForRow() throws {
    // Row 0's first configuration declares the wrong variant; the reload configures it again
    // before its image arrives, declaring nothing.
    let result = try run(
      ", declare: wrong-first", events: #"[{at: "100ms", reload_data: {}}]"#)
    #expect(result.violations.isEmpty, "\(result.violations.firstPerRow.first?.detail ?? "")")
    let kept = try run(", declare: wrong")
    #expect(!kept.violations.isEmpty)
  }

  @Test("a processed image keeps its source and transforms, adds its key, and costs a pass")
  func processedProvenance() {
    let provenance = ImageProvenance(
      source: ContentDigest(of: [1, 2, 3]), transforms: [.maxPixelSize(64)])
    let processed = provenance.processed("rounded").processed("blur")
    #expect(
      processed.variant == ImageVariant(target: .maxPixelSize(64), processing: ["rounded", "blur"]))
    #expect(processed.source == provenance.source)
    #expect(processed.description.hasSuffix("/max 64 px+rounded+blur"))
    #expect(
      processed.appending(.aspectFill(width: 8, height: 8)).variant.processing == [
        "rounded", "blur",
      ])
    #expect(ImageProvenance(source: provenance.source).variant == .original)
    #expect(ImageVariant.original.description == "full")
  }
}

import AsyncLoaders
import Foundation
import ImageLoaders
import Scenarios
import Testing

@Suite("async-reference")
struct AsyncReferenceTests {
  static let invariantScenarios = [
    "bounded_queue", "cache_hit_on_revisit", "cancel_on_end_display", "eventually_loaded",
    "frame_budget", "memory_budget", "no_corrupt_image", "no_cross_cell_image",
    "no_delivery_stall", "no_duplicate_transfers",
  ]

  @Test("async-reference passes every invariants scenario", arguments: invariantScenarios)
  func passesInvariantScenario(_ name: String) throws {
    let result = try runBundled(
      "Scenarios/invariants/\(name).yaml", loader: "async-reference", expect: .pass)
    #expect(result.meetsExpectation, "\(summary(result))")
    #expect(result.loader == "async-reference")
  }

  @Test("every async loader is in the standard catalog, known to the reader, with schedule_seed")
  func catalogued() throws {
    let names = AsyncLoaderCatalog.builtInTypes.map { $0.name }
    #expect(names == ["async-reference", "async-image", "async-unchecked", "async-uncancelled"])
    #expect(LoaderCatalog.standard.names == LoaderCatalog.builtIn.names + names)
    #expect(Scenario.builtInLoaderNames == LoaderCatalog.standard.names)
    for name in names {
      let entry = try LoaderCatalog.standard.entry(named: name)
      #expect(entry.host != nil)
      #expect(entry.options.contains { $0.name == AsyncLoaderCatalog.scheduleOption })
    }
  }
}

import AsyncLoaders
import Foundation
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
}

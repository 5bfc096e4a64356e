/// Swarm testing (Groce, Zhang, Eide, Chen and Regehr, "Swarm Testing", ISSTA 2012): each case
/// first draws which event kinds and fault kinds are enabled, then draws events only from
/// those. A case with no mutations, or no network faults, reaches states that a mix of
/// everything never does (a long run of drags with no reload in between, say).
///
/// Each kind is enabled with probability ½, independently; a case always has at least one
/// scroll kind enabled. Weights apply among the enabled kinds only.
///
/// | event kind | weight | action, bounds |
/// |---|---|---|
/// | `drag` | 30 | `drag: {by: −1500…2500, over: 50…600 ms}` (finger stays down) |
/// | `release` | 10 | `release: {velocity: −5000…5000}` |
/// | `fling` | 15 | `fling: {velocity: −5000…5000}` |
/// | `touch` | 5 | `touch` |
/// | `lift` | 5 | `lift` |
/// | `scroll_to` | 6 | `scroll_to: {row: 0…rows−1, animated}` |
/// | `status_bar_tap` | 2 | `status_bar_tap` |
/// | `insert_rows` | 5 | `insert_rows: {at: 0…rows, count: 1…3}` |
/// | `delete_rows` | 5 | `delete_rows: {at, count: 1…2}`, never the last row |
/// | `move_row` | 3 | `move_row: {from, to}` |
/// | `reload_rows` | 3 | `reload_rows: [1…3 rows]` |
/// | `reload_data` | 2 | `reload_data` |
/// | `set_url` | 3 | `set_url: {row, url}` (a new URL, or another item's: a shared URL) |
/// | `set_image` | 2 | `set_image: {row}` |
/// | `memory_warning` | 2 | `memory_warning` |
/// | `disappear` | 2 | `disappear`, then `appear` 100…2000 ms later |
///
/// | fault kind | effect, bounds |
/// |---|---|
/// | `latency` | latency is uniform 10…1500 ms or lognormal (median 20…400 ms, p99 ×2…×10) instead of fixed 20…300 ms |
/// | `slow_urls` | 1…4 rules: one URL at 800…3000 ms |
/// | `failures` | 1…3 rules: status 404/500/503, timeout after 100…1000 ms, or reset after 200 B…4 KB, each maybe for the first 1…2 attempts |
/// | `corruption` | 1…2 rules: `truncate` or `flip_bytes` |
/// | `holds` | 1…2 held URLs, released 200…4000 ms later (or never) |
/// | `outages` | 1…2 outages of 100…2000 ms, as `outages:` or `offline` events |
/// | `bandwidth` | 50 KB/s…5 MB/s |
/// | `shared_urls` | 1…3 groups of 2…4 items that share one URL |
///
/// Table and device options are drawn for every case: rows 12…150, `columns` 1 (80%) or 2…3,
/// `prefetching`, `cell_prefetching`, `layout_order`, `reuse_order`, `prefetch_distance`
/// 1…10, and the device profile (`iphone-15-pro` or `iphone-se`).
package struct SwarmConfiguration: Sendable, Equatable, CustomStringConvertible {
  /// The event kinds, each with its weight among the enabled ones.
  package enum EventKind: String, Sendable, CaseIterable {
    case drag, release, fling, touch, lift
    case scrollTo = "scroll_to"
    case statusBarTap = "status_bar_tap"
    case insertRows = "insert_rows"
    case deleteRows = "delete_rows"
    case moveRow = "move_row"
    case reloadRows = "reload_rows"
    case reloadData = "reload_data"
    case setURL = "set_url"
    case setImage = "set_image"
    case memoryWarning = "memory_warning"
    case disappear

    /// The weight in the doc table above.
    package var weight: Int {
      switch self {
      case .drag: return 30
      case .release: return 10
      case .fling: return 15
      case .touch, .lift, .insertRows, .deleteRows: return 5
      case .scrollTo: return 6
      case .moveRow, .reloadRows, .setURL: return 3
      case .statusBarTap, .reloadData, .setImage, .memoryWarning, .disappear: return 2
      }
    }

    /// True for gestures and programmatic scrolls.
    package var isScroll: Bool {
      [.drag, .release, .fling, .touch, .lift, .scrollTo, .statusBarTap].contains(self)
    }
  }

  /// The network fault kinds.
  package enum FaultKind: String, Sendable, CaseIterable {
    case latency
    case slowURLs = "slow_urls"
    case failures, corruption, holds, outages, bandwidth
    case sharedURLs = "shared_urls"
  }

  /// The enabled event kinds, in declaration order.
  package var events: [EventKind]
  /// The enabled fault kinds, in declaration order.
  package var faults: [FaultKind]

  /// Draws a configuration: each kind is enabled with probability ½.
  package static func draw(_ random: inout FuzzRandom) -> SwarmConfiguration {
    var events = EventKind.allCases.filter { _ in random.chance(0.5) }
    if !events.contains(where: \.isScroll) {
      events.insert(random.element([.drag, .fling, .scrollTo]), at: 0)
      events.sort { a, b in
        EventKind.allCases.firstIndex(of: a)! < EventKind.allCases.firstIndex(of: b)!
      }
    }
    let faults = FaultKind.allCases.filter { _ in random.chance(0.5) }
    return SwarmConfiguration(events: events, faults: faults)
  }

  /// Every kind enabled (`--no-swarm`).
  package static let everything = SwarmConfiguration(
    events: EventKind.allCases, faults: FaultKind.allCases)

  /// Whether the fault kind is enabled.
  package func has(_ fault: FaultKind) -> Bool { faults.contains(fault) }

  /// `events: drag fling …; faults: holds …`, for `about:` lines.
  package var description: String {
    let faultText = faults.isEmpty ? "none" : faults.map(\.rawValue).joined(separator: " ")
    return "events: \(events.map(\.rawValue).joined(separator: " ")); faults: \(faultText)"
  }
}

/// What the prefetch window was computed from; the window is recomputed only when it changes.
struct PrefetchKey: Equatable {
  var visible: Range<Int>
  var direction: Int
  var count: Int
  var mutations: Int
}

extension TableView {
  /// The prefetch window: rows about to enter in the scroll direction, nearest first, up to
  /// `prefetch_distance` of them, never including displayed rows. Empty when prefetching is
  /// off. The oracle's `bounded_queue` allows "displayed rows + prefetch window".
  package var prefetchWindow: [IndexPath] {
    prefetchEntries.map { IndexPath(row: $0.row, section: 0) }
  }

  /// The number of rows in the prefetch window.
  package var prefetchWindowCount: Int { prefetchEntries.count }

  /// Updates the prefetch window after a layout pass (UITableViewDataSourcePrefetching).
  ///
  /// UIKit rule (docs/design.md, Table; Apple's documentation of
  /// `UITableViewDataSourcePrefetching`): rows about to enter in the scroll direction are announced
  /// with `prefetchRows`, nearest first, each once while it stays in the window; rows that leave
  /// the window without being displayed — a reversal, a jump, a deletion moving them away — get
  /// `cancelPrefetchingForRows` at their current index paths. A row that leaves the window by
  /// being displayed gets no cancel. How far UIKit reaches is undocumented (docs/design.md, Where
  /// the platform rules come from), so it is `prefetch_distance`. Cancels are sent before
  /// announcements. The window stays while the table rests, facing the last scroll direction (down
  /// at start).
  func updatePrefetchWindow() {
    let visible = lastLayoutRange
    let key = PrefetchKey(
      visible: visible, direction: scrollDirection, count: model.count, mutations: mutationCount)
    guard key != prefetchKey else { return }
    prefetchKey = key
    let distance = configuration.prefetchDistance
    let rows: [Int]
    if scrollDirection > 0 {
      rows = Array(visible.upperBound..<min(model.count, visible.upperBound + distance))
    } else {
      rows = (max(0, visible.lowerBound - distance)..<visible.lowerBound).reversed()
    }
    let window = rows.map { (itemID: model.items[$0].id, row: $0) }
    var cancelled: [IndexPath] = []
    for entry in prefetchEntries where !window.contains(where: { $0.itemID == entry.itemID }) {
      if !visible.contains(entry.row) { cancelled.append(IndexPath(row: entry.row, section: 0)) }
    }
    let announced = window.filter { new in
      !prefetchEntries.contains { $0.itemID == new.itemID }
    }.map { IndexPath(row: $0.row, section: 0) }
    prefetchEntries = window
    if !cancelled.isEmpty {
      traceRows("table.cancel_prefetch", cancelled)
      callDataSource { $0.cancelPrefetchingForRows(at: cancelled, in: self) }
    }
    if !announced.isEmpty {
      traceRows("table.prefetch", announced)
      callDataSource { $0.prefetchRows(at: announced, in: self) }
    }
  }

  /// Moves the prefetch window's rows through a mutation: `remap` gives an old row's new row,
  /// or nil if the row was deleted (the entry is then dropped without a cancel, since its index
  /// path no longer exists).
  func remapPrefetchWindow(_ remap: (Int) -> Int?) {
    guard !prefetchEntries.isEmpty else { return }
    prefetchEntries = prefetchEntries.compactMap { entry in
      remap(entry.row).map { (itemID: entry.itemID, row: $0) }
    }
  }
}

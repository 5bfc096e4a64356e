import SimPlatform

/// Reading `table`.
extension ScenarioReader {
  static let tableKeys = [
    "rows", "row_height", "columns", "image_size", "prefetching", "prefetch_distance",
    "preload_margin", "layout_order", "cell_prefetching", "reuse_order", "start_offset",
    "cell_timing",
  ]

  func readTable(_ value: YAMLValue, device: DeviceProfile?) throws(ScenarioError)
    -> Scenario.Table
  {
    let fields = try value.mapping(keys: Self.tableKeys, what: "a mapping with rows")
    let rowsValue = try fields.required("rows", "the number of items at start")
    let rows = try rowsValue.count()
    if rows > Scenario.Limits.maxRows {
      throw rowsValue.error(
        .outOfRange, "\(rows) rows is more than the \(Scenario.Limits.maxRows) a table may hold")
    }
    let rowHeight =
      try fields["row_height"]?.positiveNumber("a row height above zero")
      ?? Scenario.Table.defaultRowHeight
    try checkAtMost(fields["row_height"], rowHeight, Scenario.Limits.maxRowHeight, "points")
    let imageSize: Scenario.ImageSize
    if let sizeValue = fields["image_size"] {
      imageSize = try readImageSize(sizeValue)
    } else {
      imageSize = Scenario.Table.defaultImageSize(rowHeight: rowHeight)
      if imageSize.width <= 0 {
        let at = fields["row_height"] ?? value
        throw at.error(
          .invalidValue,
          "row_height \(at.scalar?.text ?? "") leaves no room for the default image_size "
            + "(row_height - 16)",
          hint: "give image_size explicitly")
      }
    }
    try checkAtMost(
      fields["image_size"], max(imageSize.width, imageSize.height), Scenario.Limits.maxImageSide,
      "points")
    try checkAtMost(
      fields["preload_margin"], try fields["preload_margin"]?.nonNegativeNumber() ?? 0,
      Scenario.Limits.maxPreloadMargin, "points")
    var table = Scenario.Table(
      rows: rows, rowHeight: rowHeight,
      columns: try fields["columns"]?.positiveCount("a number of columns of 1 or more") ?? 1,
      imageSize: imageSize,
      prefetching: try fields["prefetching"]?.bool() ?? false,
      prefetchDistance: try fields["prefetch_distance"]?.count()
        ?? Scenario.Table.defaultPrefetchDistance,
      preloadMargin: try fields["preload_margin"]?.nonNegativeNumber() ?? 0,
      layoutOrder: try fields["layout_order"].map(readLayoutOrder) ?? .displayFirst,
      cellPrefetching: try fields["cell_prefetching"]?.bool() ?? false,
      reuseOrder: try fields["reuse_order"].map(readReuseOrder) ?? .lifo,
      startOffset: try fields["start_offset"]?.nonNegativeNumber() ?? 0)
    table.prefetchingOffDeclared = fields["prefetching"] != nil && !table.prefetching
    if let timing = fields["cell_timing"] {
      let names = Scenario.CellTiming.allCases.map(\.rawValue)
      table.cellTiming = Scenario.CellTiming(
        rawValue: try timing.choice(names, what: "a cell timing"))!
    }
    // The bitmaps the cells on screen imply: named at the field that makes each one large.
    if let device, let problem = Scenario.Limits.onscreenProblem(table, device) {
      let at =
        fields["image_size"] ?? fields["preload_margin"] ?? fields["row_height"]
        ?? fields["columns"] ?? value
      throw at.error(
        .outOfRange, problem,
        hint: "a smaller image_size or preload_margin, or a taller row_height, needs fewer pixels")
    }
    return table
  }

  private func readImageSize(_ value: YAMLValue) throws(ScenarioError) -> Scenario.ImageSize {
    if case .mapping = value.node {
      let fields = try value.mapping(keys: ["width", "height"])
      let width = try fields.required("width", "points").positiveNumber()
      let height = try fields.required("height", "points").positiveNumber()
      return Scenario.ImageSize(width: width, height: height)
    }
    let side = try value.positiveNumber("a size in points or {width: …, height: …}")
    return Scenario.ImageSize(width: side, height: side)
  }

  private func readLayoutOrder(_ value: YAMLValue) throws(ScenarioError) -> Scenario.LayoutOrder {
    let names = Scenario.LayoutOrder.allCases.map(\.rawValue)
    return Scenario.LayoutOrder(rawValue: try value.choice(names, what: "a layout order"))!
  }

  private func readReuseOrder(_ value: YAMLValue) throws(ScenarioError) -> Scenario.ReuseOrder {
    let names = Scenario.ReuseOrder.allCases.map(\.rawValue)
    return Scenario.ReuseOrder(rawValue: try value.choice(names, what: "a reuse order"))!
  }
}

extension ScenarioReader {
  /// Refuses `value` above `limit`, naming the key's location.
  func checkAtMost(_ at: YAMLValue?, _ value: Double, _ limit: Double, _ unit: String)
    throws(ScenarioError)
  {
    guard let at, value > limit else { return }
    throw at.error(.outOfRange, "\(value) \(unit) is more than CellSim allows here (\(limit))")
  }
}

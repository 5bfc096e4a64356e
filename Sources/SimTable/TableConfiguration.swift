public import SimKernel

/// Which group of cell callbacks a layout pass runs first (scenario option `layout_order`).
///
/// UIKit rule (docs/design.md, Table, from logs of real UIKit calls under Mac Catalyst, agreeing
/// with Chameleon and PSTCollectionView): `UITableView` configures and displays entering rows
/// before it ends the rows that left, so a leaving cell cannot serve an entering row in the same
/// pass. The order is not documented and has varied, so the other order is an option the fuzzer
/// explores.
public enum LayoutOrder: String, Sendable, CaseIterable {
  /// Entering rows (`cellForRow`, `willDisplay`) first, then leaving rows (`didEndDisplaying`,
  /// enqueue). What `UITableView` does; the default.
  case displayFirst = "display_first"
  /// Leaving rows first, so their cells may be reused by rows entering in the same pass.
  case endFirst = "end_first"
}

/// The order in which the reuse pool hands out cells (scenario option `reuse_order`).
///
/// UIKit rule (docs/design.md, Table): `dequeueReusableCell(withIdentifier:)` returns the most
/// recently enqueued cell (a stack per reuse identifier) in the logs; FIFO is an option because
/// the order is undocumented.
public enum ReuseOrder: String, Sendable, CaseIterable {
  /// Last in, first out: the most recently enqueued cell is reused first. The default.
  case lifo
  /// First in, first out: the cell that has waited longest is reused first.
  case fifo
}

/// What the table does when the content is dragged or decelerates past an edge.
public enum EdgeBehavior: String, Sendable, CaseIterable {
  /// UIScrollView's `bounces = true`: a drag past an edge rubber-bands (coefficient 0.55),
  /// deceleration runs past the edge and springs back. The default.
  case bounce
  /// The offset is clamped to the content; deceleration stops at the edge.
  case clamp
}

/// Where `scroll(toRow:)` puts the row (`UITableView.ScrollPosition`).
public enum ScrollPosition: String, Sendable, CaseIterable {
  /// The row's top at the top of the screen (clamped to the content). The default.
  case top
  /// The row centred on the screen (clamped to the content).
  case middle
  /// The row's bottom at the bottom of the screen (clamped to the content).
  case bottom
  /// The least scrolling that makes the whole row visible; none if it already is.
  case none
}

/// The size of the image a cell shows, in points.
public struct ImageSize: Hashable, Sendable {
  /// Width in points.
  public var width: Double
  /// Height in points.
  public var height: Double

  /// A `width` × `height` point size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A square of `side` points.
  public init(side: Double) { self.init(width: side, height: side) }
}

/// How a table is laid out and behaves: the scenario's `table` section, minus `rows` (the
/// model) and the URLs (the `images` section).
///
/// Every field is a documented model parameter; defaults are those of docs/scenario-format.md.
public struct TableConfiguration: Hashable, Sendable {
  /// Height of one row (one line of a grid) in points (`row_height`, default 88).
  public var rowHeight: Double = 88
  /// Items per line; more than 1 makes a grid whose items fill lines left to right (`columns`).
  public var columns: Int = 1
  /// The image size in points (`image_size`); nil means a square of `rowHeight − 16`.
  public var imageSize: ImageSize?
  /// Whether the data source hears `prefetchRows` and `cancelPrefetchingForRows`
  /// (`prefetching`, default false).
  public var prefetching: Bool = false
  /// Whether the scenario said `prefetching: false`; unless it did, a hosted UIKit screen's
  /// own prefetch data source may turn prefetching on (`TableView.enablePrefetching()`).
  public var prefetchingOffDeclared: Bool = false
  /// How many index paths beyond the displayed rows the prefetch window holds
  /// (`prefetch_distance`, default 10).
  public var prefetchDistance: Int = 10
  /// Extra points above and below the screen that count as visible (`preload_margin`); seed
  /// 003's enlarged table.
  public var preloadMargin: Double = 0
  /// Which group of callbacks a layout pass runs first (`layout_order`).
  public var layoutOrder: LayoutOrder = .displayFirst
  /// iOS 15+ cell prefetching (`cell_prefetching`, default false): cells are prepared with
  /// `cellForRow` before they become visible.
  public var cellPrefetching: Bool = false
  /// How many lines beyond the visible ones cell prefetching prepares ahead of the scroll and
  /// keeps behind it (default 1; a model parameter: UIKit does not document its reach).
  public var cellPrefetchLines: Int = 1
  /// The reuse pool's order (`reuse_order`).
  public var reuseOrder: ReuseOrder = .lifo
  /// Whether a frame's entering cells are configured one after another over the frame's
  /// duration, each once the cells before it are paid for (`cell_timing: paced`), instead of
  /// all at the vsync (`vsync`, the default).
  public var pacedCellWork = false
  /// The initial content offset in points (`start_offset`), clamped to the content.
  public var startOffset: Double = 0
  /// The deceleration rate per millisecond: `0.998` (`UIScrollView.DecelerationRate.normal`)
  /// or `0.99` (`.fast`).
  public var decelerationRate: Double = ScrollPhysics.normalRate
  /// Bounce or clamp at the edges.
  public var edges: EdgeBehavior = .bounce
  /// The response of the spring that brings an overscrolled offset back to the edge (default
  /// 0.4 s; an estimate, documented as a model parameter).
  public var bounceResponse: SimDuration = .ms(400)
  /// The reuse identifier cells get when the data source does not choose one.
  public var defaultReuseIdentifier: String = "Cell"
  /// How many committed frames the in-memory display log keeps (0: none, nil: every frame).
  /// Subscribers see every frame regardless.
  public var displayLogCapacity: Int? = 0
  /// Whether committed frames write `table.show` / `table.hide` trace lines when what a cell
  /// shows changes (the digest then covers what every frame displayed).
  public var traceDisplay: Bool = true

  /// The defaults of docs/scenario-format.md.
  public init() {}

  /// The image size in effect: `imageSize`, or a square of `rowHeight − 16` (at least 1).
  public var effectiveImageSize: ImageSize {
    imageSize ?? ImageSize(side: max(1, rowHeight - 16))
  }

  /// Every problem with these values, as sentences (empty when valid).
  public var problems: [String] {
    var problems: [String] = []
    if !(rowHeight > 0) || !rowHeight.isFinite {
      problems.append("row_height must be a positive number of points, got \(rowHeight)")
    }
    if columns < 1 { problems.append("columns must be at least 1, got \(columns)") }
    if prefetchDistance < 0 {
      problems.append("prefetch_distance must be zero or more, got \(prefetchDistance)")
    }
    if !(preloadMargin >= 0) || !preloadMargin.isFinite {
      problems.append("preload_margin must be zero or more points, got \(preloadMargin)")
    }
    if cellPrefetchLines < 1 {
      problems.append("cell prefetch lines must be at least 1, got \(cellPrefetchLines)")
    }
    if !(decelerationRate > 0 && decelerationRate < 1) {
      problems.append("deceleration rate must be between 0 and 1, got \(decelerationRate)")
    }
    if bounceResponse <= .zero { problems.append("bounce response must be positive") }
    if let size = imageSize, !(size.width > 0 && size.height > 0) {
      problems.append("image_size must be positive, got \(size.width)×\(size.height)")
    }
    if !startOffset.isFinite { problems.append("start_offset must be finite") }
    if let capacity = displayLogCapacity, capacity < 0 {
      problems.append("display log capacity must be zero or more, got \(capacity)")
    }
    return problems
  }
}

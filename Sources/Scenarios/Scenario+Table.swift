extension Scenario {
  /// The table or grid (`table`). Lengths are points.
  public struct Table: Sendable, Equatable {
    /// Items at the start of the run (`rows`, required).
    public var rows: Int
    /// Row height in points (`row_height`, default 88).
    public var rowHeight: Double
    /// Items per row (`columns`, default 1); more than 1 makes a grid filled left to right.
    public var columns: Int
    /// The image view's size (`image_size`, default a square of `row_height − 16`).
    public var imageSize: ImageSize
    /// Whether the table calls prefetch and cancel-prefetch (`prefetching`, default false).
    public var prefetching: Bool
    /// Whether the file said `prefetching: false` in so many words. Unless it did (or said
    /// `true`), a hosted UIKit screen decides, as UIKit does: its table prefetches when the
    /// screen set a `prefetchDataSource` and left `isPrefetchingEnabled` on (the default);
    /// loaders in CellSim's vocabulary get the default, false.
    public var prefetchingOffDeclared = false
    /// Rows announced ahead of the visible range (`prefetch_distance`, default 10).
    public var prefetchDistance: Int
    /// Extra points above and below the screen that count as visible (`preload_margin`,
    /// default 0).
    public var preloadMargin: Double
    /// The order of entering and leaving rows in a layout pass (`layout_order`).
    public var layoutOrder: LayoutOrder
    /// iOS 15+ cell prefetching (`cell_prefetching`, default false).
    public var cellPrefetching: Bool
    /// Whether the reuse pool is a stack or a queue (`reuse_order`, default `lifo`).
    public var reuseOrder: ReuseOrder
    /// The initial content offset (`start_offset`, default 0).
    public var startOffset: Double
    /// When a frame's cell work happens (`cell_timing`, default `vsync`).
    public var cellTiming: CellTiming = .vsync

    /// The default row height: 88 points.
    public static let defaultRowHeight = 88.0
    /// The default prefetch distance: 10 rows.
    public static let defaultPrefetchDistance = 10

    /// A table of `rows` items; every other field has the format's default, and a nil
    /// `imageSize` means a square of `rowHeight − 16`.
    public init(
      rows: Int, rowHeight: Double = Table.defaultRowHeight, columns: Int = 1,
      imageSize: ImageSize? = nil, prefetching: Bool = false,
      prefetchDistance: Int = Table.defaultPrefetchDistance, preloadMargin: Double = 0,
      layoutOrder: LayoutOrder = .displayFirst, cellPrefetching: Bool = false,
      reuseOrder: ReuseOrder = .lifo, startOffset: Double = 0
    ) {
      self.rows = rows
      self.rowHeight = rowHeight
      self.columns = columns
      self.imageSize = imageSize ?? Table.defaultImageSize(rowHeight: rowHeight)
      self.prefetching = prefetching
      self.prefetchDistance = prefetchDistance
      self.preloadMargin = preloadMargin
      self.layoutOrder = layoutOrder
      self.cellPrefetching = cellPrefetching
      self.reuseOrder = reuseOrder
      self.startOffset = startOffset
    }

    /// The image size used when `image_size` is absent: a square of `rowHeight − 16`.
    public static func defaultImageSize(rowHeight: Double) -> ImageSize {
      ImageSize(width: rowHeight - 16, height: rowHeight - 16)
    }
  }

  /// A size in points (`image_size: 64` is a square; `{width: 120, height: 80}` is not).
  public struct ImageSize: Sendable, Equatable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// A `width × height` size.
    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }
  }

  /// When a frame's entering cells get `cellForRow` and `willDisplay` (`cell_timing`).
  public enum CellTiming: String, Sendable, Equatable, CaseIterable {
    /// All at the vsync, the main thread then busy for their cost (the default).
    case vsync
    /// One after another, each at the instant the main thread has paid for the cells before
    /// it, as on a device: a background check between two of them sees the pass half done.
    case paced
  }

  /// The order of the two groups of callbacks in a layout pass (docs/design.md, Table).
  public enum LayoutOrder: String, Sendable, Equatable, CaseIterable {
    /// Entering rows get `cellForRow`, then leaving rows get `didEndDisplaying` (UITableView).
    case displayFirst = "display_first"
    /// Leaving rows first, so a leaving cell can serve an entering row in the same pass.
    case endFirst = "end_first"
  }

  /// How the reuse pool hands out cells.
  public enum ReuseOrder: String, Sendable, Equatable, CaseIterable {
    /// Last in, first out: a stack per reuse identifier (the default).
    case lifo
    /// First in, first out.
    case fifo
  }
}

public import SimKernel

extension Scenario {
  /// The ids of the standard invariants (`docs/scenario-format.md`; docs/design.md, Oracle and
  /// metrics).
  public enum InvariantID: String, Sendable, Equatable, CaseIterable {
    /// A displayed cell never shows another row's image.
    case noCrossCellImage = "no_cross_cell_image"
    /// A displayed image was decoded from exactly one complete, successful transfer.
    case noCorruptImage = "no_corrupt_image"
    /// Rows at rest show their image, or are loading it, within `within`.
    case eventuallyLoaded = "eventually_loaded"
    /// Transfers no longer needed are cancelled within `within` of `didEndDisplaying`.
    case cancelOnEndDisplay = "cancel_on_end_display"
    /// Outstanding transfers plus queued requests never exceed `max`.
    case boundedQueue = "bounded_queue"
    /// At most one transfer per URL is outstanding.
    case noDuplicateTransfers = "no_duplicate_transfers"
    /// A cached image is committed in the first frame that shows its row.
    case cacheHitOnRevisit = "cache_hit_on_revisit"
    /// A completed transfer's callback runs within `within`.
    case noDeliveryStall = "no_delivery_stall"
    /// The hitch ratio while scrolling stays at or below `max_hitch_ratio`.
    case frameBudget = "frame_budget"
    /// Peak live decoded bytes stay at or below `max`.
    case memoryBudget = "memory_budget"
    /// Schedulers order waiting requests by the priority set last on any outer layer.
    case latestPriorityWins = "latest_priority_wins"
    /// A progress view shows only the progress of its cell's current request.
    case progressIsolation = "progress_isolation"
    /// No simulated threads block each other for ever (blocking code: locks, semaphores,
    /// `sync`).
    case deadlock
    /// An image the app set itself stays until the loader is asked for that cell again.
    case manualImageKept = "manual_image_kept"
    /// A request a loader declared ends exactly once (one terminal callback).
    case oneTerminalCallback = "one_terminal_callback"
    /// At the end of the run, decoded images held by nothing the platform knows (no cache, no
    /// cell's view) number at most `max`. Not in the standard set: name it.
    case noLeakedImages = "no_leaked_images"
    /// Disk reads and decodes that start for a URL after every row that wanted it left, while
    /// none wants it again, number at most `max` (and move at most `max_bytes`). Not in the
    /// standard set: name it.
    case noWastedWork = "no_wasted_work"

    /// Whether the standard set (no `invariants` key) checks it: every invariant but
    /// `no_leaked_images`, which judges a loader's own structures, and `no_wasted_work`, which
    /// judges its disk and decode pipeline; both are asked for by name.
    public var isInStandardSet: Bool { self != .noLeakedImages && self != .noWastedWork }

    /// A distinct bit per invariant, for sets of ids kept as masks (the oracle asks whether an
    /// invariant is checked several times a frame).
    package var bit: UInt32 {
      switch self {
      case .noCrossCellImage: 1 << 0
      case .noCorruptImage: 1 << 1
      case .eventuallyLoaded: 1 << 2
      case .cancelOnEndDisplay: 1 << 3
      case .boundedQueue: 1 << 4
      case .noDuplicateTransfers: 1 << 5
      case .cacheHitOnRevisit: 1 << 6
      case .noDeliveryStall: 1 << 7
      case .frameBudget: 1 << 8
      case .memoryBudget: 1 << 9
      case .latestPriorityWins: 1 << 10
      case .progressIsolation: 1 << 11
      case .deadlock: 1 << 12
      case .manualImageKept: 1 << 13
      case .oneTerminalCallback: 1 << 14
      case .noLeakedImages: 1 << 15
      case .noWastedWork: 1 << 16
      }
    }

    /// The names of the parameters this invariant takes, in documentation order.
    public var parameterNames: [String] {
      switch self {
      case .eventuallyLoaded, .cancelOnEndDisplay, .noDeliveryStall, .oneTerminalCallback:
        return ["within"]
      case .boundedQueue, .memoryBudget, .noLeakedImages: return ["max"]
      case .noWastedWork: return ["max", "max_bytes"]
      case .frameBudget: return ["max_hitch_ratio"]
      case .cacheHitOnRevisit: return ["revisit"]
      case .noCrossCellImage, .noCorruptImage, .noDuplicateTransfers, .latestPriorityWins,
        .progressIsolation, .deadlock, .manualImageKept:
        return []
      }
    }
  }

  /// One invariant to check, with its parameters.
  public enum InvariantCheck: Sendable, Equatable {
    /// `no_cross_cell_image`.
    case noCrossCellImage
    /// `no_corrupt_image`.
    case noCorruptImage
    /// `eventually_loaded` (within: default 2 s).
    case eventuallyLoaded(within: SimDuration)
    /// `cancel_on_end_display` (within: default 0 ms, meaning before that main-thread turn
    /// ends).
    case cancelOnEndDisplay(within: SimDuration)
    /// `bounded_queue` (max: default `visible`).
    case boundedQueue(max: QueueBound)
    /// `no_duplicate_transfers`.
    case noDuplicateTransfers
    /// `cache_hit_on_revisit` (revisit: default 5 s; nil (`none`) judges only rows whose
    /// image a memory cache holds, the reading before `revisit` existed).
    case cacheHitOnRevisit(revisit: SimDuration?)
    /// `no_delivery_stall` (within: default 250 ms).
    case noDeliveryStall(within: SimDuration)
    /// `frame_budget` (max_hitch_ratio in ms/s: default 5).
    case frameBudget(maxHitchRatio: Double)
    /// `memory_budget` (max: default nil, meaning the device's budget).
    case memoryBudget(max: ByteSize?)
    /// `latest_priority_wins`.
    case latestPriorityWins
    /// `progress_isolation`.
    case progressIsolation
    /// `deadlock`.
    case deadlock
    /// `manual_image_kept`.
    case manualImageKept
    /// `one_terminal_callback` (within: default 2 s, how long a request may stay unended while
    /// no transfer of its URL is outstanding).
    case oneTerminalCallback(within: SimDuration)
    /// `no_leaked_images` (max: default `visible`).
    case noLeakedImages(max: QueueBound)
    /// `no_wasted_work` (max: default `visible`; max_bytes: default nil, no bound on bytes).
    case noWastedWork(max: QueueBound, maxBytes: ByteSize?)

    /// The invariant with its default parameters.
    public static func defaults(_ id: InvariantID) -> InvariantCheck {
      switch id {
      case .noCrossCellImage: return .noCrossCellImage
      case .noCorruptImage: return .noCorruptImage
      case .eventuallyLoaded: return .eventuallyLoaded(within: .s(2))
      case .cancelOnEndDisplay: return .cancelOnEndDisplay(within: .zero)
      case .boundedQueue: return .boundedQueue(max: .visible)
      case .noDuplicateTransfers: return .noDuplicateTransfers
      case .cacheHitOnRevisit: return .cacheHitOnRevisit(revisit: .s(5))
      case .noDeliveryStall: return .noDeliveryStall(within: .ms(250))
      case .frameBudget: return .frameBudget(maxHitchRatio: 5)
      case .memoryBudget: return .memoryBudget(max: nil)
      case .latestPriorityWins: return .latestPriorityWins
      case .progressIsolation: return .progressIsolation
      case .deadlock: return .deadlock
      case .manualImageKept: return .manualImageKept
      case .oneTerminalCallback: return .oneTerminalCallback(within: .s(2))
      case .noLeakedImages: return .noLeakedImages(max: .visible)
      case .noWastedWork: return .noWastedWork(max: .visible, maxBytes: nil)
      }
    }

    /// The invariant's id.
    public var id: InvariantID {
      switch self {
      case .noCrossCellImage: return .noCrossCellImage
      case .noCorruptImage: return .noCorruptImage
      case .eventuallyLoaded: return .eventuallyLoaded
      case .cancelOnEndDisplay: return .cancelOnEndDisplay
      case .boundedQueue: return .boundedQueue
      case .noDuplicateTransfers: return .noDuplicateTransfers
      case .cacheHitOnRevisit: return .cacheHitOnRevisit
      case .noDeliveryStall: return .noDeliveryStall
      case .frameBudget: return .frameBudget
      case .memoryBudget: return .memoryBudget
      case .latestPriorityWins: return .latestPriorityWins
      case .progressIsolation: return .progressIsolation
      case .deadlock: return .deadlock
      case .manualImageKept: return .manualImageKept
      case .oneTerminalCallback: return .oneTerminalCallback
      case .noLeakedImages: return .noLeakedImages
      case .noWastedWork: return .noWastedWork
      }
    }

    /// True when every parameter has its default value.
    public var hasDefaultParameters: Bool { self == .defaults(id) }
  }

  /// The `max` of `bounded_queue`, `no_leaked_images` and `no_wasted_work`.
  public enum QueueBound: Sendable, Equatable {
    /// The number of displayed rows plus the prefetch window (`visible`).
    case visible
    /// A fixed number of entries.
    case count(Int)
  }

  /// Which invariants a run checks (`invariants`).
  public enum Invariants: Sendable, Equatable {
    /// Every standard invariant with default parameters (the key is absent).
    case standard
    /// Nothing (`none`), for metrics-only scenarios.
    case none
    /// These invariants, in file order, each at most once.
    case selected([InvariantCheck])

    /// The invariants to check, in file order (`standard`: every id of the standard set, in
    /// documentation order).
    public var checks: [InvariantCheck] {
      switch self {
      case .standard:
        return InvariantID.allCases.filter(\.isInStandardSet).map(InvariantCheck.defaults)
      case .none: return []
      case .selected(let checks): return checks
      }
    }

    /// True when the invariant `id` is checked.
    public func checks(_ id: InvariantID) -> Bool {
      checks.contains { $0.id == id }
    }
  }
}

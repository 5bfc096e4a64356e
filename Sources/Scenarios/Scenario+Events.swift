public import SimKernel

extension Scenario {
  /// One entry of the trace: an instant and exactly one action.
  ///
  /// Events apply in `at` order, and events with the same `at` in file order. Rows are index
  /// paths at the moment the event applies. Lengths are points, velocities points per second,
  /// and a positive offset or velocity scrolls toward higher rows.
  public struct Event: Sendable, Equatable {
    /// When the event applies, from the start of the run (`at`).
    public var at: SimTime
    /// What happens.
    public var action: Action

    /// The event `action` at `at`.
    public init(at: SimTime, action: Action) {
      self.at = at
      self.action = action
    }
  }

  /// What an event does; each case is one action key of the format.
  public enum Action: Sendable, Equatable {
    /// Finger down, move the content by `by` points over `over`; the finger stays down.
    case drag(by: Double, over: SimDuration)
    /// Finger up; decelerate from `velocity` (0 stops).
    case release(velocity: Double)
    /// Drag by `velocity × 50ms` over 50 ms, then release at `velocity`.
    case fling(velocity: Double)
    /// Finger down; stops deceleration.
    case touch
    /// Finger up with no velocity.
    case lift
    /// Programmatic scroll to `row` (`animated` defaults to true: 0.3 s ease-in-out).
    case scrollTo(row: Int, animated: Bool)
    /// Scroll to the top with a spring.
    case statusBarTap
    /// `reloadData()`.
    case reloadData
    /// Reload these rows (non-empty, each in range).
    case reloadRows([Int])
    /// Reconfigure these rows (`reconfigureRows(at:)`): the rows that have a cell are asked for
    /// again with that same cell (non-empty, each in range).
    case reconfigureRows([Int])
    /// Insert `count` new items at row `at`; they get new ids after the largest so far.
    case insertRows(at: Int, count: Int)
    /// Delete `count` rows starting at row `at`.
    case deleteRows(at: Int, count: Int)
    /// Move the row `from` to `to`.
    case moveRow(from: Int, to: Int)
    /// Change the URL (and optionally the fixture) of the item at `row`, then reload the row.
    case setURL(row: Int, url: String, fixture: String?)
    /// The app assigns its own ("manual") image to the cell of `row`.
    case setImage(row: Int)
    /// A memory warning.
    case memoryWarning
    /// The view disappears.
    case disappear
    /// The view appears.
    case appear
    /// Held transfers whose URL matches `match` proceed.
    case releaseHeld(match: String)
    /// An outage starting now and lasting `for`.
    case offline(for: SimDuration)

    /// Every action key of the format, in documentation order.
    public static let keys = [
      "drag", "release", "fling", "touch", "lift", "scroll_to", "status_bar_tap", "reload_data",
      "reload_rows", "insert_rows", "delete_rows", "move_row", "set_url", "set_image",
      "memory_warning", "disappear", "appear", "release_held", "offline", "reconfigure_rows",
    ]

    /// The action's key in a scenario file, such as `scroll_to`.
    public var key: String {
      switch self {
      case .drag: return "drag"
      case .release: return "release"
      case .fling: return "fling"
      case .touch: return "touch"
      case .lift: return "lift"
      case .scrollTo: return "scroll_to"
      case .statusBarTap: return "status_bar_tap"
      case .reloadData: return "reload_data"
      case .reloadRows: return "reload_rows"
      case .reconfigureRows: return "reconfigure_rows"
      case .insertRows: return "insert_rows"
      case .deleteRows: return "delete_rows"
      case .moveRow: return "move_row"
      case .setURL: return "set_url"
      case .setImage: return "set_image"
      case .memoryWarning: return "memory_warning"
      case .disappear: return "disappear"
      case .appear: return "appear"
      case .releaseHeld: return "release_held"
      case .offline: return "offline"
      }
    }

    /// How the action changes the number of rows: +count for inserts, −count for deletes.
    public var rowCountChange: Int {
      switch self {
      case .insertRows(_, let count): return count
      case .deleteRows(_, let count): return -count
      default: return 0
      }
    }
  }
}

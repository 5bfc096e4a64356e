package import SimTable

/// UIKit's `UIScrollView`. A table view's scroll state is its SimTable table's: `contentOffset`,
/// `isTracking`, `isDragging` and `isDecelerating` read the simulated scroll (touches, drags and
/// flings come from the scenario's events), and `setContentOffset(_:animated:)` moves it. A
/// plain scroll view only keeps the values it is given (paging and zoom values included); its
/// `delegate` hears `scrollViewDidScroll` when the offset is set to a new value, as in UIKit,
/// and nothing else (no one drags it).
///
/// Divergence: `delegate` is declared once, here, as `(any UIScrollViewDelegate)?`. UIKit's table
/// and collection views redeclare it with their own protocols, which Swift source cannot do
/// (an override cannot change a property's type). Assigning works as on iOS
/// (`tableView.delegate = self`), and the table hears its `UITableViewDelegate` methods through
/// it; reading `tableView.delegate` gives the scroll-view protocol, so cast it
/// (`as? UITableViewDelegate`) to call table methods (on iOS those are optional methods called
/// with `?.`, a form Swift on Linux has no equivalent of).
@preconcurrency @MainActor open class UIScrollView: UIView {
  /// The SimTable table behind a table view, once the host bound it.
  package internal(set) weak var engine: TableView?
  var storedOffset: CGPoint = .zero
  /// How the engine's rows map to the data source's sections (`SectionMap`), as last counted.
  package internal(set) var engineSections = SectionMap()
  /// The rows the data source declares in all, as last counted; nil without a data source.
  package internal(set) var declaredRows: Int?
  /// The engine's rows in all (the scenario's), declared or not, whatever the sections.
  var engineItemCount: Int { engine?.numberOfRows ?? 0 }
  /// The engine's rows shown blank because the data source did not declare them when the
  /// engine asked (`UndeclaredRows.swift`).
  var blankRows: Set<Int> = []
  /// Each section's count as the data source last gave it; nil without a data source.
  var countedSections: [Int]?
  /// Set by a collection view's `reloadData()` until its counts are read again at the layout
  /// (UIKit reads them lazily); meanwhile the scroll range keeps its end.
  var countsStale = false
  /// The row and section changes told in the batch now open, if any (`SectionUpdates.swift`).
  var pendingUpdates: PendingUpdates?

  /// The delegate (held weakly): the scroll callbacks, and for a table or collection view its
  /// own delegate's methods too (see the type's notes).
  open weak var delegate: (any UIScrollViewDelegate)?

  /// The scroll position: the top of the visible content.
  open var contentOffset: CGPoint {
    get { engine.map { CGPoint(x: 0, y: $0.contentOffset) } ?? storedOffset }
    set { setContentOffset(newValue, animated: false) }
  }

  /// Moves the content to `contentOffset` (over 0.3 s when animated, on a table).
  open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
    if let engine {
      engine.setContentOffset(Double(contentOffset.y), animated: animated)
      notifyKeyValueObservers()
    } else if contentOffset != storedOffset {
      storedOffset = contentOffset
      notifyKeyValueObservers()
      delegate?.scrollViewDidScroll(self)
    }
  }

  /// The key-value observations of this view (`UIScrollView+KeyValueObserving.swift`).
  var keyValuePollers: [WeakPoller] = []

  /// The content's size: for a table or collection view the host bound, its rows' (the rows
  /// the data source declares, in the scenario's lines of `row_height`, with the room of section
  /// headers and footers, as wide as the screen),
  /// as UIKit computes it from the data source; for a plain scroll view the size it is given.
  /// Setting it on a bound view changes nothing, as UIKit recomputes a table's.
  open var contentSize: CGSize {
    get {
      guard let engine else { return storedContentSize }
      let height = declaredContentHeight(declaredRows ?? engine.numberOfRows, of: engine)
      return CGSize(width: engine.layout.viewportWidth, height: height)
    }
    set { storedContentSize = newValue }
  }
  var storedContentSize: CGSize = .zero

  /// The frame: for a bound table or collection view, its origin as set and the size of the
  /// scenario's viewport (the screen), which decides what is on screen whatever the constraints
  /// say (they are not solved); for other scroll views, as set.
  open override var frame: CGRect {
    get {
      guard let size = engineViewport else { return super.frame }
      return CGRect(origin: super.frame.origin, size: size)
    }
    set { super.frame = newValue }
  }

  /// The bounds: their origin is the content offset, as in UIKit; a bound table's or collection
  /// view's size is the scenario's viewport.
  open override var bounds: CGRect {
    get { CGRect(origin: contentOffset, size: engineViewport ?? super.bounds.size) }
    set { super.bounds = newValue }
  }

  /// The viewport of the bound engine, if any.
  var engineViewport: CGSize? {
    guard let layout = engine?.layout else { return nil }
    return CGSize(width: layout.viewportWidth, height: layout.viewportHeight)
  }
  /// The content's insets (kept).
  open var contentInset: UIEdgeInsets = .zero
  /// `adjustedContentInset`: `contentInset` (no safe area or bars adjust it here).
  open var adjustedContentInset: UIEdgeInsets { contentInset }
  /// `contentInsetAdjustmentBehavior` (kept).
  open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
  /// `keyboardDismissMode` (kept; there is no keyboard).
  open var keyboardDismissMode: KeyboardDismissMode = .none
  /// `verticalScrollIndicatorInsets` (kept).
  open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
  /// `horizontalScrollIndicatorInsets` (kept).
  open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
  /// `scrollIndicatorInsets`, deprecated in iOS 13 (kept).
  open var scrollIndicatorInsets: UIEdgeInsets = .zero
  /// `flashScrollIndicators()`: nothing is drawn, so nothing flashes.
  open func flashScrollIndicators() {}
  /// `indicatorStyle` (kept).
  open var indicatorStyle: IndicatorStyle = .default

  /// UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`, with its raw values.
  public enum ContentInsetAdjustmentBehavior: Int, Sendable {
    case automatic = 0
    case scrollableAxes = 1
    case never = 2
    case always = 3
  }

  /// UIKit's `UIScrollView.KeyboardDismissMode`, with its raw values.
  public enum KeyboardDismissMode: Int, Sendable {
    case none = 0
    case onDrag = 1
    case interactive = 2
    case onDragWithAccessory = 3
    case interactiveWithAccessory = 4
  }

  /// UIKit's `UIScrollView.IndicatorStyle`, with its raw values.
  public enum IndicatorStyle: Int, Sendable {
    case `default` = 0
    case black = 1
    case white = 2
  }
  /// `isScrollEnabled` (kept; the scenario's gestures scroll regardless).
  open var isScrollEnabled = true
  /// `showsVerticalScrollIndicator` (kept).
  open var showsVerticalScrollIndicator = true
  /// `showsHorizontalScrollIndicator` (kept).
  open var showsHorizontalScrollIndicator = true
  /// `alwaysBounceVertical` (kept).
  open var alwaysBounceVertical = false
  /// `scrollsToTop` (kept).
  open var scrollsToTop = true
  /// `alwaysBounceHorizontal` (kept).
  open var alwaysBounceHorizontal = false
  /// `bounces` (kept).
  open var bounces = true
  /// `isPagingEnabled`: a bound table or collection view then comes to rest on a page
  /// boundary, a page being its bounds' height (the engine asks at each release).
  open var isPagingEnabled = false
  /// `minimumZoomScale` (kept).
  open var minimumZoomScale: CGFloat = 1
  /// `maximumZoomScale` (kept).
  open var maximumZoomScale: CGFloat = 1
  /// `zoomScale` (kept; nothing is scaled).
  open var zoomScale: CGFloat = 1

  /// Sets `zoomScale` (kept; nothing is scaled).
  open func setZoomScale(_ scale: CGFloat, animated: Bool) { zoomScale = scale }

  /// `refreshControl`: kept (a run never pulls to refresh, and the control is not made a
  /// subview, so the table's own views stay the cells the scenario lays out).
  open var refreshControl: UIRefreshControl?
  /// The adjusted content inset changed (never called: the insets are fixed for a run).
  open func adjustedContentInsetDidChange() {}
  /// `panGestureRecognizer`: the scroll view's pan recognizer (a scenario's drags and flings
  /// move the view; the recognizer reports no touches).
  public private(set) lazy var panGestureRecognizer = UIPanGestureRecognizer()
  lazy var scrollSettings = ScrollSettings()
  lazy var listSettings = ListSettings()
  var contentGuide: UILayoutGuide?
  var frameGuide: UILayoutGuide?

  /// Whether a finger is down on the content.
  open var isTracking: Bool { engine?.scrollState == .tracking }
  /// Whether the user is dragging the content (a finger is down).
  open var isDragging: Bool { engine?.scrollState == .tracking }
  /// Whether the content moves on after the finger lifted (deceleration or bounce).
  open var isDecelerating: Bool {
    guard let state = engine?.scrollState else { return false }
    return state == .decelerating || state == .bouncing
  }
}

/// UIKit's `UIScrollViewDelegate`: every method is optional (a default that does nothing).
/// A table view calls them on its `delegate`, at the frame where the simulated scroll changed
/// state: `scrollViewWillBeginDragging` when a finger goes down, `scrollViewDidScroll` when the
/// offset moved, `scrollViewDidEndDragging(_:willDecelerate:)` when it lifts,
/// `scrollViewWillBeginDecelerating` and `scrollViewDidEndDecelerating` around deceleration, and
/// `scrollViewDidEndScrollingAnimation` after a programmatic animation.
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` and
/// `scrollViewShouldScrollToTop` are accepted, not called: the scenario decides where a fling
/// stops, and there is no status bar to tap.
@preconcurrency @MainActor public protocol UIScrollViewDelegate: AnyObject {
  /// The content moved.
  func scrollViewDidScroll(_ scrollView: UIScrollView)
  /// A finger went down and is about to drag.
  func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
  /// The finger lifted; `decelerate` tells whether the content moves on.
  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
  /// The content starts decelerating.
  func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
  /// The content stopped after decelerating.
  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
  /// A programmatic scroll animation ended.
  func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
  /// A status-bar tap scrolled to the top.
  func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
  /// The finger is about to lift; the delegate may move the target (never called).
  func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>)
  /// Whether a status-bar tap may scroll to the top (never asked).
  func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
  /// The view to scale when zooming (never asked: no one pinches).
  func viewForZooming(in scrollView: UIScrollView) -> UIView?
}

extension UIScrollViewDelegate {
  /// Does nothing.
  public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
  /// Does nothing.
  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
  {}
  /// Does nothing.
  public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
  /// Does nothing.
  public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
  /// Leaves the target where it is.
  public func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {}
  /// Yes.
  public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
  /// None.
  public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
}

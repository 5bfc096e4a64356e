import Foundation

/// UIKit's `UISegmentedControl`: segments (a title or an image each, enabled or not, with a
/// width), the selected index, the selected segment's tint and the title attributes per state,
/// kept and read back. Nothing is drawn, and no one taps a segment in a run.
@preconcurrency @MainActor open class UISegmentedControl: UIControl {
  /// One segment's kept values.
  struct Segment {
    var title: String?
    var image: UIImage?
    var isEnabled = true
    var width: CGFloat = 0
  }

  var segments: [Segment] = []
  var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
  /// The selected segment, or `UISegmentedControl.noSegment`.
  open var selectedSegmentIndex = UISegmentedControl.noSegment
  /// `UISegmentedControl.noSegment`.
  public static let noSegment = -1
  /// The number of segments.
  open var numberOfSegments: Int { segments.count }
  /// `selectedSegmentTintColor` (iOS 13; kept, never drawn).
  open var selectedSegmentTintColor: UIColor?
  /// `isMomentary` (kept).
  open var isMomentary = false
  /// `apportionsSegmentWidthsByContent` (kept).
  open var apportionsSegmentWidthsByContent = false

  /// `UISegmentedControl(items:)`: items are titles (strings) or images.
  public init(items: [Any]?) {
    segments = (items ?? []).map { Segment(title: $0 as? String, image: $0 as? UIImage) }
    super.init(frame: .zero)
  }
  /// An empty control with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// An empty control.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// Where a segment inserted at `segment` goes: pinned to the existing range, as UIKit pins it.
  private func insertionIndex(_ segment: Int) -> Int { max(0, min(segment, segments.count)) }

  /// `insertSegment(withTitle:at:animated:)`.
  open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
    segments.insert(Segment(title: title), at: insertionIndex(segment))
  }
  /// `insertSegment(with:at:animated:)`: a segment showing `image`.
  open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
    segments.insert(Segment(image: image), at: insertionIndex(segment))
  }
  /// `removeSegment(at:animated:)`: removes the segment, if there is one; removing the selected
  /// segment leaves none selected.
  open func removeSegment(at segment: Int, animated: Bool) {
    guard segments.indices.contains(segment) else { return }
    segments.remove(at: segment)
    if selectedSegmentIndex == segment {
      selectedSegmentIndex = Self.noSegment
    } else if selectedSegmentIndex > segment {
      selectedSegmentIndex -= 1
    }
  }
  /// `removeAllSegments()`.
  open func removeAllSegments() {
    segments = []
    selectedSegmentIndex = Self.noSegment
  }
  /// `titleForSegment(at:)`.
  open func titleForSegment(at segment: Int) -> String? {
    segments.indices.contains(segment) ? segments[segment].title : nil
  }
  /// `setTitle(_:forSegmentAt:)`: the segment shows the title instead of its image.
  open func setTitle(_ title: String?, forSegmentAt segment: Int) {
    guard segments.indices.contains(segment) else { return }
    segments[segment].title = title
    segments[segment].image = nil
  }
  /// `imageForSegment(at:)`.
  open func imageForSegment(at segment: Int) -> UIImage? {
    segments.indices.contains(segment) ? segments[segment].image : nil
  }
  /// `setImage(_:forSegmentAt:)`: the segment shows the image instead of its title.
  open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
    guard segments.indices.contains(segment) else { return }
    segments[segment].image = image
    segments[segment].title = nil
  }
  /// `setEnabled(_:forSegmentAt:)` (kept).
  open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
    if segments.indices.contains(segment) { segments[segment].isEnabled = enabled }
  }
  /// `isEnabledForSegment(at:)`: true for a segment never disabled.
  open func isEnabledForSegment(at segment: Int) -> Bool {
    segments.indices.contains(segment) ? segments[segment].isEnabled : false
  }
  /// `setWidth(_:forSegmentAt:)` (kept; 0 means the width is worked out).
  open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
    if segments.indices.contains(segment) { segments[segment].width = width }
  }
  /// `widthForSegment(at:)`: the width set, else 0.
  open func widthForSegment(at segment: Int) -> CGFloat {
    segments.indices.contains(segment) ? segments[segment].width : 0
  }
  /// `setTitleTextAttributes(_:for:)` (iOS 5; kept per state, never drawn).
  open func setTitleTextAttributes(
    _ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State
  ) {
    titleAttributes[state.rawValue] = attributes
  }
  /// `titleTextAttributes(for:)`: the attributes set for exactly `state`, else nil.
  open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
    titleAttributes[state.rawValue]
  }
}

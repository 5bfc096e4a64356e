/// UIKit's `UIScrollEdgeEffect` (iOS 26): how a scroll view's content fades under the bars at
/// one edge. A scroll view has one per edge (`topEdgeEffect`, …); code hides one or changes its
/// style. Kept, never drawn. As in UIKit, there is no public initializer.
@preconcurrency @MainActor open class UIScrollEdgeEffect: NSObject {
  /// UIKit's `UIScrollEdgeEffect.Style` (iOS 26): a class with shared instances, as in UIKit
  /// (`.automatic`, `.soft`, `.hard`), so styles compare by identity.
  @preconcurrency @MainActor open class Style: NSObject {
    /// The style's name, for descriptions.
    let name: String

    init(name: String) {
      self.name = name
      super.init()
    }

    static let sharedAutomatic = Style(name: "automatic")
    static let sharedSoft = Style(name: "soft")
    static let sharedHard = Style(name: "hard")

    /// `.automatic`: the style the system chooses (every edge's until set).
    open class var automatic: Style { sharedAutomatic }
    /// `.soft`: a soft, blurred fade.
    open class var soft: Style { sharedSoft }
    /// `.hard`: a hard cutoff with a dividing line.
    open class var hard: Style { sharedHard }

    /// The style's name.
    open override var description: String { "UIScrollEdgeEffect.Style.\(name)" }
  }

  /// `isHidden`: whether the effect is hidden (kept; false until set, as UIKit documents).
  open var isHidden = false

  /// `style` (kept; `.automatic` until set).
  open var style: Style

  override init() {
    style = .automatic
    super.init()
  }
}

extension UIScrollView {
  /// `topEdgeEffect` (iOS 26): the effect for the top edge (kept, never drawn).
  public var topEdgeEffect: UIScrollEdgeEffect { scrollSettings.topEdgeEffect }
  /// `leftEdgeEffect` (iOS 26): the effect for the left edge (kept, never drawn).
  public var leftEdgeEffect: UIScrollEdgeEffect { scrollSettings.leftEdgeEffect }
  /// `bottomEdgeEffect` (iOS 26): the effect for the bottom edge (kept, never drawn).
  public var bottomEdgeEffect: UIScrollEdgeEffect { scrollSettings.bottomEdgeEffect }
  /// `rightEdgeEffect` (iOS 26): the effect for the right edge (kept, never drawn).
  public var rightEdgeEffect: UIScrollEdgeEffect { scrollSettings.rightEdgeEffect }
}

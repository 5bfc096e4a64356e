// iOS 26's Liquid Glass effects, as a `UIVisualEffectView` takes them
// (`UIVisualEffectView(effect: UIGlassEffect())`) and as buttons ask for them
// (`UIButton.Configuration.glass()`). Everything is kept and nothing is drawn: what a glass
// view's content view shows is judged as any view's.

/// UIKit's `UIGlassEffect` (iOS 26): a Liquid Glass material of a style (kept, never drawn).
@preconcurrency @MainActor open class UIGlassEffect: UIVisualEffect {
  /// UIKit's `UIGlassEffect.Style`, with its raw values.
  public enum Style: Int, Sendable {
    /// `.regular`: the standard glass.
    case regular = 0
    /// `.clear`: the clear glass.
    case clear = 1
  }

  /// The style the effect was made with (kept; UIKit does not expose it).
  var style: Style = .regular

  /// `isInteractive`: whether the glass responds to touches (kept; false until set; no one
  /// touches the screen in a run).
  open var isInteractive = false

  /// `tintColor`: the tint applied to the glass (kept; nil until set).
  open var tintColor: UIColor?

  /// `UIGlassEffect()`: regular glass.
  public override init() { super.init() }

  /// `UIGlassEffect(style:)`.
  public convenience init(style: Style) {
    self.init()
    self.style = style
  }
}

/// UIKit's `UIGlassContainerEffect` (iOS 26): the effect of a view whose glass subviews merge
/// (kept, never drawn).
@preconcurrency @MainActor open class UIGlassContainerEffect: UIVisualEffect {
  /// `spacing`: the distance at which the container's glass elements begin to merge (kept; 0
  /// until set).
  open var spacing: CGFloat = 0

  /// `UIGlassContainerEffect()`.
  public override init() { super.init() }
}

extension UIButton.Configuration {
  /// `glass()` (iOS 26): a Liquid Glass button (kept, never drawn).
  public static func glass() -> UIButton.Configuration { .init(style: "glass") }
  /// `prominentGlass()` (iOS 26): a prominent, tinted Liquid Glass button.
  public static func prominentGlass() -> UIButton.Configuration {
    .init(style: "prominentGlass")
  }
  /// `clearGlass()` (iOS 26): a clear Liquid Glass button, as over a photo.
  public static func clearGlass() -> UIButton.Configuration { .init(style: "clearGlass") }
  /// `prominentClearGlass()` (iOS 26): a prominent, tinted clear Liquid Glass button.
  public static func prominentClearGlass() -> UIButton.Configuration {
    .init(style: "prominentClearGlass")
  }
}

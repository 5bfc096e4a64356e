/// UIKit's `UIVisualEffect`: an effect a `UIVisualEffectView` applies (kept, never drawn).
@preconcurrency @MainActor open class UIVisualEffect: NSObject {
  /// An effect.
  public override init() {}
}

/// UIKit's `UIBlurEffect`: a blur of a style (kept, never drawn).
@preconcurrency @MainActor open class UIBlurEffect: UIVisualEffect {
  /// UIKit's `UIBlurEffect.Style` (the styles cells and overlays use).
  public enum Style: Int, Sendable {
    case extraLight = 0
    case light = 1
    case dark = 2
    case regular = 4
    case prominent = 5
    case systemUltraThinMaterial = 6
    case systemThinMaterial = 7
    case systemMaterial = 8
    case systemThickMaterial = 9
    case systemChromeMaterial = 10
    case systemUltraThinMaterialLight = 11
    case systemThinMaterialLight = 12
    case systemMaterialLight = 13
    case systemThickMaterialLight = 14
    case systemChromeMaterialLight = 15
    case systemUltraThinMaterialDark = 16
    case systemThinMaterialDark = 17
    case systemMaterialDark = 18
    case systemThickMaterialDark = 19
    case systemChromeMaterialDark = 20
  }

  /// The style the effect was made with.
  public let style: Style

  /// `UIBlurEffect(style:)`.
  public init(style: Style) { self.style = style }
}

/// UIKit's `UIVisualEffectView`: a view whose subviews go in its `contentView`, as in UIKit;
/// the effect is kept and not drawn, so what the content view shows is judged as any view's.
@preconcurrency @MainActor open class UIVisualEffectView: UIView {
  /// The effect.
  open var effect: UIVisualEffect?
  /// The view content goes into.
  public let contentView = UIView(frame: .zero)

  /// `UIVisualEffectView(effect:)`.
  public init(effect: UIVisualEffect?) {
    self.effect = effect
    super.init(frame: .zero)
    addSubview(contentView)
  }

  /// An effect view with no effect.
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    addSubview(contentView)
  }
}

/// UIKit's `UIBarAppearance` (iOS 13): a bar's background and shadow, kept and never drawn.
/// The `configureWith…Background()` calls set the values UIKit documents for them (an opaque
/// background is `.systemBackground` with a separator-coloured shadow; a transparent one has
/// neither), so code that reads them back sees UIKit's.
@preconcurrency @MainActor open class UIBarAppearance {
  /// `backgroundColor`.
  open var backgroundColor: UIColor?
  /// `backgroundImage`.
  open var backgroundImage: UIImage?
  /// `backgroundEffect`.
  open var backgroundEffect: UIBlurEffect?
  /// `shadowColor`.
  open var shadowColor: UIColor?
  /// `shadowImage`.
  open var shadowImage: UIImage?

  /// An appearance with the default background.
  public required init() { configureWithDefaultBackground() }

  /// An appearance with `barAppearance`'s values.
  public required init(barAppearance: UIBarAppearance) {
    copyValues(from: barAppearance)
  }

  /// `configureWithDefaultBackground()`: the system's translucent material.
  open func configureWithDefaultBackground() {
    backgroundColor = nil
    backgroundImage = nil
    backgroundEffect = UIBlurEffect(style: .systemChromeMaterial)
    shadowColor = .separator
    shadowImage = nil
  }

  /// `configureWithOpaqueBackground()`: `.systemBackground`, with a shadow.
  open func configureWithOpaqueBackground() {
    backgroundColor = .systemBackground
    backgroundImage = nil
    backgroundEffect = nil
    shadowColor = .separator
    shadowImage = nil
  }

  /// `configureWithTransparentBackground()`: no background and no shadow.
  open func configureWithTransparentBackground() {
    backgroundColor = nil
    backgroundImage = nil
    backgroundEffect = nil
    shadowColor = nil
    shadowImage = nil
  }

  /// `copy()`: an appearance of the same class with the same values.
  open func copy() -> Self { Self(barAppearance: self) }

  func copyValues(from other: UIBarAppearance) {
    backgroundColor = other.backgroundColor
    backgroundImage = other.backgroundImage
    backgroundEffect = other.backgroundEffect
    shadowColor = other.shadowColor
    shadowImage = other.shadowImage
  }
}

/// UIKit's `UINavigationBarAppearance` (kept, never drawn).
@preconcurrency @MainActor open class UINavigationBarAppearance: UIBarAppearance {
  /// `titleTextAttributes`.
  open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
  /// `largeTitleTextAttributes`.
  open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
  /// `subtitleTextAttributes` (iOS 26).
  open var subtitleTextAttributes: [NSAttributedString.Key: Any] = [:]
  /// `largeSubtitleTextAttributes` (iOS 26).
  open var largeSubtitleTextAttributes: [NSAttributedString.Key: Any] = [:]

  /// An appearance with the default background.
  public required init() { super.init() }

  /// An appearance with `barAppearance`'s values (and its title attributes, if it has them).
  public required init(barAppearance: UIBarAppearance) {
    super.init(barAppearance: barAppearance)
    if let navigation = barAppearance as? UINavigationBarAppearance {
      titleTextAttributes = navigation.titleTextAttributes
      largeTitleTextAttributes = navigation.largeTitleTextAttributes
      subtitleTextAttributes = navigation.subtitleTextAttributes
      largeSubtitleTextAttributes = navigation.largeSubtitleTextAttributes
    }
  }
}

/// UIKit's `UITabBarAppearance` (kept, never drawn): the bar's background, and its items' look
/// in each layout (`UITabBarItemAppearance.swift`).
@preconcurrency @MainActor open class UITabBarAppearance: UIBarAppearance {
  /// `stackedLayoutAppearance`: the items' look when titles sit under icons (an iPhone's).
  open var stackedLayoutAppearance = UITabBarItemAppearance(style: .stacked)
  /// `inlineLayoutAppearance`: the items' look when titles sit beside icons (an iPad's).
  open var inlineLayoutAppearance = UITabBarItemAppearance(style: .inline)
  /// `compactInlineLayoutAppearance`: the items' look in a compact inline bar.
  open var compactInlineLayoutAppearance = UITabBarItemAppearance(style: .compactInline)
  /// `selectionIndicatorTintColor` (kept).
  open var selectionIndicatorTintColor: UIColor?
  /// `selectionIndicatorImage` (kept).
  open var selectionIndicatorImage: UIImage?

  /// An appearance with the default background.
  public required init() { super.init() }

  /// An appearance with `barAppearance`'s values (and copies of its item appearances, if it has
  /// them).
  public required init(barAppearance: UIBarAppearance) {
    super.init(barAppearance: barAppearance)
    if let tab = barAppearance as? UITabBarAppearance {
      stackedLayoutAppearance = tab.stackedLayoutAppearance.copy()
      inlineLayoutAppearance = tab.inlineLayoutAppearance.copy()
      compactInlineLayoutAppearance = tab.compactInlineLayoutAppearance.copy()
      selectionIndicatorTintColor = tab.selectionIndicatorTintColor
      selectionIndicatorImage = tab.selectionIndicatorImage
    }
  }
}

/// UIKit's `UISheetPresentationController`: how a controller presented as a sheet sizes and
/// looks. Its settings are kept for the code that reads them back; nothing is drawn and no one
/// drags the sheet, so the selected detent changes only when the app sets it, and the delegate
/// is never called. `animateChanges(_:)` runs its block at once (there is nothing to animate).
@preconcurrency @MainActor open class UISheetPresentationController: UIPresentationController {
  /// UIKit's `UISheetPresentationController.Detent`: a height a sheet rests at.
  @preconcurrency @MainActor open class Detent: NSObject {
    /// UIKit's `UISheetPresentationController.Detent.Identifier`.
    public struct Identifier: Hashable, RawRepresentable, Sendable {
      /// The identifier's string.
      public let rawValue: String
      /// An identifier with `rawValue`.
      public init(rawValue: String) { self.rawValue = rawValue }
      /// An identifier with `rawValue`.
      public init(_ rawValue: String) { self.rawValue = rawValue }
      /// The system's medium detent (about half the screen's height).
      public static let medium = Identifier("com.apple.UIKit.medium")
      /// The system's large detent (the full height).
      public static let large = Identifier("com.apple.UIKit.large")
    }

    /// The detent's identifier.
    public let identifier: Identifier
    /// A custom detent's resolver, kept for `resolvedValue(in:)`.
    let resolver:
      (@MainActor (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?)?
    /// The number of custom detents made without an identifier, for the next one's.
    static var unnamedCustomDetents = 0

    init(
      identifier: Identifier,
      resolver: (
        @MainActor (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?
      )? =
        nil
    ) {
      self.identifier = identifier
      self.resolver = resolver
    }

    /// The system's medium detent.
    public class func medium() -> Detent { Detent(identifier: .medium) }
    /// The system's large detent.
    public class func large() -> Detent { Detent(identifier: .large) }

    /// `custom(identifier:resolver:)` (iOS 16): a detent whose height `resolver` gives. Without
    /// an identifier it gets a unique one, as in UIKit. The resolver is kept, and called only
    /// by `resolvedValue(in:)` (no sheet is laid out).
    public class func custom(
      identifier: Identifier? = nil,
      resolver:
        @escaping @MainActor (any UISheetPresentationControllerDetentResolutionContext)
        -> CGFloat?
    ) -> Detent {
      if let identifier { return Detent(identifier: identifier, resolver: resolver) }
      unnamedCustomDetents += 1
      let unnamed = Identifier("custom-\(unnamedCustomDetents)")
      return Detent(identifier: unnamed, resolver: resolver)
    }

    /// `resolvedValue(in:)` (iOS 16): the height in `context`: a custom detent's resolver's,
    /// the whole `maximumDetentValue` for `.large()`, half of it for `.medium()` (UIKit's is
    /// about half the screen), nil for another system identifier.
    public func resolvedValue(
      in context: any UISheetPresentationControllerDetentResolutionContext
    ) -> CGFloat? {
      if let resolver { return resolver(context) }
      switch identifier {
      case .large: return context.maximumDetentValue
      case .medium: return context.maximumDetentValue / 2
      default: return nil
      }
    }
  }

  /// The heights the sheet may rest at, smallest first: `[.large()]` unless set.
  open var detents: [Detent] = [.large()]
  /// The detent the sheet rests at; nil means the smallest of `detents`.
  open var selectedDetentIdentifier: Detent.Identifier?
  /// The largest detent that does not dim the view below (kept).
  open var largestUndimmedDetentIdentifier: Detent.Identifier?
  /// Whether the sheet shows a grabber (kept): false unless set.
  open var prefersGrabberVisible = false
  /// The corner radius (kept); nil for the system's.
  open var preferredCornerRadius: CGFloat?
  /// Whether scrolling expands the sheet (kept): true unless set.
  open var prefersScrollingExpandsWhenScrolledToEdge = true
  /// Whether the sheet attaches to the bottom edge in compact height (kept).
  open var prefersEdgeAttachedInCompactHeight = false
  /// Whether the width follows `preferredContentSize` when edge-attached (kept).
  open var widthFollowsPreferredContentSizeWhenEdgeAttached = false
  /// The view a popover-like sheet points at (kept).
  open weak var sourceView: UIView?

  /// Runs `changes` at once: changes to detents take effect immediately.
  open func animateChanges(_ changes: () -> Void) { changes() }

  /// Does nothing: detents are kept as set and never measured.
  open func invalidateDetents() {}
}

/// UIKit's `UISheetPresentationControllerDetentResolutionContext`: what a custom detent's
/// resolver is given (UIKit makes it; here only `resolvedValue(in:)` passes one).
@preconcurrency @MainActor
public protocol UISheetPresentationControllerDetentResolutionContext: NSObjectProtocol {
  /// The traits of the sheet's container.
  var containerTraitCollection: UITraitCollection { get }
  /// The largest height a detent may have.
  var maximumDetentValue: CGFloat { get }
}

/// UIKit's `UISheetPresentationControllerDelegate` (never called).
@preconcurrency @MainActor
public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
  /// The user moved the sheet to another detent.
  func sheetPresentationControllerDidChangeSelectedDetentIdentifier(
    _ sheetPresentationController: UISheetPresentationController)
}

extension UISheetPresentationControllerDelegate {
  /// Does nothing.
  public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(
    _ sheetPresentationController: UISheetPresentationController
  ) {}
}

extension UIViewController {
  /// The sheet presentation controller while `modalPresentationStyle` is `.pageSheet`,
  /// `.formSheet` or `.automatic` (which UIKit resolves to a page sheet for a controller
  /// presented modally), else nil, as in UIKit. Made at first access and kept, so the detents an
  /// app sets before `present` are there afterwards.
  public var sheetPresentationController: UISheetPresentationController? {
    switch modalPresentationStyle {
    case .pageSheet, .formSheet, .automatic:
      if let storedSheet { return storedSheet }
      let sheet = UISheetPresentationController(presentedViewController: self, presenting: nil)
      storedSheet = sheet
      return sheet
    default:
      return nil
    }
  }
}

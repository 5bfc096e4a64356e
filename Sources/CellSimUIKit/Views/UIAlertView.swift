/// UIKit's `UIAlertView`, deprecated since iOS 9 and still in tutorials written before it (the
/// classic photo-list tutorial shows one when its list fails to load). `show()` records the
/// alert as a presentation (`uikit.present` with controller `UIAlertView`, as
/// `UIViewController.present(_:animated:completion:)` records one); the alert is never drawn
/// and no one taps it, so its delegate is never called. Its buttons and texts are kept.
@preconcurrency @MainActor open class UIAlertView: UIView {
  /// The title.
  open var title: String = ""
  /// The message.
  open var message: String?
  /// The delegate (kept, never called).
  open weak var delegate: AnyObject?
  /// The index of the cancel button, or -1 without one.
  open var cancelButtonIndex: Int = -1
  /// `alertViewStyle` (kept).
  open var alertViewStyle: Style = .default
  /// Whether `show()` was called and the alert not dismissed since.
  open private(set) var isVisible = false
  private var buttonTitles: [String] = []

  /// UIKit's `UIAlertViewStyle`, with its raw values.
  public enum Style: Int, Sendable {
    case `default` = 0
    case secureTextInput = 1
    case plainTextInput = 2
    case loginAndPasswordInput = 3
  }

  /// `UIAlertView(title:message:delegate:cancelButtonTitle:)`.
  @available(iOS, introduced: 2.0, deprecated: 9.0, message: "Use UIAlertController")
  public convenience init(
    title: String?, message: String?, delegate: Any?, cancelButtonTitle: String?
  ) {
    self.init(frame: .zero)
    self.title = title ?? ""
    self.message = message
    self.delegate = delegate as AnyObject?
    if let cancelButtonTitle { cancelButtonIndex = addButton(withTitle: cancelButtonTitle) }
  }

  /// `UIAlertView(title:message:delegate:cancelButtonTitle:otherButtonTitles:_:)`.
  @available(iOS, introduced: 2.0, deprecated: 9.0, message: "Use UIAlertController")
  public convenience init(
    title: String, message: String, delegate: (any UIAlertViewDelegate)?,
    cancelButtonTitle: String?, otherButtonTitles firstButtonTitle: String,
    _ moreButtonTitles: String...
  ) {
    self.init(
      title: title, message: message, delegate: delegate, cancelButtonTitle: cancelButtonTitle)
    for other in [firstButtonTitle] + moreButtonTitles { addButton(withTitle: other) }
  }

  /// Adds a button titled `title`; returns its index.
  @discardableResult open func addButton(withTitle title: String?) -> Int {
    buttonTitles.append(title ?? "")
    return buttonTitles.count - 1
  }

  /// The number of buttons.
  open var numberOfButtons: Int { buttonTitles.count }

  /// The title of the button at `buttonIndex`, nil past the last.
  open func buttonTitle(at buttonIndex: Int) -> String? {
    buttonTitles.indices.contains(buttonIndex) ? buttonTitles[buttonIndex] : nil
  }

  /// Shows the alert: recorded, never drawn.
  open func show() {
    isVisible = true
    guard let world = SimulationContext.world else { return }
    ViewLayerState.of(world).presentations.append("UIAlertView")
    world.trace.record(at: world.now, "uikit.present") { $0.field("controller", "UIAlertView") }
  }

  /// Dismisses the alert (the delegate is not told, as no one tapped).
  open func dismiss(withClickedButtonIndex buttonIndex: Int, animated: Bool) { isVisible = false }
}

/// UIKit's `UIAlertViewDelegate` (every method optional; never called: no one taps an alert).
@preconcurrency @MainActor public protocol UIAlertViewDelegate: AnyObject {
  /// The user tapped the button at `buttonIndex`.
  func alertView(_ alertView: UIAlertView, clickedButtonAt buttonIndex: Int)
}

extension UIAlertViewDelegate {
  /// Does nothing.
  public func alertView(_ alertView: UIAlertView, clickedButtonAt buttonIndex: Int) {}
}

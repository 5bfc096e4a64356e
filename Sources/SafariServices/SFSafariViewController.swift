public import CellSimUIKit

/// SafariServices' `SFSafariViewController`, so that a screen that opens an item's link in
/// Safari compiles and runs: the controller is made and can be presented (the layer records
/// presentations); no page loads, and its delegate is never called.
@preconcurrency @MainActor open class SFSafariViewController: UIViewController {
  /// UIKit's `SFSafariViewController.Configuration` (kept).
  @preconcurrency @MainActor open class Configuration: NSObject {
    /// `entersReaderIfAvailable`.
    open var entersReaderIfAvailable = false
    /// `barCollapsingEnabled`.
    open var barCollapsingEnabled = true
    public override init() {}
  }

  /// `SFSafariViewController.DismissButtonStyle`, with its raw values.
  public enum DismissButtonStyle: Int, Sendable {
    case done = 0
    case close = 1
    case cancel = 2
  }

  /// The URL it was made with.
  public let initialURL: URL
  /// The configuration it was made with.
  public let configuration: Configuration
  /// `delegate` (weak; never called).
  open weak var delegate: (any SFSafariViewControllerDelegate)?
  /// `preferredBarTintColor` (kept).
  open var preferredBarTintColor: UIColor?
  /// `preferredControlTintColor` (kept).
  open var preferredControlTintColor: UIColor?
  /// `dismissButtonStyle` (kept).
  open var dismissButtonStyle: DismissButtonStyle = .done

  /// `init(url:configuration:)`.
  public init(url URL: URL, configuration: Configuration) {
    initialURL = URL
    self.configuration = configuration
    super.init(nibName: nil, bundle: nil)
  }

  /// `init(url:)`, with a default configuration.
  public convenience init(url URL: URL) {
    self.init(url: URL, configuration: Configuration())
  }

  /// `init(url:entersReaderIfAvailable:)` (deprecated in iOS 11).
  public convenience init(url URL: URL, entersReaderIfAvailable: Bool) {
    let configuration = Configuration()
    configuration.entersReaderIfAvailable = entersReaderIfAvailable
    self.init(url: URL, configuration: configuration)
  }

  /// Not available (nibs are not modelled).
  public required init?(coder: NSCoder) { nil }
}

/// SafariServices' `SFSafariViewControllerDelegate`: every method optional; never called.
@preconcurrency @MainActor public protocol SFSafariViewControllerDelegate: AnyObject {
  func safariViewControllerDidFinish(_ controller: SFSafariViewController)
  func safariViewController(
    _ controller: SFSafariViewController, didCompleteInitialLoad didLoadSuccessfully: Bool)
}

extension SFSafariViewControllerDelegate {
  public func safariViewControllerDidFinish(_ controller: SFSafariViewController) {}
  public func safariViewController(
    _ controller: SFSafariViewController, didCompleteInitialLoad didLoadSuccessfully: Bool
  ) {}
}

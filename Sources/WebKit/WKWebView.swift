public import CellSimUIKit

/// WebKit's `WKWebView`, so that a screen with a web page beside its image list compiles and
/// runs: the view, its configuration and delegates are kept, and what it is asked to load is
/// recorded (`url`, `title`). No web content is loaded or shown, and the navigation delegate is
/// never called: a run models image loading into cells, not web pages. Its `scrollView` is a
/// scroll view of its own, as on iOS.
@preconcurrency @MainActor open class WKWebView: UIView {
  /// The configuration it was made with (a copy, as WebKit takes one).
  public let configuration: WKWebViewConfiguration
  /// `navigationDelegate` (weak; never called).
  open weak var navigationDelegate: (any WKNavigationDelegate)?
  /// `uiDelegate` (weak; never called).
  open weak var uiDelegate: (any WKUIDelegate)?
  /// The URL last asked for (`load(_:)`, `loadFileURL(_:allowingReadAccessTo:)`, or the base URL
  /// of `loadHTMLString(_:baseURL:)`), nil before any.
  open private(set) var url: URL?
  /// `title`: nil (no page is loaded).
  open private(set) var title: String?
  /// `isLoading`: false (nothing loads).
  open private(set) var isLoading = false
  /// `estimatedProgress`: 0 before a load, 1 after one (nothing is fetched).
  open private(set) var estimatedProgress: Double = 0
  /// `hasOnlySecureContent`.
  open private(set) var hasOnlySecureContent = false
  /// `canGoBack`: whether an earlier load can be gone back to.
  open var canGoBack: Bool { position > 0 }
  /// `canGoForward`.
  open var canGoForward: Bool { position + 1 < history.count }
  /// `allowsBackForwardNavigationGestures` (kept).
  open var allowsBackForwardNavigationGestures = false
  /// `allowsLinkPreview` (kept).
  open var allowsLinkPreview = true
  /// `customUserAgent` (kept).
  open var customUserAgent: String?
  /// `isInspectable` (kept).
  open var isInspectable = false
  /// `scrollView`: the page's scroll view (a subview).
  public let scrollView = UIScrollView(frame: .zero)
  /// The URLs loaded, in order, and where `url` is among them.
  private var history: [URL?] = []
  private var position = -1

  /// `init(frame:configuration:)`.
  public init(frame: CGRect, configuration: WKWebViewConfiguration) {
    self.configuration = configuration.copied()
    super.init(frame: frame)
    scrollView.frame = bounds
    addSubview(scrollView)
  }

  /// `init(frame:)`, with a default configuration.
  public override convenience init(frame: CGRect) {
    self.init(frame: frame, configuration: WKWebViewConfiguration())
  }

  /// Not available (nibs are not modelled).
  public required init?(coder: NSCoder) { nil }

  /// `load(_:)`: records the request's URL; returns the navigation.
  @discardableResult
  open func load(_ request: URLRequest) -> WKNavigation? { visit(request.url) }

  /// `loadHTMLString(_:baseURL:)`: records the base URL.
  @discardableResult
  open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? { visit(baseURL) }

  /// `loadFileURL(_:allowingReadAccessTo:)`: records the file URL.
  @discardableResult
  open func loadFileURL(_ url: URL, allowingReadAccessTo readAccessURL: URL) -> WKNavigation? {
    visit(url)
  }

  /// `load(_:mimeType:characterEncodingName:baseURL:)`: records the base URL.
  @discardableResult
  open func load(
    _ data: Data, mimeType: String, characterEncodingName: String, baseURL: URL
  ) -> WKNavigation? { visit(baseURL) }

  /// `reload()`: the current URL again.
  @discardableResult
  open func reload() -> WKNavigation? { url == nil ? nil : WKNavigation() }

  /// `stopLoading()`: nothing is loading.
  open func stopLoading() {}

  /// `goBack()`: the URL before the current one, if any.
  @discardableResult
  open func goBack() -> WKNavigation? {
    guard canGoBack else { return nil }
    position -= 1
    url = history[position]
    return WKNavigation()
  }

  /// `goForward()`.
  @discardableResult
  open func goForward() -> WKNavigation? {
    guard canGoForward else { return nil }
    position += 1
    url = history[position]
    return WKNavigation()
  }

  /// `evaluateJavaScript(_:completionHandler:)`: no script runs; the handler gets nil and an
  /// error saying so, at once.
  open func evaluateJavaScript(
    _ javaScriptString: String,
    completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil
  ) {
    completionHandler?(nil, WKError(.javaScriptExceptionOccurred))
  }

  private func visit(_ url: URL?) -> WKNavigation {
    history.removeSubrange((position + 1)...)
    history.append(url)
    position = history.count - 1
    self.url = url
    estimatedProgress = 1
    return WKNavigation()
  }
}

/// WebKit's `WKWebViewConfiguration` (kept).
@preconcurrency @MainActor open class WKWebViewConfiguration: NSObject {
  /// `preferences`.
  open var preferences = WKPreferences()
  /// `userContentController`.
  open var userContentController = WKUserContentController()
  /// `allowsInlineMediaPlayback`.
  open var allowsInlineMediaPlayback = false
  /// `mediaTypesRequiringUserActionForPlayback`.
  open var mediaTypesRequiringUserActionForPlayback: WKAudiovisualMediaTypes = .all
  /// `applicationNameForUserAgent`.
  open var applicationNameForUserAgent: String?
  /// `defaultWebpagePreferences`.
  open var defaultWebpagePreferences = WKWebpagePreferences()

  public override init() {}

  func copied() -> WKWebViewConfiguration {
    let copy = WKWebViewConfiguration()
    copy.preferences = preferences
    copy.userContentController = userContentController
    copy.allowsInlineMediaPlayback = allowsInlineMediaPlayback
    copy.mediaTypesRequiringUserActionForPlayback = mediaTypesRequiringUserActionForPlayback
    copy.applicationNameForUserAgent = applicationNameForUserAgent
    copy.defaultWebpagePreferences = defaultWebpagePreferences
    return copy
  }
}

/// WebKit's `WKPreferences` (kept).
@preconcurrency @MainActor open class WKPreferences: NSObject {
  /// `javaScriptCanOpenWindowsAutomatically`.
  open var javaScriptCanOpenWindowsAutomatically = false
  /// `minimumFontSize`.
  open var minimumFontSize: CGFloat = 0
  public override init() {}
}

/// WebKit's `WKWebpagePreferences` (kept).
@preconcurrency @MainActor open class WKWebpagePreferences: NSObject {
  /// `allowsContentJavaScript`.
  open var allowsContentJavaScript = true
  public override init() {}
}

/// WebKit's `WKUserContentController` (kept; no script runs).
@preconcurrency @MainActor open class WKUserContentController: NSObject {
  public override init() {}
}

/// WebKit's `WKAudiovisualMediaTypes`, with its raw values.
public struct WKAudiovisualMediaTypes: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let audio = WKAudiovisualMediaTypes(rawValue: 1 << 0)
  public static let video = WKAudiovisualMediaTypes(rawValue: 1 << 1)
  public static let all = WKAudiovisualMediaTypes(rawValue: .max)
}

/// WebKit's `WKNavigation`: a load's token.
@preconcurrency @MainActor open class WKNavigation: NSObject {}

/// WebKit's `WKError`, with the codes pages check.
public struct WKError: Error, Sendable, Equatable {
  /// `WKError.Code`, with WebKit's raw values.
  public enum Code: Int, Sendable {
    case unknown = 1
    case webContentProcessTerminated = 2
    case webViewInvalidated = 3
    case javaScriptExceptionOccurred = 4
    case javaScriptResultTypeIsUnsupported = 5
  }
  /// The code.
  public let code: Code
  /// An error with `code`.
  public init(_ code: Code) { self.code = code }
}

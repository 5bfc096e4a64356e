public import CellSimUIKit

/// WebKit's `WKNavigationActionPolicy`, with its raw values.
public enum WKNavigationActionPolicy: Int, Sendable {
  case cancel = 0
  case allow = 1
  case download = 2
}

/// WebKit's `WKNavigationResponsePolicy`, with its raw values.
public enum WKNavigationResponsePolicy: Int, Sendable {
  case cancel = 0
  case allow = 1
  case download = 2
}

/// WebKit's `WKNavigationType`, with its raw values.
public enum WKNavigationType: Int, Sendable {
  case linkActivated = 0
  case formSubmitted = 1
  case backForward = 2
  case reload = 3
  case formResubmitted = 4
  case other = -1
}

/// WebKit's `WKNavigationAction`: what a navigation would load (never made by a run: no one
/// taps a link).
@preconcurrency @MainActor open class WKNavigationAction: NSObject {
  /// `request`.
  open var request: URLRequest { URLRequest(url: URL(string: "about:blank")!) }
  /// `navigationType`.
  open var navigationType: WKNavigationType { .other }
}

/// WebKit's `WKNavigationResponse` (never made by a run).
@preconcurrency @MainActor open class WKNavigationResponse: NSObject {
  /// `response`.
  open var response: URLResponse { URLResponse() }
  /// `isForMainFrame`.
  open var isForMainFrame: Bool { true }
}

/// WebKit's `WKNavigationDelegate`: every method optional (defaults below); a run never calls
/// them, as no page loads.
@preconcurrency @MainActor public protocol WKNavigationDelegate: AnyObject {
  func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)
  func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)
  func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
  func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
  func webView(
    _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!,
    withError error: any Error)
  func webView(
    _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)
  func webView(
    _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void)
}

extension WKNavigationDelegate {
  public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)
  {}
  public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}
  public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
  public func webView(
    _ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error
  ) {}
  public func webView(
    _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!,
    withError error: any Error
  ) {}
  public func webView(
    _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
  ) { decisionHandler(.allow) }
  public func webView(
    _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void
  ) { decisionHandler(.allow) }
}

/// WebKit's `WKUIDelegate`: every method optional; never called.
@preconcurrency @MainActor public protocol WKUIDelegate: AnyObject {
  func webViewDidClose(_ webView: WKWebView)
}

extension WKUIDelegate {
  public func webViewDidClose(_ webView: WKWebView) {}
}

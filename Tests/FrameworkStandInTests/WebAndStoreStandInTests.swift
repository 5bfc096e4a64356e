// Written as iOS code: a detail screen that shows an item's page in a web view and a list
// screen that opens a link in Safari, importing only the layer and the two frameworks.
import CellSimUIKit
import SafariServices
import SimPlatform
import StoreKit
import Testing
import WebKit

/// A detail screen as tutorials write it.
final class PageViewController: UIViewController, WKNavigationDelegate {
  let webView = WKWebView()
  var finished = false

  override func viewDidLoad() {
    super.viewDidLoad()
    webView.navigationDelegate = self
    view.addSubview(webView)
    webView.load(URLRequest(url: URL(string: "https://example.com/item/1")!))
  }

  func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) { finished = true }
}

@Suite("WebKit and SafariServices stand-ins")
@MainActor
struct WebStandInTests {
  @Test("a web view keeps what it is asked to load, and its history, and loads nothing")
  func webView() {
    let screen = PageViewController()
    screen.loadViewIfNeeded()
    #expect(screen.webView.url?.absoluteString == "https://example.com/item/1")
    #expect(!screen.webView.isLoading && !screen.finished)
    #expect(screen.webView.navigationDelegate === screen)
    screen.webView.loadHTMLString("<p>hi</p>", baseURL: URL(string: "https://example.com/b"))
    #expect(screen.webView.canGoBack && !screen.webView.canGoForward)
    screen.webView.goBack()
    #expect(screen.webView.url?.absoluteString == "https://example.com/item/1")
    #expect(screen.webView.canGoForward)
    #expect(screen.webView.scrollView.superview === screen.webView)
    var scriptError: (any Error)?
    screen.webView.evaluateJavaScript("1 + 1") { _, error in scriptError = error }
    #expect((scriptError as? WKError)?.code == .javaScriptExceptionOccurred)
    let configured = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
    #expect(configured.url == nil && configured.estimatedProgress == 0)
  }

  @Test("a Safari view controller keeps its URL, configuration and settings")
  func safari() {
    let configuration = SFSafariViewController.Configuration()
    configuration.entersReaderIfAvailable = true
    let safari = SFSafariViewController(
      url: URL(string: "https://example.com")!, configuration: configuration)
    safari.preferredControlTintColor = .red
    safari.dismissButtonStyle = .close
    #expect(safari.initialURL.host == "example.com")
    #expect(safari.configuration.entersReaderIfAvailable)
    #expect(SFSafariViewController(url: URL(string: "https://a.test")!).delegate == nil)
  }
}

/// A settings screen's "Rate the app" row.
@MainActor
func rateTheApp(in scene: UIWindowScene) {
  SKStoreReviewController.requestReview(in: scene)
}

@Suite("StoreKit's review request")
@MainActor
struct ReviewRequestTests {
  @Test("a review request is traced in the world and shows nothing")
  func reviewRequest() throws {
    let world = World(seed: 1, trace: .full)
    try LayerHost.withWorld(world) {
      let scene = UIWindowScene(
        session: UISceneSession(role: .windowApplication),
        connectionOptions: UIScene.ConnectionOptions())
      rateTheApp(in: scene)
      AppStore.requestReview(in: scene)
      try world.run(for: .ms(10))
    }
    let lines = world.trace.fullText.split(separator: "\n").filter { $0.contains("review_request") }
    #expect(lines.count == 2)
    #expect(lines.first?.contains("requestReview(in:)") == true)
    world.tearDown()
  }
}

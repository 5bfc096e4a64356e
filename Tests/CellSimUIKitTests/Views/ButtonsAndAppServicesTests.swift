// Written as iOS code: this file imports only the layer (and Testing). What image libraries'
// button extensions and downloaders ask of UIKit: a button's content rectangle and alignment
// (Haneke sizes its image to them), and background tasks around a download (MapleBacon).
import CellSimUIKit
import Testing

/// A button that moves its content, as custom buttons override UIKit's rectangles.
final class InsetButton: UIButton {
  override func contentRect(forBounds bounds: CGRect) -> CGRect {
    super.contentRect(forBounds: bounds).insetBy(dx: 5, dy: 5)
  }
}

/// An error banner that overrides UIButton's designated initializers and is made with `()`.
final class BannerButton: UIButton {
  var configured = false
  override init(frame: CGRect) {
    super.init(frame: frame)
    configured = true
  }
  required init?(coder: NSCoder) { super.init(coder: coder) }
}

@Suite("Button rectangles and alignment, background tasks, Darwin spellings")
struct ButtonsAndAppServicesTests {
  @Test("a button's content rectangle takes off its content insets; overrides are used")
  @MainActor func buttonRectangles() {
    let button = UIButton(type: .custom)
    button.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
    button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 10, bottom: 6, right: 20)
    let content = button.contentRect(forBounds: button.bounds)
    #expect(content == CGRect(x: 10, y: 4, width: 70, height: 30))
    #expect(button.backgroundRect(forBounds: button.bounds) == button.bounds)
    button.imageEdgeInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    #expect(button.imageRect(forContentRect: content) == CGRect(x: 12, y: 5, width: 64, height: 26))
    let custom: UIButton = InsetButton(type: .custom)
    #expect(custom.contentRect(forBounds: CGRect(x: 0, y: 0, width: 50, height: 50)).width == 40)
  }

  @Test("controls keep their content alignment; leading reads as left")
  @MainActor func alignment() {
    let button = UIButton(type: .system)
    #expect(button.contentHorizontalAlignment == .center)
    #expect(button.contentVerticalAlignment == .center)
    button.contentHorizontalAlignment = .leading
    button.contentVerticalAlignment = .fill
    #expect(button.effectiveContentHorizontalAlignment == .left)
    #expect(button.contentVerticalAlignment == UIControl.ContentVerticalAlignment.fill)
  }

  @Test("CGRect.inset(by:) takes the insets off each edge")
  func insetByEdgeInsets() {
    let rect = CGRect(x: 10, y: 10, width: 100, height: 50)
    let insets = UIEdgeInsets(top: 5, left: -10, bottom: 5, right: 10)
    #expect(rect.inset(by: insets) == CGRect(x: 0, y: 15, width: 100, height: 40))
  }

  @Test("background tasks are numbered per run and ended; their expiry never comes")
  func backgroundTasks() throws {
    let log = Log()
    for _ in 0..<2 {
      try simulate {
        DispatchQueue.main.async {
          let app = UIApplication.shared
          let first = app.beginBackgroundTask { log.add("expired") }
          let second = app.beginBackgroundTask(withName: "download", expirationHandler: nil)
          log.add("\(first.rawValue) \(second.rawValue) open=\(app.openBackgroundTasks)")
          app.endBackgroundTask(first)
          app.endBackgroundTask(.invalid)
          log.add("open=\(app.openBackgroundTasks) \(app.backgroundTimeRemaining > 1e9)")
        }
      }
    }
    #expect(log.lines == ["1 2 open=2 @0", "open=1 true @0", "1 2 open=2 @0", "open=1 true @0"])
    #expect(
      UIApplication.willTerminateNotification.rawValue == "UIApplicationWillTerminateNotification")
  }

  @Test("UINT64_MAX, INT64_MAX and Data.WritingOptions.atomicWrite, as Darwin spells them")
  func darwinSpellings() {
    #expect(UINT64_MAX == UInt64.max && INT64_MAX == Int64.max)
    #expect(Data.WritingOptions.atomicWrite == .atomic)
  }

  @Test(
    "init(type:) is a convenience initializer: a subclass keeps it and init(), its init(frame:) runs"
  )
  @MainActor func buttonSubclassInitializers() {
    let banner = BannerButton()
    #expect(banner.configured && banner.buttonType == .custom)
    let typed = BannerButton(type: .system)
    #expect(typed.configured && typed.buttonType == .system)
    #expect(UIButton(type: .close).buttonType == .close && UIButton().buttonType == .custom)
  }
}

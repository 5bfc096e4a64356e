// Written as iOS code, with only the layer imported: the UIKit API a paging photo browser
// calls that the layer lacked or declared differently.
import CellSimUIKit
import Testing

/// A spinner subclass as UIKit code writes one: its `init(coder:)` is non-failable, because
/// `UIActivityIndicatorView`'s is (`required init(coder: NSCoder)`).
final class BrowserSpinner: UIActivityIndicatorView {
  required init(coder aDecoder: NSCoder) {
    super.init(coder: aDecoder)
  }
  override init(frame: CGRect) {
    super.init(frame: frame)
    style = .large
  }
}

/// A screen that announces a property change by hand, as a view controller may.
final class AnnouncingController: UIViewController {
  var count = 0 {
    willSet { willChangeValue(forKey: "count") }
    didSet { didChangeValue(forKey: "count") }
  }
}

@Suite("Legacy UIKit API of photo browsers: compiles as on iOS, kept and read back")
struct LegacyPhotoBrowserAPITests {
  @Test("a UIActivityIndicatorView subclass overrides the non-failable init(coder:)")
  @MainActor func spinnerCoderInit() {
    let spinner = BrowserSpinner(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    #expect(spinner.style == .large && spinner.isHidden && !spinner.isAnimating)
    let decoded = BrowserSpinner(coder: NSCoder())
    #expect(decoded.isHidden && decoded.hidesWhenStopped)
  }

  @Test("UIApplication's status-bar getters: no status bar, the screen's orientation, a kept flag")
  func statusBar() throws {
    let log = Log()
    for _ in 0..<2 {
      try simulate {
        DispatchQueue.main.async {
          let app = UIApplication.shared
          log.add("hidden \(app.isStatusBarHidden) frame \(app.statusBarFrame == .zero)")
          app.isStatusBarHidden = true
          log.add(
            "hidden \(app.isStatusBarHidden) portrait \(app.statusBarOrientation == .portrait)")
        }
      }
    }
    #expect(
      log.lines == [
        "hidden false frame true @0", "hidden true portrait true @0",
        "hidden false frame true @0", "hidden true portrait true @0",
      ])
  }

  @Test("a begin/commit animation block applies its changes at once")
  func beginCommitAnimations() throws {
    let log = Log()
    try simulate {
      DispatchQueue.main.async {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(0.35)
        UIView.setAnimationCurve(.easeInOut)
        view.alpha = 0
        view.frame.origin.y = 100
        UIView.commitAnimations()
        log.add("alpha \(view.alpha) y \(view.frame.origin.y)")
      }
    }
    #expect(log.lines == ["alpha 0.0 y 100.0 @0"])
  }

  @Test("CALayer converts between a view's layer and a free sublayer; render(in:) draws nothing")
  @MainActor func layerGeometry() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let child = UIView(frame: CGRect(x: 20, y: 30, width: 100, height: 100))
    root.addSubview(child)
    let free = CALayer()
    free.frame = CGRect(x: 5, y: 6, width: 10, height: 10)
    child.layer.addSublayer(free)
    #expect(child.layer.convert(CGPoint(x: 1, y: 2), to: root.layer) == CGPoint(x: 21, y: 32))
    #expect(
      free.convert(CGRect(x: 0, y: 0, width: 4, height: 4), to: nil)
        == CGRect(x: 25, y: 36, width: 4, height: 4))
    #expect(root.layer.convert(CGPoint(x: 25, y: 36), to: free) == .zero)
    #expect(free.convert(CGPoint(x: 25, y: 36), from: root.layer) == .zero)
    let context = CGContext(
      data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    root.layer.render(in: context)
  }

  @Test("a toolbar keeps its appearances and its legacy background and shadow images")
  @MainActor func toolbarAppearance() {
    let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
    let appearance = UIToolbarAppearance()
    appearance.configureWithTransparentBackground()
    toolbar.standardAppearance = appearance
    toolbar.compactAppearance = appearance
    toolbar.scrollEdgeAppearance = appearance
    #expect(
      toolbar.standardAppearance === appearance
        && toolbar.scrollEdgeAppearance?.backgroundColor == nil)
    let image = UIImage()
    toolbar.setBackgroundImage(image, forToolbarPosition: .any, barMetrics: .default)
    toolbar.setShadowImage(image, forToolbarPosition: .any)
    #expect(toolbar.backgroundImage(forToolbarPosition: .any, barMetrics: .default) === image)
    #expect(toolbar.backgroundImage(forToolbarPosition: .bottom, barMetrics: .default) == nil)
    #expect(toolbar.shadowImage(forToolbarPosition: .any) === image)
  }

  @Test(
    "status-bar capture is kept per controller; manual KVO announcements and perform cancels compile"
  )
  @MainActor func controllerRemnants() {
    let controller = AnnouncingController()
    #expect(!controller.modalPresentationCapturesStatusBarAppearance)
    controller.modalPresentationCapturesStatusBarAppearance = true
    #expect(controller.modalPresentationCapturesStatusBarAppearance)
    #expect(!AnnouncingController().modalPresentationCapturesStatusBarAppearance)
    controller.count = 2
    #expect(controller.count == 2)
    NSObject.cancelPreviousPerformRequests(withTarget: controller)
    NSObject.cancelPreviousPerformRequests(
      withTarget: controller, selector: Selector("hide"), object: nil)
  }
}

/// A provider as a photo browser subclasses one: the image, made when asked.
final class PhotoItemProvider: UIActivityItemProvider, @unchecked Sendable {
  override var item: Any { "photo.jpg" }
}

@Suite("UIActivityItemProvider: an operation standing in for a shared item")
struct ActivityItemProviderTests {
  @Test("keeps its placeholder, gives a subclass's item, and is an item source and an operation")
  @MainActor func provider() {
    let provider: UIActivityItemProvider = PhotoItemProvider(placeholderItem: "placeholder")
    #expect(provider.placeholderItem as? String == "placeholder")
    #expect(provider.item as? String == "photo.jpg" && provider.activityType == nil)
    let sheet = UIActivityViewController(activityItems: [provider], applicationActivities: nil)
    let source: any UIActivityItemSource = provider
    #expect(source.activityViewControllerPlaceholderItem(sheet) as? String == "placeholder")
    #expect(
      source.activityViewController(sheet, itemForActivityType: nil) as? String == "photo.jpg")
    #expect(!provider.isFinished && !provider.isCancelled)
  }
}

// Swift 5 language mode: a downloader that keeps a background task around its transfer, as
// MapleBacon's `Download` does, and a button extension that sizes its image to the button's
// content rectangle, as Haneke's does.
import CellSimUIKit
import Testing

/// A nonisolated download in MapleBacon's style.
final class BackgroundKeepingDownload {
  private var backgroundTask: UIBackgroundTaskIdentifier = .invalid
  var log: [String] = []

  func start() {
    backgroundTask = UIApplication.shared.beginBackgroundTask {
      self.invalidateBackgroundTask()
    }
    log.append("began \(backgroundTask.rawValue)")
  }

  func finish() {
    invalidateBackgroundTask()
    log.append("ended \(backgroundTask == .invalid)")
  }

  private func invalidateBackgroundTask() {
    UIApplication.shared.endBackgroundTask(backgroundTask)
    backgroundTask = .invalid
  }
}

extension UIButton {
  /// The size Haneke's `hnk_imageFormat` resizes a button's image to.
  var imageTargetSize: CGSize {
    let contentRect = self.contentRect(forBounds: bounds)
    let insets = imageEdgeInsets
    let fills = contentHorizontalAlignment == .fill && contentVerticalAlignment == .fill
    return CGSize(
      width: contentRect.width - insets.left - insets.right,
      height: fills ? contentRect.height : contentRect.height - insets.top - insets.bottom)
  }
}

@Suite("App services in Swift 5 mode")
struct AppServicesSwift5Tests {
  @Test("a downloader begins and ends its background task")
  func backgroundTask() throws {
    let download = BackgroundKeepingDownload()
    try simulate {
      DispatchQueue.main.async {
        download.start()
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(30)) { download.finish() }
      }
    }
    #expect(download.log == ["began 1", "ended true"])
  }

  @Test("a button extension reads the content rectangle and insets")
  @MainActor func buttonImageSize() {
    let button = UIButton(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
    button.contentEdgeInsets = UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
    button.imageEdgeInsets = UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
    #expect(button.imageTargetSize == CGSize(width: 46, height: 26))
  }

  @Test("a cell prepares its image with a completion handler and shows it on the main queue")
  func prepareForDisplay() throws {
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { context in
          UIColor.red.setFill()
          context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        }
        let image = UIImage(data: drawn.pngData()!)!
        DispatchQueue.main.async {
          let imageView = UIImageView()
          image.prepareForDisplay { prepared in
            DispatchQueue.main.async {
              imageView.image = prepared
              log.add("shown \(imageView.image != nil)")
            }
          }
        }
      }
    }
    #expect(log.lines.count == 1 && log.lines[0].hasPrefix("shown true"))
  }
}

/// An application delegate that styles the bars in `didFinishLaunching`, as older apps do.
final class StylingAppDelegate: UIResponder, UIApplicationDelegate {
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    UINavigationBar.appearance().barTintColor = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
    UINavigationBar.appearance().tintColor = .white
    UINavigationBar.appearance().titleTextAttributes = [
      NSAttributedString.Key.foregroundColor: UIColor.white
    ]
    UIBarButtonItem.appearance().setTitleTextAttributes(
      [.foregroundColor: UIColor.white], for: .normal)
    UITableView.appearance().separatorColor = .clear
    return true
  }
}

extension AppServicesSwift5Tests {
  @Test("an app delegate styles its bars through appearance proxies; a bar shown later takes them")
  func barAppearance() throws {
    var tint: UIColor?
    var separator: UIColor?
    try simulate {
      // On the simulated main thread, where UIKit calls an app delegate.
      DispatchQueue.main.async {
        _ = StylingAppDelegate().application(
          UIApplication.shared, didFinishLaunchingWithOptions: nil)
        let navigation = UINavigationController(rootViewController: UIViewController())
        navigation.viewWillAppear(false)
        tint = navigation.navigationBar.tintColor
        let table = UITableView()
        UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844)).addSubview(table)
        separator = table.separatorColor
      }
    }
    #expect(tint == .white && separator == .clear)
  }
}

extension AppServicesSwift5Tests {
  @Test("styling from the thread that drives the world (a test's set-up) works as well")
  func barAppearanceFromSetUp() throws {
    var separator: UIColor?
    try simulate {
      _ = StylingAppDelegate().application(UIApplication.shared, didFinishLaunchingWithOptions: nil)
      UILabel.appearance(whenContainedInInstancesOf: [UITableView.self]).textColor = .gray
      let table = UITableView()
      UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844)).addSubview(table)
      separator = table.separatorColor
    }
    #expect(separator == .clear)
  }
}

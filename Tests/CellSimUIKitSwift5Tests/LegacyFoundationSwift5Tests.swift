// Swift 5 language mode: a tutorial written before iOS 9 fetches its list with NSURLConnection on
// the main queue, captures its controller in the handler, and reads rows through NSIndexPath.
import CellSimUIKit
import Testing

/// A Swift 5 list controller in the pre-URLSession style.
final class LegacyListLoader {
  var names: [String] = []
  var log: [String] = []
  func fetch(_ url: URL) {
    NSURLConnection.sendAsynchronousRequest(URLRequest(url: url), queue: OperationQueue.main) {
      response, data, error in
      self.names.append(String(decoding: data ?? Data(), as: UTF8.self))
      self.log.append("main=\(Thread.isMainThread) error=\(error != nil)")
      if error != nil || data?.isEmpty != false {
        let alert = UIAlertView(
          title: "Oops!", message: error?.localizedDescription, delegate: nil,
          cancelButtonTitle: "OK")
        alert.show()
        self.log.append("alert visible=\(alert.isVisible)")
      }
    }
  }
  func name(at indexPath: NSIndexPath) -> String? {
    indexPath.row < names.count ? names[indexPath.row] : nil
  }
}

@Suite("Legacy Foundation in Swift 5 mode")
struct LegacyFoundationSwift5Tests {
  @Test("an NSURLConnection handler captures its controller and runs on the main queue")
  func legacyFetch() throws {
    let loader = LegacyListLoader()
    try simulate(serving: ["https://list.test/names": Array("Ada".utf8)]) {
      loader.fetch(URL(string: "https://list.test/names")!)
    }
    #expect(loader.log == ["main=true error=false"])
    #expect(loader.name(at: IndexPath(row: 0, section: 0) as NSIndexPath) == "Ada")
    #expect(loader.name(at: NSIndexPath(row: 1, section: 0)) == nil)
  }

  @Test("an empty answer shows a UIAlertView from the handler")
  func legacyAlert() throws {
    let loader = LegacyListLoader()
    try simulate {
      loader.fetch(URL(string: "https://list.test/missing")!)
    }
    #expect(loader.log == ["main=true error=false", "alert visible=true"])
  }
}

/// A Swift 5 grid screen that switches its column count from a standalone tab bar, as an
/// extension conforming to `UITabBarDelegate`.
final class Swift5TabGridController: UIViewController {
  var columns = 1
}

extension Swift5TabGridController: UITabBarDelegate {
  func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) { columns = item.tag + 1 }
}

@Suite("Bars in Swift 5 mode")
@MainActor
struct BarsSwift5Tests {
  @Test("an extension conforms a controller to UITabBarDelegate; bar attributes are kept")
  func tabBarDelegateExtension() {
    let controller = Swift5TabGridController()
    let bar = UITabBar()
    bar.delegate = controller
    bar.delegate?.tabBar(bar, didSelect: UITabBarItem(title: "3", image: nil, tag: 2))
    #expect(controller.columns == 3)
    let navigation = UINavigationController(rootViewController: controller)
    navigation.navigationBar.largeTitleTextAttributes = [.foregroundColor: UIColor.white]
    #expect(navigation.navigationBar.largeTitleTextAttributes?.count == 1)
  }

  @Test("a Swift 5 screen configures its bar's appearances as iOS 13 apps do")
  func appearances() {
    let controller = Swift5TabGridController()
    let navigation = UINavigationController(rootViewController: controller)
    let appearance = UINavigationBarAppearance()
    appearance.configureWithOpaqueBackground()
    appearance.backgroundColor = .black
    appearance.largeTitleTextAttributes = [.foregroundColor: UIColor.white]
    navigation.navigationBar.standardAppearance = appearance
    navigation.navigationBar.scrollEdgeAppearance = appearance
    navigation.navigationBar.compactAppearance = appearance
    #expect(navigation.navigationBar.scrollEdgeAppearance?.backgroundColor == .black)
  }
}

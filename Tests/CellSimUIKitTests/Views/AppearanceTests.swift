// Appearance proxies, written as app code sets them in `application(_:didFinishLaunching…)` or
// `viewDidLoad`.
import CellSimUIKit
import Testing

final class BadgeView: UIView {}
final class TintedLabel: UILabel {}

@Suite("Appearance proxies apply as a view enters a window, per world")
@MainActor
struct AppearanceTests {
  func window() -> UIWindow { UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844)) }

  @Test("a proxy's setting reaches views of its class as they enter a window, not their own")
  func appliesOnWindowEntry() throws {
    var colors: [UIColor?] = []
    try simulate {
      UILabel.appearance().textColor = .red
      UIView.appearance().backgroundColor = .blue
      TintedLabel.appearance().backgroundColor = .green
      let window = window()
      let plain = UILabel()
      let ownColor = UILabel()
      ownColor.textColor = .yellow
      let subclass = TintedLabel()
      let outside = UILabel()
      colors.append(plain.textColor)  // not yet in a window: untouched
      for label in [plain, ownColor, subclass] { window.addSubview(label) }
      colors += [plain.textColor, ownColor.textColor, subclass.textColor]
      colors += [plain.backgroundColor, subclass.backgroundColor, outside.backgroundColor]
    }
    #expect(colors == [.label, .red, .yellow, .red, .blue, .green, nil])
  }

  @Test("a proxy limited to containers applies only inside them, after the general proxy")
  func containment() throws {
    var colors: [UIColor?] = []
    try simulate {
      UILabel.appearance().textColor = .red
      UILabel.appearance(whenContainedInInstancesOf: [BadgeView.self]).textColor = .white
      let window = window()
      let badge = BadgeView()
      let inside = UILabel()
      let nested = UILabel()
      let wrapper = UIView()
      wrapper.addSubview(nested)
      badge.addSubview(inside)
      badge.addSubview(wrapper)
      let elsewhere = UILabel()
      window.addSubview(badge)
      window.addSubview(elsewhere)
      colors = [inside.textColor, nested.textColor, elsewhere.textColor]
    }
    #expect(colors == [.white, .white, .red])
  }

  @Test("a navigation controller's bar takes its appearance as the controller's view appears")
  func navigationBar() throws {
    var results: [String] = []
    try simulate {
      let proxy = UINavigationBar.appearance()
      proxy.barTintColor = .black
      proxy.titleTextAttributes = [.foregroundColor: UIColor.white]
      UINavigationBar.appearance(whenContainedInInstancesOf: [
        UINavigationController.self, UITabBarController.self,
      ]).isTranslucent = false
      UIBarButtonItem.appearance().setTitleTextAttributes(
        [.foregroundColor: UIColor.white], for: .normal)
      let inTabs = UINavigationController(rootViewController: UIViewController())
      let tabs = UITabBarController()
      tabs.viewControllers = [inTabs]
      let alone = UINavigationController(rootViewController: UIViewController())
      results.append("\(alone.navigationBar.barTintColor == nil)")
      tabs.viewWillAppear(false)
      inTabs.viewWillAppear(false)
      alone.viewWillAppear(false)
      results += [
        "\(alone.navigationBar.barTintColor == .black)",
        "\(alone.navigationBar.titleTextAttributes?[.foregroundColor] as? UIColor == .white)",
        "\(alone.navigationBar.isTranslucent) \(inTabs.navigationBar.isTranslucent)",
        "\(UINavigationBar.appearance() === proxy) \(proxy.barTintColor == .black)",
        "\(UIBarButtonItem.appearance().titleTextAttributes(for: .normal)?.count ?? 0)",
      ]
    }
    #expect(results == ["true", "true", "true", "true false", "true true", "1"])
  }

  @Test("proxies belong to their world: the next run starts without them")
  func perWorld() throws {
    var colors: [UIColor?] = []
    try simulate { UILabel.appearance().textColor = .red }
    try simulate {
      let label = UILabel()
      window().addSubview(label)
      colors = [label.textColor, UILabel.appearance().textColor]
    }
    #expect(colors == [.label, .label])
  }
}

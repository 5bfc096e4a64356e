// Written as iOS code: this file imports only the layer (and Testing). Bar settings and layout
// direction queries that app screens and pagination libraries make.
import CellSimUIKit
import Testing

/// A screen that hears its own tab bar's selection, as a `UIViewController` with a standalone
/// `UITabBar` does.
final class TabBarListeningController: UIViewController, UITabBarDelegate {
  var selected: [Int] = []
  func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) { selected.append(item.tag) }
}

@Suite("Navigation and tab bar settings, and layout direction")
@MainActor
struct BarsAndLayoutDirectionTests {
  @Test("a navigation bar keeps its title text attributes")
  func titleTextAttributes() {
    let navigation = UINavigationController(rootViewController: UIViewController())
    let bar = navigation.navigationBar
    #expect(bar.titleTextAttributes == nil && bar.largeTitleTextAttributes == nil)
    bar.largeTitleTextAttributes = [.foregroundColor: UIColor.red]
    bar.titleTextAttributes = [.font: UIFont.boldSystemFont(ofSize: 17)]
    #expect(bar.largeTitleTextAttributes?[.foregroundColor] as? UIColor == UIColor.red)
    #expect(bar.titleTextAttributes?[.font] is UIFont)
  }

  @Test("a tab bar holds its delegate weakly; selecting in code does not call it")
  func tabBarDelegate() {
    let bar = UITabBar()
    var controller: TabBarListeningController? = TabBarListeningController()
    bar.delegate = controller
    let item = UITabBarItem(title: "Grid", image: nil, tag: 2)
    bar.items = [item]
    bar.selectedItem = item
    #expect(controller?.selected == [] && bar.delegate === controller)
    controller?.tabBar(bar, didSelect: item)
    #expect(controller?.selected == [2])
    controller = nil
    #expect(bar.delegate == nil)
  }

  @Test("the device reads left to right; only a forced right-to-left attribute flips")
  func layoutDirection() {
    #expect(UIView.userInterfaceLayoutDirection(for: .unspecified) == .leftToRight)
    #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
    #expect(UIApplication.shared.userInterfaceLayoutDirection == .leftToRight)
    #expect(!UICollectionViewLayout().flipsHorizontallyInOppositeLayoutDirection)
    #expect(UICollectionViewFlowLayout().flipsHorizontallyInOppositeLayoutDirection)
    #expect(UICollectionViewLayout().developmentLayoutDirection == .leftToRight)
  }

  @Test("bar appearances keep UIKit's configured values and are copied, not shared")
  func barAppearances() {
    let appearance = UINavigationBarAppearance()
    #expect(appearance.backgroundEffect != nil && appearance.backgroundColor == nil)
    appearance.configureWithOpaqueBackground()
    #expect(appearance.backgroundColor == .systemBackground && appearance.shadowColor != nil)
    appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
    let navigation = UINavigationController(rootViewController: UIViewController())
    navigation.navigationBar.standardAppearance = appearance
    navigation.navigationBar.scrollEdgeAppearance = appearance.copy()
    #expect(navigation.navigationBar.standardAppearance === appearance)
    let edge = navigation.navigationBar.scrollEdgeAppearance!
    #expect(edge !== appearance && edge.titleTextAttributes.count == 1)
    edge.configureWithTransparentBackground()
    #expect(edge.backgroundColor == nil && edge.shadowColor == nil)
    #expect(appearance.backgroundColor == .systemBackground)
    let tabs = UITabBarAppearance()
    tabs.configureWithOpaqueBackground()
    let bar = UITabBar()
    bar.standardAppearance = tabs
    bar.scrollEdgeAppearance = tabs
    #expect(bar.scrollEdgeAppearance === tabs)
    let item = UINavigationItem(title: "Photos")
    item.scrollEdgeAppearance = appearance
    #expect(item.scrollEdgeAppearance === appearance && item.standardAppearance == nil)
  }
}

// Written as iOS code, with only the layer imported: an app's tab bar root, as a whole public app
// builds it, hosted with its first tab's photo list.
import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

@Suite("A tab bar controller shows and forwards to its selected tab")
@MainActor
struct TabBarControllerTests {
  static func makeTabs() -> (UITabBarController, NaivePhotosViewController) {
    let photos = NaivePhotosViewController()
    photos.title = "Photos"
    let settings = UIViewController()
    settings.tabBarItem = UITabBarItem(
      title: "Settings", image: UIImage(systemName: "gear"), tag: 1)
    let tabs = UITabBarController()
    tabs.setViewControllers(
      [UINavigationController(rootViewController: photos), settings], animated: false)
    return (tabs, photos)
  }

  @Test("tabs are children; the selected one's view is shown; titles reach the items")
  func selection() {
    let (tabs, photos) = Self.makeTabs()
    #expect(tabs.selectedIndex == 0 && tabs.children.count == 2)
    #expect(photos.tabBarController === tabs && photos.tabBarItem.title == "Photos")
    #expect(tabs.tabBar.items?.map(\.title) == [nil, "Settings"])
    tabs.loadViewIfNeeded()
    let first = tabs.viewControllers![0]
    #expect(first.view.superview === tabs.view)
    tabs.selectedIndex = 1
    #expect(first.view.superview == nil && tabs.viewControllers![1].view.superview === tabs.view)
    tabs.selectedViewController = first
    #expect(tabs.selectedIndex == 0 && UITabBarController().selectedIndex == NSNotFound)
  }

  @Test("a hosted tab bar root is judged through its selected tab, which hears the appearance")
  func hosted() throws {
    let scenario = try Scenario(
      contentsOf: Repository.url("Scenarios/invariants/eventually_loaded.yaml"),
      fixturesRoot: Repository.fixtures)
    let box = Box<NaivePhotosViewController?>(nil)
    let screen = HostedScreen(
      makeViewController: { () -> UITabBarController in
        let (tabs, photos) = Self.makeTabs()
        box.value = photos
        return tabs
      },
      rows: { _, urls in box.value?.photoURLs = urls })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(box.value?.appearances.prefix(2) == ["viewDidLoad", "viewWillAppear"])
    let decodes = result.metrics.first { $0.metric == .decodes }?.value ?? 0
    #expect(decodes > 0, "the selected tab's cells showed images")
  }

  @Test("a split view controller keeps its columns as children and its settings")
  func splitView() {
    let split = UISplitViewController(style: .doubleColumn)
    let sidebar = UIViewController()
    let photos = NaivePhotosViewController()
    split.setViewController(sidebar, for: .primary)
    split.setViewController(UINavigationController(rootViewController: photos), for: .secondary)
    split.preferredDisplayMode = .oneBesideSecondary
    split.preferredPrimaryColumnWidth = 280
    #expect(split.viewController(for: .primary) === sidebar && split.children.count == 2)
    #expect(photos.splitViewController === split && split.displayMode == .oneBesideSecondary)
    #expect(split.viewControllers.count == 2 && !split.isCollapsed)
  }
}

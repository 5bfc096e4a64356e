import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A list that sets up its navigation item in `viewDidLoad`, as most list screens do.
final class TitledListController: UITableViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Photos"
    navigationItem.largeTitleDisplayMode = .always
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      systemItem: .refresh, primaryAction: UIAction { _ in })
    navigationItem.leftBarButtonItem = UIBarButtonItem(
      customView: UIActivityIndicatorView(style: .medium))
    navigationController?.navigationBar.prefersLargeTitles = true
  }
}

/// A grid screen that declares the navigation bar's delegate protocol and implements nothing,
/// as list screens written against UIKit often do.
final class BarDelegateGrid: UIViewController, UINavigationBarDelegate {}

/// A delegate that places its bar at the top of the screen.
final class AttachedBarDelegate: UINavigationBarDelegate {
  func position(for bar: any UIBarPositioning) -> UIBarPosition { .topAttached }
}

/// A list that records the appearance callbacks in the order they come.
final class AppearanceOrderList: UITableViewController {
  var events: [String] = []
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    events.append("willAppear")
  }
  override func viewIsAppearing(_ animated: Bool) {
    super.viewIsAppearing(animated)
    events.append("isAppearing \(view.bounds.width > 0)")
  }
  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    events.append("willLayout")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    events.append("didAppear")
  }
}

@Suite("UINavigationController, navigationItem and bar button items")
struct NavigationTests {
  @Test("navigationItem keeps what viewDidLoad sets; navigationController is nil unless embedded")
  @MainActor func navigationItem() throws {
    let alone = TitledListController(style: .plain)
    alone.loadViewIfNeeded()
    #expect(alone.navigationController == nil)
    #expect(alone.navigationItem.title == "Photos")
    #expect(alone.navigationItem.rightBarButtonItems?.count == 1)
    #expect(alone.navigationItem.leftBarButtonItem?.customView is UIActivityIndicatorView)
    let menu = UIMenu(title: "Sort", children: [UIAction(title: "Newest") { _ in }])
    let item = UIBarButtonItem(title: "Sort", image: nil, primaryAction: nil, menu: menu)
    alone.navigationItem.setRightBarButton(item, animated: false)
    #expect(alone.navigationItem.rightBarButtonItem?.title == "Sort")
    #expect(alone.navigationItem.rightBarButtonItem?.menu?.children.first?.title == "Newest")

    let list = TitledListController(style: .plain)
    let navigation = UINavigationController(rootViewController: list)
    navigation.loadViewIfNeeded()
    #expect(list.navigationController === navigation)
    #expect(navigation.navigationBar.prefersLargeTitles)
    #expect(list.tableView.superview === navigation.view)
    let detail = UIViewController()
    navigation.pushViewController(detail, animated: true)
    #expect(navigation.topViewController === detail && detail.navigationController === navigation)
    #expect(navigation.popViewController(animated: true) === detail)
    #expect(detail.navigationController == nil && navigation.viewControllers == [list])
    #expect(navigation.popViewController(animated: true) == nil)
  }

  @Test("a list in a navigation controller is hosted: its table is found, its callbacks forwarded")
  @MainActor func hostedInNavigation() throws {
    let scenario = try Scenario(
      yaml: HostedLifecycleTests.yaml, fixturesRoot: Repository.fixtures)
    let holder = Holder<RecordingViewController>()
    let screen = HostedScreen(
      makeViewController: { () -> UINavigationController in
        let list = RecordingViewController()
        holder.value = list
        return UINavigationController(rootViewController: list)
      },
      rows: { navigation, urls in
        (navigation.topViewController as? RecordingViewController)?.photoURLs = urls
      })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let list = try #require(holder.value)
    #expect(
      Array(list.events.prefix(3)) == [
        "viewDidLoad", "viewWillAppear", "viewDidAppear visible=true",
      ]
    )
    #expect(list.displayed > 0)
  }

  @Test("viewIsAppearing comes after viewWillAppear and before the layout, through the container")
  @MainActor func viewIsAppearingOrder() throws {
    let scenario = try Scenario(
      yaml: HostedLifecycleTests.yaml, fixturesRoot: Repository.fixtures)
    let holder = Holder<AppearanceOrderList>()
    let screen = HostedScreen(
      makeViewController: { () -> UINavigationController in
        let list = AppearanceOrderList(style: .plain)
        holder.value = list
        return UINavigationController(rootViewController: list)
      },
      rows: { _, _ in })
    _ = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    let list = try #require(holder.value)
    #expect(
      Array(list.events.prefix(4)) == [
        "willAppear", "isAppearing true", "willLayout", "didAppear",
      ])
  }

  @Test("UINavigationBarDelegate: declared with nothing implemented; position(for:) places the bar")
  @MainActor func navigationBarDelegate() {
    let grid = BarDelegateGrid()
    let bar = UINavigationBar()
    #expect(bar.barPosition == .top && bar.delegate == nil)
    bar.delegate = grid
    #expect(bar.barPosition == .top)
    #expect(grid.navigationBar(bar, shouldPush: UINavigationItem(title: "x")))
    let attached = AttachedBarDelegate()
    bar.delegate = attached
    #expect(bar.barPosition == .topAttached)
  }
}

// Written as iOS code brought to Linux: each call below was written over several lines with a
// `#selector(...)` argument on a line of its own, and that line was removed (there is no
// Objective-C runtime on Linux). What remains must still compile and keep what it names.
import CellSimUIKit
import Testing

/// A screen as a tutorial writes it, after its `#selector` lines were removed.
final class RefreshingScreen: UIViewController {
  let refresh = UIRefreshControl()
  let tap = UITapGestureRecognizer(
    target: nil,
  )
  var link: CADisplayLink?

  override func viewDidLoad() {
    super.viewDidLoad()
    refresh.addTarget(
      self,
      for: .valueChanged)
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      barButtonSystemItem: .refresh,
      target: self,
    )
    navigationItem.leftBarButtonItem = UIBarButtonItem(
      title: "Edit",
      style: .plain,
      target: self,
    )
    view.addGestureRecognizer(tap)
    let pinch = UIPinchGestureRecognizer(
      target: self,
    )
    view.addGestureRecognizer(pinch)
    NotificationCenter.default.addObserver(
      self,
      name: UIApplication.didReceiveMemoryWarningNotification,
      object: nil)
    link = CADisplayLink(
      target: self,
    )
  }
}

@Suite("What remains of a target-action call when its #selector line is removed")
@MainActor
struct SelectorRemnantsTests {
  @Test("the remnants compile; targets are kept and no action is connected")
  func remnants() throws {
    try simulate {
      let screen = RefreshingScreen()
      screen.loadViewIfNeeded()
      #expect(screen.navigationItem.rightBarButtonItem?.target === screen)
      #expect(screen.navigationItem.rightBarButtonItem?.action == nil)
      #expect(screen.navigationItem.leftBarButtonItem?.title == "Edit")
      #expect(screen.view.gestureRecognizers?.count == 2)
      #expect(screen.link != nil)
      // A notification reaches no selector observer (it cannot be performed), nor fails.
      NotificationCenter.default.post(
        name: UIApplication.didReceiveMemoryWarningNotification, object: nil)
    }
  }

  @Test("UIKit's own target-action forms keep what they are given")
  func targetAction() {
    let screen = UIViewController()
    let tap = UITapGestureRecognizer(target: screen, action: Selector("didTap"))
    #expect(tap.targets.count == 1)
    #expect(tap.targets.first?.target === screen)
    #expect(tap.targets.first?.action == Selector("didTap"))
    tap.addTarget(screen, action: "again")
    tap.removeTarget(screen, action: Selector("didTap"))
    #expect(tap.targets.map(\.action) == [Selector("again")])
    tap.removeTarget(nil, action: nil)
    #expect(tap.targets.isEmpty)
    let none = UILongPressGestureRecognizer(target: nil, action: nil)
    #expect(none.targets.isEmpty)
  }
}

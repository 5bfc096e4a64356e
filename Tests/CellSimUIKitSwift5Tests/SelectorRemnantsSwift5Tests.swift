// Swift 5 language mode: target-action calls written over several lines whose `#selector` line
// was removed, as code brought to Linux has them.
import CellSimUIKit
import Testing

@Suite("What remains of a target-action call without its #selector line, in Swift 5 mode")
@MainActor
struct SelectorRemnantsSwift5Tests {
  @Test("a control, a bar item, a gesture recognizer and an observer keep their targets")
  func remnants() {
    let screen = UIViewController()
    let control = UIRefreshControl()
    control.addTarget(
      screen,
      for: .valueChanged)
    let item = UIBarButtonItem(
      title: "Done",
      style: .done,
      target: screen,
    )
    let swipe = UISwipeGestureRecognizer(
      target: screen,
    )
    #expect(item.target === screen && item.action == nil)
    #expect(swipe.targets.isEmpty)
  }
}

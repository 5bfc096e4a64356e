// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A pan recognizer that only begins in one direction, as custom recognizers write it with
/// `UIKit.UIGestureRecognizerSubclass`: it overrides the touch methods and sets `state`.
final class PanDirectionRecognizer: UIPanGestureRecognizer {
  var vertical = true

  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    super.touchesMoved(touches, with: event)
    if state == .began {
      let velocity = self.velocity(in: view)
      if vertical && abs(velocity.x) > abs(velocity.y) { state = .cancelled }
    }
  }

  override func reset() {
    super.reset()
    vertical = true
  }

  override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
    false
  }
}

@Suite("Custom gesture recognizers, bar button item arrays, geometry functions, app state")
@MainActor struct CustomRecognizerTests {
  @Test("a subclass overrides the touch methods and sets its state; UIKit's defaults answer")
  func customRecognizer() {
    let recognizer = PanDirectionRecognizer(target: nil, action: nil)
    #expect(recognizer.state == .possible)
    recognizer.state = .began
    #expect(recognizer.state == .began)
    recognizer.state = .cancelled
    #expect(recognizer.state == .cancelled)
    recognizer.vertical = false
    recognizer.reset()
    #expect(recognizer.vertical)
    let tap = UITapGestureRecognizer()
    #expect(!recognizer.canBePrevented(by: tap) && tap.canBePrevented(by: recognizer))
    #expect(tap.canPrevent(recognizer) && !tap.shouldRequireFailure(of: recognizer))
    #expect(!tap.shouldBeRequiredToFail(by: recognizer))
  }

  @Test("a navigation item's bar button items are set as arrays, and the back button hidden")
  func barButtonItems() {
    let item = UINavigationItem(title: "Photos")
    let share = UIBarButtonItem(barButtonSystemItem: .action, target: nil, action: nil)
    let done = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
    item.setRightBarButtonItems([share, done], animated: true)
    #expect(item.rightBarButtonItems == [share, done] && item.rightBarButtonItem === share)
    item.setLeftBarButtonItems([done], animated: false)
    #expect(item.leftBarButtonItem === done)
    item.setRightBarButtonItems(nil, animated: true)
    #expect(item.rightBarButtonItem == nil)
    item.setHidesBackButton(true, animated: true)
    item.leftItemsSupplementBackButton = true
    #expect(item.hidesBackButton && item.leftItemsSupplementBackButton)
  }

  @Test("Core Graphics' geometry functions are the methods they spell")
  func geometryFunctions() {
    let rect = CGRectMake(10, 20, 40, 30)
    #expect(rect == CGRect(x: 10, y: 20, width: 40, height: 30))
    #expect(CGRectGetMidX(rect) == 30 && CGRectGetMaxY(rect) == 50)
    #expect(CGRectGetWidth(CGRectMake(0, 0, -40, 10)) == 40)
    #expect(CGRectContainsPoint(rect, CGPointMake(15, 25)))
    #expect(CGRectInset(rect, 5, 5) == CGRect(x: 15, y: 25, width: 30, height: 20))
    #expect(CGRectIsNull(CGRectIntersection(rect, CGRectMake(100, 100, 1, 1))))
    #expect(CGRectEqualToRect(CGRectUnion(rect, rect), rect))
    #expect(CGSizeEqualToSize(CGSizeMake(3, 4), CGSize(width: 3, height: 4)))
    #expect(CGRectIsEmpty(CGRectMake(0, 0, 0, 10)))
  }

  @Test("the app is active throughout a run")
  func applicationState() {
    #expect(UIApplication.shared.applicationState == .active)
    #expect(UIApplication.State.background.rawValue == 2)
  }
}

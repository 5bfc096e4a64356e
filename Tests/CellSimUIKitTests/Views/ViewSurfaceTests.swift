// Smaller parts of UIKit's surface that screens and libraries reach: hit-testing, tint and
// margin callbacks, keyframe animations, scroll view settings, controller presentation, images
// named in a bundle, menus and target-action.
import CellSimUIKit
import Testing

/// A button-like view that widens its tap area by 10 points, as apps override.
final class WideTapView: UIView {
  override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
    bounds.insetBy(dx: -10, dy: -10).contains(point)
  }
}

/// Records the callbacks UIKit sends a view.
final class CallbackView: UIView {
  var log: [String] = []
  override func tintColorDidChange() { log.append("tint") }
  override func layoutMarginsDidChange() { log.append("margins") }
}

@Suite("Views, controllers and images: the smaller surface")
@MainActor
struct ViewSurfaceTests {
  @Test("hitTest finds the deepest visible, interactive view, front to back")
  func hitTesting() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
    let wide = WideTapView(frame: CGRect(x: 200, y: 200, width: 20, height: 20))
    let hidden = UIView(frame: CGRect(x: 0, y: 200, width: 50, height: 50))
    hidden.isHidden = true
    for view in [back, front, wide, hidden] { root.addSubview(view) }
    #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
    #expect(root.hitTest(CGPoint(x: 60, y: 60), with: nil) === front)
    #expect(root.hitTest(CGPoint(x: 195, y: 195), with: nil) === wide)
    #expect(root.hitTest(CGPoint(x: 10, y: 210), with: nil) === root)
    #expect(root.hitTest(CGPoint(x: 400, y: 400), with: nil) == nil)
  }

  @Test("tint changes reach the subviews that inherit the tint; margin changes are told")
  func callbacks() {
    let parent = CallbackView()
    let inherits = CallbackView()
    let own = CallbackView()
    own.tintColor = .red
    own.log.removeAll()
    parent.addSubview(inherits)
    parent.addSubview(own)
    parent.tintColor = .green
    parent.layoutMargins = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
    parent.layoutMargins = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
    #expect(parent.log == ["tint", "margins"])
    #expect(inherits.log == ["tint"] && own.log.isEmpty)
  }

  @Test("keyframes apply at once and complete after their duration; animations can be turned off")
  func keyframesAndDisabledAnimations() throws {
    var log: [String] = []
    try simulate {
      DispatchQueue.main.async {
        let view = UIView()
        let start = DispatchTime.now()
        func elapsed() -> Int {
          Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
        }
        UIView.animateKeyframes(withDuration: 0.3, delay: 0.1, options: [.calculationModeCubic]) {
          UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0.5 }
          UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0 }
        } completion: { _ in
          log.append("keyframes \(elapsed()) ms")
        }
        log.append("alpha \(view.alpha)")
        UIView.setAnimationsEnabled(false)
        log.append("enabled \(UIView.areAnimationsEnabled)")
        UIView.animate(withDuration: 2) {
          view.alpha = 1
        } completion: { _ in
          log.append("off \(elapsed()) ms")
        }
        UIView.setAnimationsEnabled(true)
        let container = UIView()
        let old = UIView()
        let new = UIView()
        container.addSubview(UIView())
        container.addSubview(old)
        container.addSubview(UIView())
        UIView.transition(from: old, to: new, duration: 0.2, options: .transitionCrossDissolve)
        log.append("swapped \(container.subviews[1] === new) \(old.superview == nil)")
      }
    }
    #expect(
      log == ["alpha 0.0", "enabled false", "swapped true true", "off 0 ms", "keyframes 400 ms"])
  }

  @Test("scrollRectToVisible moves a plain scroll view by the least amount; guides and zoom")
  func scrollViewSettings() {
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
    scroll.contentSize = CGSize(width: 100, height: 1_000)
    scroll.scrollRectToVisible(CGRect(x: 0, y: 500, width: 100, height: 50), animated: false)
    let down = scroll.contentOffset.y
    scroll.scrollRectToVisible(CGRect(x: 0, y: 400, width: 100, height: 50), animated: false)
    let stays = scroll.contentOffset.y
    scroll.scrollRectToVisible(CGRect(x: 0, y: 100, width: 100, height: 50), animated: false)
    #expect(down == CGFloat(350) && stays == CGFloat(350) && scroll.contentOffset.y == CGFloat(100))
    #expect(scroll.contentLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 100, height: 1_000))
    #expect(scroll.frameLayoutGuide.layoutFrame == CGRect(x: 0, y: 100, width: 100, height: 200))
    #expect(scroll.contentLayoutGuide === scroll.contentLayoutGuide)
    scroll.minimumZoomScale = 1
    scroll.maximumZoomScale = 3
    scroll.zoom(to: CGRect(x: 0, y: 0, width: 20, height: 40), animated: false)
    #expect(scroll.zoomScale == CGFloat(3))
    scroll.decelerationRate = .fast
    #expect(scroll.decelerationRate.rawValue == CGFloat(0.99) && !scroll.isZooming)
  }

  @Test("show(_:sender:) pushes inside a navigation controller and presents outside one")
  func showAndSettings() throws {
    var results: [String] = []
    try simulate {
      DispatchQueue.main.async {
        let root = UIViewController()
        let navigation = UINavigationController(rootViewController: root)
        root.show(UIViewController(), sender: nil)
        let alone = UIViewController()
        alone.show(UIViewController(), sender: nil)
        root.hidesBottomBarWhenPushed = true
        root.setToolbarItems([UIBarButtonItem(systemItem: .add)], animated: false)
        results = [
          "\(navigation.viewControllers.count) \(alone.presentedViewController != nil)",
          "\(root.editButtonItem === root.editButtonItem) \(root.hidesBottomBarWhenPushed)",
          "\(root.toolbarItems?.count ?? 0) \(root.edgesForExtendedLayout == .all)",
          "\(root.isMovingFromParent) \(root.isBeingDismissed)",
        ]
      }
    }
    #expect(results == ["2 true", "true true", "1 true", "false false"])
  }

  @Test("updateViewConstraints runs the view's pending constraint update")
  func updateViewConstraints() {
    final class Constrained: UIView {
      var updates = 0
      override func updateConstraints() {
        updates += 1
        super.updateConstraints()
      }
    }
    let controller = UIViewController()
    let view = Constrained()
    controller.view = view
    view.setNeedsUpdateConstraints()
    controller.updateViewConstraints()
    controller.updateViewConstraints()
    #expect(view.updates == 1)
  }

  @Test("images named in a bundle are the named placeholders; renderer formats keep the scale")
  func imagesAndRenderers() throws {
    var results: [String] = []
    try simulate {
      let named = UIImage(named: "placeholder", in: .main, compatibleWith: nil)
      let symbol = UIImage(systemName: "photo", compatibleWith: nil)
      results.append("\(named != nil) \(symbol?.isSymbolImage == true)")
      results.append("\(named?.isSymbolImage == false)")
      let format = UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 2))
      results.append("\(format.scale)")
      let renderer = UIGraphicsImageRenderer(bounds: CGRect(x: 0, y: 0, width: 10, height: 20))
      let image = renderer.image { context in
        context.stroke(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.clip(to: CGRect(x: 0, y: 0, width: 5, height: 5))
      }
      results.append("\(image.size.width)x\(image.size.height)")
    }
    #expect(results == ["true true", "true", "2.0", "10.0x20.0"])
  }

  @Test("menus and actions keep UIKit's settings; target-action is kept, never sent")
  func menusAndTargets() {
    let delete = UIAction(title: "Delete", image: nil, attributes: .destructive) { _ in }
    let menu = UIMenu(title: "", options: .displayInline, children: [delete])
    #expect(delete.attributes == .destructive && delete.state == .off)
    #expect(menu.options == .displayInline && menu.children.count == 1)
    let control = UIRefreshControl()
    let target = NSObject()
    control.addTarget(target, action: Selector("refresh"), for: .valueChanged)
    #expect(control.allTargets.count == 1)
    control.removeTarget(target, action: nil, for: .valueChanged)
    #expect(control.allTargets.isEmpty)
    let button = UIButton()
    button.menu = menu
    button.showsMenuAsPrimaryAction = true
    #expect(button.menu === menu && button.showsMenuAsPrimaryAction)
  }
}

// Written as iOS code, with only the layer imported: the settings list and grid screens set in
// viewDidLoad and cells set in init, which public screens were found to use.
import CellSimUIKit
import Testing

/// A thumbnail view that describes itself to VoiceOver, as accessible apps write it.
final class AccessibleThumbnail: UIImageView {
  override var isAccessibilityElement: Bool {
    get { true }
    set {}
  }
  override var accessibilityTraits: UIAccessibilityTraits {
    get { super.accessibilityTraits.union(.image) }
    set { super.accessibilityTraits = newValue }
  }
}

@Suite("Common settings of tables, labels, bar items and views")
@MainActor
struct CommonSettingsTests {
  @Test("accessibility settings are kept, and subclasses override them")
  func accessibility() {
    let view = UIView()
    #expect(!view.isAccessibilityElement && view.accessibilityTraits == .none)
    view.isAccessibilityElement = true
    view.accessibilityTraits = [.button, .header]
    view.accessibilityHint = "Opens the photo"
    #expect(view.isAccessibilityElement && view.accessibilityTraits.contains(.header))
    let thumbnail = AccessibleThumbnail()
    thumbnail.accessibilityTraits = .selected
    #expect(
      thumbnail.isAccessibilityElement && thumbnail.accessibilityTraits == [.selected, .image])
    #expect(!UIAccessibility.isVoiceOverRunning)
    UIAccessibility.post(notification: .layoutChanged, argument: thumbnail)
    UIScrollView().flashScrollIndicators()
  }

  @Test("scroll, label, cell and table settings are kept with UIKit's defaults")
  func settingsKept() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
    #expect(
      table.contentInsetAdjustmentBehavior == .automatic && table.keyboardDismissMode == .none)
    table.contentInsetAdjustmentBehavior = .never
    table.keyboardDismissMode = .onDrag
    table.contentInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
    table.backgroundView = UIView()
    #expect(table.adjustedContentInset.top == 8 && table.backgroundView != nil)
    #expect(table.subviews.isEmpty, "the background view is kept, not shown")
    let label = UILabel()
    #expect(label.lineBreakMode == .byTruncatingTail && label.minimumScaleFactor == 0)
    label.lineBreakMode = .byWordWrapping
    #expect(label.lineBreakMode.rawValue == 0)
    let cell = UITableViewCell(style: .default, reuseIdentifier: "c")
    #expect(cell.separatorInset.left == 15)
    cell.separatorInset = .zero
    #expect(cell.separatorInset == .zero)
    let screen = UIViewController()
    screen.overrideUserInterfaceStyle = .light
    screen.navigationItem.backBarButtonItem = UIBarButtonItem(
      title: "", style: .plain, target: nil, action: nil)
    screen.navigationItem.backButtonDisplayMode = .minimal
    #expect(screen.navigationItem.backBarButtonItem?.title == "")
    let add = UIBarButtonItem(barButtonSystemItem: .add, target: screen, action: Selector("add"))
    #expect(
      add.target === screen && add.action == "add" && NSStringFromSelector(add.action!) == "add")
  }

  @Test("points and rectangles convert through frames and scroll offsets")
  func conversions() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let scroll = UIScrollView(frame: CGRect(x: 10, y: 20, width: 300, height: 400))
    let badge = UIView(frame: CGRect(x: 5, y: 100, width: 20, height: 20))
    root.addSubview(scroll)
    scroll.addSubview(badge)
    scroll.contentOffset = CGPoint(x: 0, y: 60)
    #expect(badge.convert(CGPoint.zero, to: root) == CGPoint(x: 15, y: 60))
    #expect(badge.convert(CGPoint.zero, to: nil) == CGPoint(x: 15, y: 60))
    #expect(root.convert(CGPoint(x: 15, y: 60), to: badge) == .zero)
    #expect(
      root.convert(badge.bounds, from: badge) == CGRect(x: 15, y: 60, width: 20, height: 20))
    #expect(scroll.convert(CGPoint(x: 0, y: 60), to: root) == CGPoint(x: 10, y: 20))
  }
}

// Written as iOS 26 code, with only the layer imported: a photo grid's cell with a glass
// badge over its image, a feed screen that adopts Liquid Glass bars, and a tab bar with a
// mini player. The layer keeps what they set, with UIKit's documented defaults.
import CellSimUIKit
import Testing

/// A photo cell with a glass "favourite" button and a glass label over its image, rounded
/// concentrically with the grid's container, as iOS 26 sample code builds one.
final class GlassPhotoCell: UICollectionViewCell {
  let imageView = UIImageView()
  let favouriteButton = UIButton(configuration: .clearGlass())
  let captionBackground: UIVisualEffectView = {
    let glass = UIGlassEffect(style: .clear)
    glass.isInteractive = true
    glass.tintColor = UIColor.black.withAlphaComponent(0.2)
    return UIVisualEffectView(effect: glass)
  }()

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.addSubview(imageView)
    contentView.addSubview(captionBackground)
    captionBackground.contentView.addSubview(favouriteButton)
    contentView.cornerConfiguration = .corners(radius: .containerConcentric(minimum: 8))
    captionBackground.cornerConfiguration = .capsule()
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A feed screen that sets iOS 26's bar and scroll-edge options in `viewDidLoad`.
final class GlassFeedViewController: UIViewController {
  let scrollView = UIScrollView()
  let shareItem = UIBarButtonItem(title: "Share", style: .plain, target: nil, action: nil)
  let doneItem = UIBarButtonItem(title: "Done", style: .prominent, target: nil, action: nil)

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(scrollView)
    title = "Photos"
    navigationItem.subtitle = "128 items"
    navigationItem.largeSubtitle = "Updated just now"
    shareItem.hidesSharedBackground = true
    shareItem.badge = .count(3)
    navigationItem.rightBarButtonItems = [doneItem, shareItem]
    scrollView.topEdgeEffect.style = .hard
    scrollView.bottomEdgeEffect.isHidden = true
  }
}

@Suite("iOS 26's Liquid Glass UIKit compiles and keeps what it is given")
@MainActor
struct UIKit26SurfaceTests {
  @Test("glass effects are kept by the effect view, with UIKit's defaults")
  func glassEffects() {
    let cell = GlassPhotoCell(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
    let glass = cell.captionBackground.effect as? UIGlassEffect
    #expect(glass?.isInteractive == true)
    #expect(glass?.tintColor != nil)
    #expect(cell.favouriteButton.superview === cell.captionBackground.contentView)

    let plain = UIGlassEffect()
    #expect(!plain.isInteractive && plain.tintColor == nil)
    let container = UIGlassContainerEffect()
    #expect(container.spacing == 0)
    container.spacing = 12
    let group = UIVisualEffectView(effect: container)
    group.contentView.addSubview(UIVisualEffectView(effect: UIGlassEffect(style: .regular)))
    #expect((group.effect as? UIGlassContainerEffect)?.spacing == 12)
    #expect(UIGlassEffect.Style(rawValue: 1) == .clear)
  }

  @Test("glass button configurations are their own styles")
  func glassButtons() {
    var configuration = UIButton.Configuration.prominentGlass()
    configuration.title = "Follow"
    let button = UIButton(configuration: configuration)
    #expect(button.configuration?.title == "Follow")
    #expect(button.configuration == configuration)
    let styles: [UIButton.Configuration] = [
      .glass(), .prominentGlass(), .clearGlass(), .prominentClearGlass(), .filled(),
    ]
    for (index, style) in styles.enumerated() {
      #expect(styles.indices.filter { styles[$0] == style } == [index])
    }
  }

  @Test("corner configurations are kept and read back as radii")
  func corners() {
    let cell = GlassPhotoCell(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
    #expect(cell.contentView.effectiveRadius(corner: .allCorners) == 8)
    cell.captionBackground.frame = CGRect(x: 0, y: 0, width: 100, height: 32)
    #expect(cell.captionBackground.effectiveRadius(corner: .topLeft) == 16)

    let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    view.layer.cornerRadius = 6
    #expect(view.effectiveRadius(corner: .allCorners) == 6)
    view.cornerConfiguration = .uniformCorners(radius: 10)
    #expect(view.effectiveRadius(corner: .bottomRight) == 10)
    view.cornerConfiguration = .corners(
      topLeftRadius: 10, topRightRadius: 20, bottomLeftRadius: nil, bottomRightRadius: .fixed(40))
    #expect(view.effectiveRadius(corner: .topRight) == 20)
    #expect(view.effectiveRadius(corner: .bottomLeft) == 0)
    #expect(view.effectiveRadius(corner: .allCorners) == 40)
    view.cornerConfiguration = .uniformTopRadius(24)
    #expect(view.effectiveRadius(corner: .topLeft) == 24)
    #expect(view.effectiveRadius(corner: .bottomLeft) == 0)
    view.cornerConfiguration = .uniformEdges(leftRadius: 4, rightRadius: 12.5)
    #expect(view.effectiveRadius(corner: .bottomRight) == 12.5)
    view.cornerConfiguration = .capsule(maximumRadius: 20)
    #expect(view.effectiveRadius(corner: .topLeft) == 20)
    #expect(
      String(describing: view.cornerConfiguration)
        == String(describing: UICornerConfiguration.capsule(maximumRadius: 20)))
  }

  @Test("scroll edge effects: one per edge, automatic and shown until set")
  func scrollEdgeEffects() {
    let controller = GlassFeedViewController()
    controller.loadViewIfNeeded()
    let scrollView = controller.scrollView
    #expect(scrollView.topEdgeEffect.style == .hard)
    #expect(scrollView.topEdgeEffect === scrollView.topEdgeEffect)
    #expect(scrollView.bottomEdgeEffect.isHidden)
    #expect(scrollView.leftEdgeEffect.style == .automatic && !scrollView.leftEdgeEffect.isHidden)
    #expect(scrollView.rightEdgeEffect.style != .soft)
    scrollView.rightEdgeEffect.style = .soft
    #expect(scrollView.rightEdgeEffect.style == UIScrollEdgeEffect.Style.soft)
  }

  @Test("bar button items keep their glass settings and badges")
  func barButtonItems() {
    let controller = GlassFeedViewController()
    controller.loadViewIfNeeded()
    #expect(controller.doneItem.style == .prominent)
    #expect(UIBarButtonItem.Style.done == .prominent)
    #expect(controller.shareItem.hidesSharedBackground)
    #expect(controller.shareItem.badge?.stringValue == "3")
    let item = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
    #expect(!item.hidesSharedBackground && item.sharesBackground && item.badge == nil)
    item.sharesBackground = false
    var badge = UIBarButtonItem.Badge.string("New")
    badge.backgroundColor = .systemRed
    item.badge = badge
    #expect(!item.sharesBackground)
    #expect(item.badge?.stringValue == "New" && item.badge?.backgroundColor != nil)
    item.badge = .indicator()
    #expect(item.badge != nil && item.badge?.stringValue == nil)

    let toolbarItems: [UIBarButtonItem] = [.flexibleSpace(), item, .fixedSpace(), .fixedSpace(8)]
    #expect(toolbarItems.map { $0.width } == [0, 0, 0, 8])
  }

  @Test("navigation items keep subtitles; an attributed subtitle is read as text")
  func navigationSubtitles() {
    let controller = GlassFeedViewController()
    controller.loadViewIfNeeded()
    let item = controller.navigationItem
    #expect(item.subtitle == "128 items" && item.largeSubtitle == "Updated just now")
    #expect(item.largeTitle == nil && item.attributedTitle == nil)
    item.attributedSubtitle = AttributedString("3 selected")
    #expect(item.subtitle == "3 selected")
    item.subtitle = "All photos"
    #expect(item.attributedSubtitle == nil && item.subtitle == "All photos")
    let label = UILabel()
    item.subtitleView = label
    item.largeTitle = "Library"
    item.largeAttributedSubtitle = AttributedString("Today")
    #expect(item.subtitleView === label && item.largeTitle == "Library")
    #expect(item.largeAttributedSubtitle == AttributedString("Today"))
    #expect(item.rightBarButtonItems?.count == 2)

    let appearance = UINavigationBarAppearance()
    appearance.subtitleTextAttributes = [.foregroundColor: UIColor.secondaryLabel]
    let copy = UINavigationBarAppearance(barAppearance: appearance)
    #expect(copy.subtitleTextAttributes.count == 1 && copy.largeSubtitleTextAttributes.isEmpty)
  }

  @Test("tab bar controllers keep the minimize behavior and the bottom accessory")
  func tabBarAccessory() {
    let tabs = UITabBarController()
    tabs.viewControllers = [GlassFeedViewController(), UIViewController()]
    #expect(tabs.tabBarMinimizeBehavior == .automatic && tabs.bottomAccessory == nil)
    tabs.tabBarMinimizeBehavior = .onScrollDown
    let player = UIView()
    tabs.bottomAccessory = UITabAccessory(contentView: player)
    #expect(tabs.tabBarMinimizeBehavior == .onScrollDown)
    #expect(tabs.bottomAccessory?.contentView === player)
    tabs.setBottomAccessory(nil, animated: true)
    #expect(tabs.bottomAccessory == nil)
    #expect(UITabBarController.MinimizeBehavior(rawValue: 3) == .onScrollUp)
  }

  @Test("flushUpdates is accepted by animations and kept by animators")
  func flushUpdates() {
    let view = UIView()
    let options: UIView.AnimationOptions = [.flushUpdates, .curveEaseOut]
    #expect(options.contains(.flushUpdates) && !options.contains(.allowUserInteraction))
    let animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeOut) { view.alpha = 0.5 }
    #expect(!animator.flushUpdates)
    animator.flushUpdates = true
    #expect(animator.flushUpdates)
  }
}

// Written as iOS code, with only the layer imported: what more public image-loading
// code used and the layer lacked (system colours and literals, Core Animation's layers and
// animations, attributed titles, opening URLs, nib footers, a table's hit-testing).
import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A gradient mask that declares Core Animation's initializers, as a shimmering placeholder
/// written for Swift 6 does (`init(layer:)` for presentation copies, the required coder one).
final class ShimmeringMask: CAGradientLayer {
  var started = false
  override init() { super.init() }
  override init(layer: Any) { super.init(layer: layer) }
  required init?(coder: NSCoder) { super.init(coder: coder) }
  convenience init(size: CGSize) {
    self.init()
    frame = CGRect(x: -size.width, y: 0, width: size.width * 3, height: size.height)
    started = true
  }
}

/// A shimmering placeholder as skeleton-loading cells write one: a gradient mask animated by key.
final class ShimmerView: UIView {
  override class var layerClass: AnyClass { CAGradientLayer.self }

  func startShimmering() {
    let gradient = CAGradientLayer()
    gradient.colors = [UIColor.white.withAlphaComponent(0.75).cgColor, UIColor.white.cgColor]
    gradient.locations = [0.4, 0.5, 0.6]
    gradient.frame = CGRect(x: -bounds.width, y: 0, width: bounds.width * 3, height: bounds.height)
    layer.mask = gradient
    let animation = CABasicAnimation(keyPath: "locations")
    animation.fromValue = [0.0, 0.1, 0.2]
    animation.toValue = [0.8, 0.9, 1.0]
    animation.duration = 1.25
    animation.repeatCount = .infinity
    gradient.add(animation, forKey: "shimmer")
  }

  var isShimmering: Bool { layer.mask?.animation(forKey: "shimmer") != nil }
}

/// A collection footer loaded from a nib, as storyboard grids register one.
final class LoadingFooter: UICollectionReusableView {
  var awoken = 0
  var reused = 0
  override func awakeFromNib() {
    super.awakeFromNib()
    awoken += 1
  }
  override func prepareForReuse() {
    super.prepareForReuse()
    reused += 1
  }
}

/// A table that asks, for each row it displays, which row lies under the row's centre.
final class HitTestingPhotosViewController: NaivePhotosViewController {
  var hits: [(IndexPath?, IndexPath)] = []

  override func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {
    let rect = tableView.rectForRow(at: indexPath)
    hits.append((tableView.indexPathForRow(at: CGPoint(x: rect.midX, y: rect.midY)), indexPath))
  }
}

@Suite("System colours, literals, Core Animation, attributed titles, opening URLs, nib footers")
@MainActor
struct CoreAnimationAndColorTests {
  @Test("system colours have Apple's light values; colour and image literals compile")
  func colorsAndLiterals() {
    let components = [UIColor.systemRed, .systemGreen, .systemTeal, .systemIndigo].map {
      [$0.red, $0.green, $0.blue].map { Int(($0 * 255).rounded()) }
    }
    #expect(components == [[255, 59, 48], [52, 199, 89], [48, 176, 199], [88, 86, 214]])
    #expect(UIColor.separator.alpha == 0.29 && UIColor.systemGroupedBackground.blue == 247 / 255)
    #expect(UIColor.groupTableViewBackground == UIColor.systemGroupedBackground)
    // swift-format-ignore: NoPlaygroundLiterals
    let literal: UIColor = #colorLiteral(red: 0.25, green: 0.5, blue: 1, alpha: 1)
    #expect(literal == UIColor(red: 0.25, green: 0.5, blue: 1, alpha: 1))
    // swift-format-ignore: NoPlaygroundLiterals
    let image: UIImage = #imageLiteral(resourceName: "placeholder")
    #expect(image.size == UIImage(named: "placeholder")?.size)
    // With nothing to give it a type, a literal is UIKit's default literal type.
    // swift-format-ignore: NoPlaygroundLiterals
    let dimmed = #colorLiteral(red: 1, green: 1, blue: 1, alpha: 1).withAlphaComponent(0.25)
    #expect(dimmed.alpha == 0.25)
    // swift-format-ignore: NoPlaygroundLiterals
    #expect(#imageLiteral(resourceName: "placeholder").size == image.size)
  }

  @Test("a view's layer shares its frame and class; sublayers, masks and animations are kept")
  func layersAndAnimations() {
    let view = ShimmerView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
    #expect(view.layer is CAGradientLayer && view.layer.frame == view.frame)
    view.layer.frame = CGRect(x: 5, y: 5, width: 50, height: 20)
    #expect(view.frame == CGRect(x: 5, y: 5, width: 50, height: 20))
    #expect(view.layer.position == CGPoint(x: 30, y: 15) && view.layer.bounds.width == 50)
    view.startShimmering()
    #expect(view.isShimmering && view.layer.mask?.animationKeys() == ["shimmer"])
    let kept = view.layer.mask?.animation(forKey: "shimmer") as? CABasicAnimation
    #expect(kept?.keyPath == "locations" && kept?.repeatCount == .infinity)
    view.layer.mask?.removeAllAnimations()
    #expect(!view.isShimmering)
    let fade = CATransition()
    fade.duration = 0.3
    view.layer.add(fade, forKey: nil)
    fade.duration = 9
    #expect(
      (view.layer.animation(forKey: view.layer.animationKeys()![0]) as? CATransition)?.duration
        == 0.3)
    let badge = CAShapeLayer()
    view.layer.addSublayer(badge)
    view.layer.insertSublayer(CALayer(), below: badge)
    #expect(view.layer.sublayers?.count == 2 && view.layer.sublayers?.last === badge)
    badge.removeFromSuperlayer()
    #expect(view.layer.sublayers?.count == 1 && badge.superlayer == nil)
  }

  @Test("a CALayer subclass overrides init(), init(layer:) and the required init?(coder:)")
  func layerInitializers() {
    let mask = ShimmeringMask(size: CGSize(width: 100, height: 40))
    #expect(mask.started && mask.frame == CGRect(x: -100, y: 0, width: 300, height: 40))
    let copy = ShimmeringMask(layer: mask)
    #expect(!copy.started && copy.frame == .zero && copy.opacity == 1)
    #expect(CALayer(layer: mask).cornerRadius == CGFloat(0))
  }

  @Test("a button keeps attributed titles per state; UIKit's attribute keys have UIKit's names")
  func attributedTitles() {
    let url = "https://picsum.photos"
    let title = NSMutableAttributedString(string: url)
    title.addAttribute(.link, value: url, range: NSRange(location: 0, length: url.count))
    let button = UIButton(type: .system)
    button.setAttributedTitle(title, for: .normal)
    #expect(button.currentAttributedTitle?.string == url)
    #expect(button.attributedTitle(for: .highlighted)?.string == url)
    #expect(button.titleLabel?.attributedText?.string == url)
    #expect(NSAttributedString.Key.link.rawValue == "NSLink")
    #expect(NSAttributedString.Key.foregroundColor.rawValue == "NSColor")
  }

  @Test("opening a URL is recorded; the completion gets whether Safari could open it")
  func openURL() throws {
    let log = Log()
    try simulate {
      DispatchQueue.main.async {
        let app = UIApplication.shared
        app.open(URL(string: "https://picsum.photos/id/1")!) { log.add("https \($0)") }
        app.open(URL(string: "mailto:someone@example.com")!) { log.add("mailto \($0)") }
        log.add("asked \(app.canOpenURL(URL(string: "http://example.com")!))")
      }
    }
    #expect(log.lines == ["asked true @0", "https true @0", "mailto false @0"])
  }

  @Test("a nib registered for footers makes its stand-in, awoken once, reused at its index path")
  func supplementaryNib() {
    UINib.standIn(LoadingFooter.self, forNibNamed: "LoadingFooter")
    let grid = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480),
      collectionViewLayout: UICollectionViewFlowLayout())
    grid.register(
      UINib(nibName: "LoadingFooter", bundle: nil),
      forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
      withReuseIdentifier: "footer")
    let path = IndexPath(item: 0, section: 0)
    let first = grid.dequeueReusableSupplementaryView(
      ofKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "footer", for: path)
    let again = grid.dequeueReusableSupplementaryView(
      ofKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "footer", for: path)
    let footer = first as? LoadingFooter
    #expect(footer != nil && first === again && first.reuseIdentifier == "footer")
    #expect(footer?.awoken == 1 && footer?.reused == 1)
  }

  @Test("a table finds the row under a point from its row rectangles")
  func tableHitTesting() throws {
    let scenario = try Scenario(
      contentsOf: Repository.url("Scenarios/invariants/no_cross_cell_image.yaml"),
      fixturesRoot: Repository.fixtures)
    let box = Box<HitTestingPhotosViewController?>(nil)
    let screen = HostedScreen(
      makeViewController: { () -> HitTestingPhotosViewController in
        let controller = HitTestingPhotosViewController()
        box.value = controller
        return controller
      },
      rows: { controller, urls in controller.photoURLs = urls })
    _ = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    let hits = try #require(box.value?.hits)
    #expect(!hits.isEmpty)
    #expect(hits.allSatisfy { $0.0 == $0.1 }, "\(hits.prefix(3))")
  }
}

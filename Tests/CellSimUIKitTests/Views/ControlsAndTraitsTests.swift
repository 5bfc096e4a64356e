// Written as iOS code, with only the layer imported: controls, stack views, traits, the device
// and what cells and screens override.
import CellSimUIKit
import Testing

/// A cell as Xcode's template writes one, with the overrides real cells keep.
final class TemplateCell: UITableViewCell {
  var awoken = false
  let stack = UIStackView()
  let photo = UIImageView()
  let favorite = UIButton(type: .system)

  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    favorite.setImage(UIImage(systemName: "heart"), for: .normal)
    stack.axis = .vertical
    stack.spacing = 4
    stack.addArrangedSubview(favorite)
    stack.addArrangedSubview(photo)
    contentView.addSubview(stack)
    layer.borderColor = UIColor.red.cgColor
    layer.shadowOpacity = 0.3
    layer.shadowOffset = CGSize(width: 0, height: 2)
    layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: 8).cgPath
    layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    layer.cornerCurve = .continuous
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func awakeFromNib() {
    super.awakeFromNib()
    awoken = true
  }

  override var intrinsicContentSize: CGSize { CGSize(width: 100, height: 80) }

  override func updateConstraints() {
    super.updateConstraints()
  }

  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    layer.borderColor = UIColor.label.cgColor
  }
}

/// A navigation controller that hands the status bar to its top screen and rotates a player
/// to landscape, as video apps write it.
final class RotatingNavigationController: UINavigationController {
  override var childForStatusBarStyle: UIViewController? { topViewController }
  override var childForStatusBarHidden: UIViewController? { topViewController }
  override var childForHomeIndicatorAutoHidden: UIViewController? { topViewController }

  func rotate(landscape: Bool) {
    if #available(iOS 16.0, *) {
      let preferences = UIWindowScene.GeometryPreferences.iOS(
        interfaceOrientations: landscape ? .landscapeRight : .portrait)
      view.window?.windowScene?.requestGeometryUpdate(preferences) { _ in }
      setNeedsUpdateOfSupportedInterfaceOrientations()
    } else {
      UIViewController.attemptRotationToDeviceOrientation()
    }
  }
}

/// A screen with the declarations Xcode's templates and tutorials leave in.
final class TemplateScreen: UITableViewController {
  var prepared: [String] = []
  override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
  override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
    prepared.append(segue.identifier ?? "")
  }
  override func viewDidLoad() {
    super.viewDidLoad()
    refreshControl = UIRefreshControl()
  }
}

@Suite("Controls, stack views, traits and template overrides")
@MainActor
struct ControlsAndTraitsTests {
  @Test("a template cell compiles; a button's icon is not the cell's image, the stack's photo is")
  func templateCell() throws {
    let cell = TemplateCell(style: .default, reuseIdentifier: "cell")
    #expect(!cell.awoken, "nothing loads nibs, so nothing awakes a cell made in code")
    #expect(cell.stack.arrangedSubviews.count == 2 && cell.stack.subviews.count == 2)
    #expect(cell.favorite.currentImage != nil && cell.favorite.imageView?.superview == nil)
    #expect(cell.layer.borderColor?.components == [1, 0, 0, 1])
    #expect(cell.layer.shadowRadius == 3 && cell.layer.shadowOpacity == 0.3)
    cell.stack.removeArrangedSubview(cell.favorite)
    #expect(cell.stack.arrangedSubviews.count == 1 && cell.stack.subviews.count == 2)
    cell.favorite.removeFromSuperview()
    #expect(cell.stack.subviews.count == 1)
  }

  @Test("fonts by weight and text style, blur views, and a class's description as NSObject's")
  func fontsEffectsAndDescription() {
    #expect(UIFont.systemFont(ofSize: 14, weight: .semibold).fontName == ".SFUI-Semibold")
    #expect(UIFont.preferredFont(forTextStyle: .caption1).pointSize == 12)
    #expect(UIFont.preferredFont(forTextStyle: .body).withSize(20).pointSize == 20)
    let blur = UIVisualEffectView(effect: UIBlurEffect(style: .systemThinMaterial))
    let label = UILabel(frame: .zero)
    blur.contentView.addSubview(label)
    #expect(blur.subviews.first === blur.contentView && label.superview === blur.contentView)
    #expect(TemplateCell.description().hasSuffix(".TemplateCell"))
    #expect(TemplateCell.description().components(separatedBy: ".").last == "TemplateCell")
  }

  @Test("a control runs its closure actions for the events it was given")
  func controlActions() {
    var taps = 0
    let button = UIButton(type: .system, primaryAction: UIAction(title: "Retry") { _ in taps += 1 })
    #expect(button.currentTitle == "Retry")
    button.sendActions(for: .primaryActionTriggered)
    button.sendActions(for: .valueChanged)
    #expect(taps == 1)
    let refresh = UIRefreshControl()
    refresh.beginRefreshing()
    #expect(refresh.isRefreshing)
    refresh.endRefreshing()
    #expect(!refresh.isRefreshing)
    let segments = UISegmentedControl(items: ["Grid", "List"])
    segments.selectedSegmentIndex = 1
    #expect(segments.numberOfSegments == 2 && segments.titleForSegment(at: 1) == "List")
  }

  @Test("size classes, idiom and orientation follow the screen, as Apple tabulates them")
  func sizeClasses() {
    let classes = [
      (390.0, 844.0), (844.0, 390.0), (932.0, 430.0), (820.0, 1_180.0), (744.0, 1_133.0),
    ].map { width, height in
      let traits = UITraitCollection.sizeClasses(width: width, height: height)
      return "\(traits.horizontal.rawValue)\(traits.vertical.rawValue)\(traits.idiom.rawValue)"
    }
    // compact = 1, regular = 2; phone = 0, pad = 1.
    #expect(classes == ["120", "110", "210", "221", "221"])
    let traits = UITraitCollection(horizontalSizeClass: .compact)
    #expect(traits.horizontalSizeClass == .compact && traits.verticalSizeClass == .unspecified)
    #expect(UITraitCollection(displayScale: 2).userInterfaceStyle == .unspecified)
  }

  @Test("in a world, a phone's traits: compact width, regular height, portrait")
  func traitsInAWorld() throws {
    let log = Log()
    try simulate {
      DispatchQueue.main.async {
        let traits = UIScreen.main.traitCollection
        log.add(
          "\(traits.horizontalSizeClass == .compact) \(traits.verticalSizeClass == .regular) "
            + "\(UIDevice.current.userInterfaceIdiom == .phone) "
            + "\(UIDevice.current.orientation.isPortrait) \(UIDevice.current.model)")
      }
    }
    #expect(log.lines == ["true true true true iPhone @0"])
  }

  @Test("template screens compile; a segue in code stops with a reason, prepare is never called")
  func templateScreen() {
    let screen = TemplateScreen(style: .plain)
    screen.loadViewIfNeeded()
    #expect(screen.refreshControl != nil && screen.tableView.refreshControl != nil)
    #expect(screen.preferredStatusBarStyle == .lightContent)
    #expect(screen.supportedInterfaceOrientations == .portrait)
    screen.setEditing(true, animated: false)
    #expect(screen.isEditing)
    #expect(screen.prepared.isEmpty)
  }

  @Test("status bar children and rotation requests compile; the screen keeps its orientation")
  func rotationRequests() {
    let screen = TemplateScreen(style: .plain)
    let navigation = RotatingNavigationController(rootViewController: screen)
    #expect(navigation.childForStatusBarStyle === screen)
    #expect(UIViewController().childForStatusBarStyle == nil)
    #expect(UIViewController().childForHomeIndicatorAutoHidden == nil)
    let preferences = UIWindowScene.GeometryPreferences.iOS()
    #expect(preferences.interfaceOrientations == nil)
    preferences.interfaceOrientations = .landscape
    #expect(preferences.interfaceOrientations == .landscape)
    navigation.rotate(landscape: true)
    #expect(navigation.supportedInterfaceOrientations == .allButUpsideDown)
  }

  @Test("a compositional section keeps its visible-items handler; it is never called")
  func visibleItemsHandler() {
    let size = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .absolute(100))
    let section = NSCollectionLayoutSection(
      group: .horizontal(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
    var calls = 0
    section.visibleItemsInvalidationHandler = { items, offset, environment in
      calls += items.count + Int(offset.x) + Int(environment.container.contentSize.width)
    }
    #expect(section.visibleItemsInvalidationHandler != nil && calls == 0)
  }
}

/// A cell as a xib-based app writes one: set up in `awakeFromNib()`.
final class NibPhotoCell: UITableViewCell {
  var setUp = false
  override func awakeFromNib() {
    super.awakeFromNib()
    setUp = true
    imageView?.contentMode = .scaleAspectFill
  }
}

/// A header view as code-based apps write one.
final class SectionHeader: UITableViewHeaderFooterView {
  override init(reuseIdentifier: String?) {
    super.init(reuseIdentifier: reuseIdentifier)
    textLabel?.text = "Section"
  }
  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A grid cell a nib holds, configured by a cell registration made from the nib.
final class NibGridCell: UICollectionViewCell {
  var awoke = false
  override func awakeFromNib() {
    super.awakeFromNib()
    awoke = true
  }
}

@Suite("Nibs stand-ins and header views")
@MainActor
struct NibAndHeaderTests {
  @Test("a nib's stand-in class is made as UIKit loads a nib: init(coder:), then awakeFromNib")
  func nibCell() throws {
    UINib.standIn(NibPhotoCell.self, forNibNamed: "NibPhotoCell")
    let table = UITableView(frame: .zero, style: .plain)
    table.register(UINib(nibName: "NibPhotoCell", bundle: nil), forCellReuseIdentifier: "photo")
    let cell = try #require(table.dequeueReusableCell(withIdentifier: "photo") as? NibPhotoCell)
    #expect(cell.setUp && cell.reuseIdentifier == "photo")
    let loaded = Bundle.main.loadNibNamed("NibPhotoCell", owner: nil)?.first as? NibPhotoCell
    #expect(loaded?.setUp == true)
    // A class registered later for the same identifier replaces the nib, as in UIKit.
    table.register(TemplateCell.self, forCellReuseIdentifier: "photo")
    #expect(table.dequeueReusableCell(withIdentifier: "photo") is TemplateCell)
  }

  @Test("a cell registration made from a nib dequeues the nib's stand-in, then its handler runs")
  func nibCellRegistration() throws {
    UINib.standIn(NibGridCell.self, forNibNamed: "NibGridCell")
    var configured: [String] = []
    let registration = UICollectionView.CellRegistration<NibGridCell, String>(
      cellNib: UINib(nibName: "NibGridCell", bundle: nil)
    ) { cell, indexPath, item in
      configured.append("\(item) \(indexPath.item) \(cell.awoke)")
    }
    let grid = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480),
      collectionViewLayout: UICollectionViewFlowLayout())
    let cell = grid.dequeueConfiguredReusableCell(
      using: registration, for: IndexPath(item: 0, section: 0), item: "a")
    #expect(cell.awoke && configured == ["a 0 true"])
  }

  @Test("header and footer views register and dequeue; the table shows none")
  func headers() {
    let table = UITableView(frame: .zero, style: .grouped)
    table.register(SectionHeader.self, forHeaderFooterViewReuseIdentifier: "header")
    let header = table.dequeueReusableHeaderFooterView(withIdentifier: "header")
    #expect(header is SectionHeader && header?.reuseIdentifier == "header")
    #expect(header?.textLabel?.text == "Section")
    #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "missing") == nil)
    #expect(table.headerView(forSection: 0) == nil)
  }

  @Test("a font descriptor derives a bold or monospaced text style, as sample code spells it")
  func fontDescriptors() throws {
    let bold = try #require(
      UIFontDescriptor.preferredFontDescriptor(withTextStyle: .largeTitle)
        .withSymbolicTraits(.traitBold))
    #expect(bold.symbolicTraits.contains(.traitBold))
    let title = UIFont(descriptor: bold, size: 0)
    #expect(title.pointSize == 34)
    #expect(title.fontName.hasSuffix("-Bold"))
    let mono = try #require(
      UIFontDescriptor.preferredFontDescriptor(withTextStyle: .subheadline)
        .withDesign(.monospaced))
    #expect(UIFont(descriptor: mono, size: 20).pointSize == 20)
    #expect(UIFont.systemFont(ofSize: 13).fontDescriptor.pointSize == 13)
    #expect(UIFontDescriptor.SymbolicTraits.traitMonoSpace.rawValue == 1 << 10)
    let body = UIFont.preferredFont(forTextStyle: .body)
    #expect(body.lineHeight == 20.29 && body.ascender > 0 && body.descender < 0)
  }
}

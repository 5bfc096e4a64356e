// Written as iOS code, with only the layer imported: the details Apple's modern collection view
// samples use around list cells: custom configuration states, colour transformers, custom
// accessories, badges anchored to items, layout guides and priorities.
import CellSimUIKit
import Testing

extension UIConfigurationStateCustomKey {
  static let isFavorite = UIConfigurationStateCustomKey("com.example.isFavorite")
}

/// A list cell whose state carries the app's own flag, as the custom-configuration sample's.
final class FavoriteListCell: UICollectionViewListCell {
  var isFavorite = false
  override var configurationState: UICellConfigurationState {
    var state = super.configurationState
    state[.isFavorite] = isFavorite
    return state
  }
}

/// A screen that saves and restores its state, as the state-restoration sample's does.
final class RestoringScreen: UIViewController {
  var restored = false
  override func encodeRestorableState(with coder: NSCoder) {
    super.encodeRestorableState(with: coder)
  }
  override func decodeRestorableState(with coder: NSCoder) {
    super.decodeRestorableState(with: coder)
    restored = true
  }
}

@Suite("Details of modern list cells and layouts")
@MainActor
struct ModernCellDetailsTests {
  @Test("a custom state key round-trips through a cell's configuration state")
  func customState() {
    let cell = FavoriteListCell(frame: .zero)
    #expect(
      cell.configurationState[.isFavorite] == nil
        || cell.configurationState[.isFavorite] == AnyHashable(false))
    cell.isFavorite = true
    #expect(cell.configurationState[.isFavorite] == AnyHashable(true))
    var state = UICellConfigurationState()
    #expect(state[.isFavorite] == nil)
    state[.isFavorite] = 3
    #expect(state[.isFavorite] == AnyHashable(3))
  }

  @Test("colour transformers apply where configurations resolve colours")
  func transformers() {
    var background = UIBackgroundConfiguration.listPlainCell()
    background.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    background.backgroundColorTransformer = .grayscale
    let grey = background.resolvedBackgroundColor(for: .blue)
    #expect(grey.red == grey.green && grey.green == grey.blue)
    #expect(abs(grey.red - 0.299) < 0.0001)
    var text = UIListContentConfiguration.cell().textProperties
    text.color = .red
    text.colorTransformer = UIConfigurationColorTransformer { $0.withAlphaComponent(0.5) }
    #expect(text.resolvedColor().alpha == 0.5)
    var image = UIListContentConfiguration.cell().imageProperties
    #expect(image.resolvedTintColor(for: .blue) == .blue)
    image.tintColor = .red
    #expect(image.resolvedTintColor(for: .blue) == .red)
    let same = UIConfigurationColorTransformer.grayscale
    #expect(same == .grayscale)
    #expect(UIConfigurationColorTransformer { $0 } != UIConfigurationColorTransformer { $0 })
  }

  @Test("HSB colours, priorities, anchors, accessories and guides keep what they are given")
  func keptDetails() {
    let p3 = UIColor(displayP3Red: 0.4, green: 0.6, blue: 0.9, alpha: 1)
    #expect(p3.red == 0.4 && p3.blue == 0.9)
    let symbol = UIImage.SymbolConfiguration(font: .systemFont(ofSize: 22), scale: .large)
    let listCell = UICollectionViewListCell(frame: .zero)
    #expect(listCell.separatorLayoutGuide === listCell.separatorLayoutGuide)
    listCell.separatorLayoutGuide.leadingAnchor.constraint(
      equalTo: listCell.contentView.leadingAnchor
    ).isActive = true
    _ = symbol
    let orange = UIColor(hue: 30 / 360, saturation: 1, brightness: 1, alpha: 1)
    #expect(orange.red == 1 && abs(orange.green - 0.5) < 0.0001 && orange.blue == 0)
    var hue: CGFloat = 0
    var saturation: CGFloat = 0
    var brightness: CGFloat = 0
    var alpha: CGFloat = 0
    orange.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
    #expect(abs(hue - 30 / 360) < 0.0001 && saturation == 1 && brightness == 1 && alpha == 1)
    let view = UIView()
    let lower = view.contentCompressionResistancePriority(for: .horizontal) - 1
    view.setContentCompressionResistancePriority(lower, for: .horizontal)
    #expect(view.contentCompressionResistancePriority(for: .horizontal).rawValue == 749)
    #expect((UILayoutPriority.defaultHigh + 1).rawValue == 751)
    let badgeAnchor = NSCollectionLayoutAnchor(
      edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3))
    let badge = NSCollectionLayoutSupplementaryItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .absolute(20), heightDimension: .absolute(20)),
      elementKind: "badge", containerAnchor: badgeAnchor)
    #expect(badge.containerAnchor?.isFractionalOffset == true)
    #expect(badge.elementKind == "badge")
    let accessory = UICellAccessory.customView(
      configuration: .init(customView: UILabel(), placement: .leading(displayed: .whenEditing)))
    #expect(accessory.accessoryType == .customView && accessory.displayed == .whenEditing)
    var list = UIListContentConfiguration.subtitleCell()
    list.textToSecondaryTextHorizontalPadding = 4
    #expect(list.textToSecondaryTextHorizontalPadding == 4)
    list.text = "Title"
    let content = UIListContentView(configuration: list)
    #expect(content.textLayoutGuide != nil && content.secondaryTextLayoutGuide == nil)
    #expect(content.textLayoutGuide === content.textLayoutGuide)
    #expect(content.layoutGuides.count == 1)
    #expect(view.readableContentGuide === view.layoutMarginsGuide)
    let screen = RestoringScreen()
    let coder = NSKeyedArchiver(requiringSecureCoding: false)
    screen.encodeRestorableState(with: coder)
    screen.decodeRestorableState(with: coder)
    #expect(screen.restored)
    let grid = UICollectionViewController(collectionViewLayout: UICollectionViewFlowLayout())
    grid.clearsSelectionOnViewWillAppear = false
    #expect(!grid.clearsSelectionOnViewWillAppear)
  }
}

// Written as iOS code, with only the layer imported: button configurations, Dynamic Type metrics,
// and the swipe and context-menu overrides of list screens, which a probe found missing.
import CellSimUIKit
import Testing

/// A list screen with the overrides modern apps keep (never asked: no one swipes or presses).
final class SwipeListController: UITableViewController {
  override func tableView(
    _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? {
    UISwipeActionsConfiguration(actions: [])
  }
  override func tableView(
    _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
    point: CGPoint
  ) -> UIContextMenuConfiguration? {
    UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
      UIMenu(title: "", children: [UIAction(title: "Share") { _ in }])
    }
  }
}

@Suite("Button configurations, font metrics, swipe and context-menu overrides")
@MainActor
struct ModernCellSettingsTests {
  @Test("a configured button shows its configuration's title; its update handler runs")
  func buttonConfiguration() {
    var config = UIButton.Configuration.filled()
    config.title = "Like"
    config.image = UIImage(systemName: "heart")
    config.imagePadding = 4
    config.cornerStyle = .capsule
    let button = UIButton(configuration: config)
    #expect(button.configuration?.style == "filled" && button.titleLabel?.text == "Like")
    #expect(button.imageView?.superview == nil, "the icon stays out of the hierarchy")
    var updates = 0
    button.configurationUpdateHandler = { _ in updates += 1 }
    button.setNeedsUpdateConfiguration()
    #expect(updates == 1 && button.configuration == config)
    #expect(UIButton.Configuration.plain() != UIButton.Configuration.filled())
  }

  @Test("a label keeps the wrap width a self-sizing banner sets in layoutSubviews")
  func labelPreferredMaxLayoutWidth() {
    let label = UILabel()
    #expect(label.preferredMaxLayoutWidth == CGFloat(0))
    label.preferredMaxLayoutWidth = 280
    #expect(label.preferredMaxLayoutWidth == CGFloat(280))
  }

  @Test("a configuration's background is clear until set, then kept")
  func buttonBackground() {
    var config = UIButton.Configuration.plain()
    #expect(config.background == UIBackgroundConfiguration.clear())
    config.background.backgroundColor = .systemRed
    config.background.cornerRadius = 0
    let button = UIButton(configuration: config)
    #expect(button.configuration?.background.backgroundColor == .systemRed)
    #expect(button.configuration != UIButton.Configuration.plain())
  }

  @Test("font metrics at the default content size leave fonts as given")
  func fontMetrics() {
    let font = UIFont.systemFont(ofSize: 17)
    let scaled = UIFontMetrics(forTextStyle: .body).scaledFont(for: font)
    #expect(scaled.pointSize == 17)
    #expect(UIFontMetrics.default.scaledFont(for: font, maximumPointSize: 12).pointSize == 12)
    let label = UILabel()
    label.adjustsFontForContentSizeCategory = true
    #expect(label.adjustsFontForContentSizeCategory)
  }

  @Test("table, grid and image view settings are kept with UIKit's defaults")
  func settings() {
    let screen = SwipeListController(style: .plain)
    let table = screen.tableView!
    #expect(
      table.separatorInset.left == 15
        && table.sectionHeaderTopPadding == UITableView.automaticDimension)
    table.separatorColor = .clear
    table.cellLayoutMarginsFollowReadableWidth = false
    #expect(table.separatorColor == .clear)
    let path = IndexPath(row: 0, section: 0)
    #expect(screen.tableView(table, trailingSwipeActionsConfigurationForRowAt: path) != nil)
    #expect(screen.tableView(table, contextMenuConfigurationForRowAt: path, point: .zero) != nil)
    let layout = UICollectionViewFlowLayout()
    #expect(layout.sectionInsetReference == .fromContentInset)
    layout.sectionInsetReference = .fromSafeArea
    #expect(layout.sectionInsetReference == .fromSafeArea)
    let grid = UICollectionView(frame: .zero, collectionViewLayout: layout)
    grid.dragInteractionEnabled = true
    #expect(grid.dragInteractionEnabled)
    let image = UIImageView()
    image.animationDuration = 1.5
    image.animationRepeatCount = 2
    #expect(image.animationDuration == 1.5 && image.animationRepeatCount == 2)
  }
}

import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A table cell that counts its updates, as a subclass overriding UIKit's would.
final class CountingTableCell: UITableViewCell {
  var states: [Bool] = []
  override func updateConfiguration(using state: UICellConfigurationState) {
    states.append(state.isSelected)
  }
}

@Suite("Cell configuration updates, list content configurations and accessories")
@MainActor struct CellConfigurationTests {
  @Test("background configurations are kept on cells and resolve their colours")
  @MainActor func backgroundConfigurations() {
    let cell = UICollectionViewListCell(frame: .zero)
    var background = UIBackgroundConfiguration.listGroupedCell()
    #expect(
      background.resolvedBackgroundColor(for: .systemBlue) == .secondarySystemGroupedBackground)
    background.backgroundColor = .systemPink
    background.cornerRadius = 12
    cell.backgroundConfiguration = background
    #expect(cell.backgroundConfiguration == background)
    #expect(cell.backgroundConfiguration?.resolvedBackgroundColor(for: .systemBlue) == .systemPink)
    #expect(UIBackgroundConfiguration.clear().resolvedBackgroundColor(for: .systemBlue) == .clear)
    let row = UITableViewCell(style: .default, reuseIdentifier: nil)
    row.backgroundConfiguration = .listPlainCell()
    #expect(
      row.backgroundConfiguration != background && row.automaticallyUpdatesBackgroundConfiguration)
  }

  @Test("an image set in updateConfiguration(using:) reaches the screen and is judged")
  func updateConfigurationImagesAreJudged() throws {
    let scenario = try Scenario(
      yaml: CompositionalLayoutTests.yaml.replacingOccurrences(
        of: "columns: 3", with: "columns: 1"),
      fixturesRoot: Repository.fixtures)
    let holder = Holder<UpdatingCellsViewController>()
    let screen = HostedScreen(
      name: "updating",
      makeViewController: { () -> UpdatingCellsViewController in
        let controller = UpdatingCellsViewController()
        holder.value = controller
        return controller
      }, rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(
      scenario, screen: screen, fixturesRoot: Repository.fixtures, keepTrace: true)
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.traceText?.contains("image.decode") == true)
    let controller = try #require(holder.value)
    // `await apply` resumed after the completion's turn, not before the turn queued ahead of it.
    #expect(controller.log == ["before", "next turn", "resumed"])
    // Every cell had been updated (and given its accessory) before it was displayed.
    #expect(controller.displayed.count > 10)
    #expect(controller.displayed.allSatisfy { $0.updates > 0 && $0.accessories == 1 })
    // Hit-testing a list (no layout frames) uses the scenario's rows.
    #expect(controller.hits.count > 9)
    #expect(controller.hits.allSatisfy { $0.found == $0.shown })
  }

  @Test("a hosted table whose cells set their image in updateConfiguration(using:) passes")
  func hostedTableUpdates() throws {
    let scenario = try Scenario(
      yaml: CompositionalLayoutTests.yaml.replacingOccurrences(
        of: "columns: 3", with: "columns: 1"),
      fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      name: "updating-table", makeViewController: { UpdatingTableViewController() },
      rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(
      scenario, screen: screen, fixturesRoot: Repository.fixtures, keepTrace: true)
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.traceText?.contains("image.decode") == true)
  }

  @Test("a table cell updates before it is laid out, then on request; the handler runs after")
  func tableCellUpdates() {
    let cell = CountingTableCell(style: .default, reuseIdentifier: "c")
    var handled: [Int] = []
    cell.configurationUpdateHandler = { cell, state in
      handled.append((cell as? CountingTableCell)?.states.count ?? -1)
    }
    cell.layoutIfNeeded()
    #expect(cell.states == [false])
    #expect(handled == [1])
    cell.layoutIfNeeded()
    #expect(cell.states == [false])
    cell.isSelected = true
    cell.setNeedsUpdateConfiguration()
    cell.layoutIfNeeded()
    #expect(cell.states == [false, true])
    #expect(handled == [1, 2])
  }

  @Test("a collection cell's configurationUpdateHandler sets its configuration at layout")
  func collectionCellHandler() throws {
    let cell = UICollectionViewListCell(frame: .zero)
    let image = try #require(UIImage(systemName: "star"))
    cell.configurationUpdateHandler = { cell, state in
      var content = UIListContentConfiguration.cell()
      content.image = state.isHighlighted ? nil : image
      cell.contentConfiguration = content
    }
    #expect(cell.contentConfiguration == nil)
    cell.layoutIfNeeded()
    let content = try #require(cell.contentConfiguration as? UIListContentConfiguration)
    #expect(content.image === image)
  }

  @Test("list content configurations are Hashable by value and keep the new properties")
  func listConfigurationValues() {
    var a = UIListContentConfiguration.subtitleCell()
    a.text = "Title"
    a.attributedText = NSAttributedString(string: "Title")
    a.imageToTextPadding = 8
    a.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8)
    a.imageProperties.tintColor = .secondaryLabel
    a.imageProperties.reservedLayoutSize = CGSize(
      width: UIListContentConfiguration.ImageProperties.standardDimension,
      height: UIListContentConfiguration.ImageProperties.standardDimension)
    a.imageProperties.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 20)
    a.textProperties.alignment = .center
    var b = a
    #expect(a == b)
    #expect(Set([a, b]).count == 1)
    b.textProperties.alignment = .justified
    #expect(a != b)
    b = a
    b.imageProperties.tintColor = .red
    #expect(a != b)
    b = a
    b.secondaryAttributedText = NSAttributedString(string: "More")
    #expect(a != b)
    let view = a.makeContentView()
    #expect(view.configuration as? UIListContentConfiguration == a)
  }

  @Test("accessories are declared as UIKit declares them")
  func accessories() {
    let cell = UICollectionViewListCell(frame: .zero)
    cell.accessories = [
      .disclosureIndicator(),
      .checkmark(displayed: .whenNotEditing),
      .delete(displayed: .whenEditing, actionHandler: {}),
      .reorder(),
      .outlineDisclosure(options: .init(tintColor: .systemBlue)),
      .label(text: "New"),
      .disclosureIndicator(options: UICellAccessory.DisclosureIndicatorOptions(isHidden: false)),
    ]
    #expect(
      cell.accessories.map(\.accessoryType) == [
        .disclosureIndicator, .checkmark, .delete, .reorder, .outlineDisclosure, .label,
        .disclosureIndicator,
      ])
    #expect(cell.accessories[2].displayed == .whenEditing)
  }
}

// Written as iOS code: this file imports only the layer (and Testing). A list screen that
// reloads when Dynamic Type changes, registered as iOS 17 code does.
import CellSimUIKit
import Testing

/// Registers for a trait change in viewDidLoad, with the screen's own type as the handler's.
final class TraitObservingList: UITableViewController {
  var reloads = 0
  var registration: (any UITraitChangeRegistration)?
  override func viewDidLoad() {
    super.viewDidLoad()
    registration = registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) {
      (self: Self, previous: UITraitCollection) in
      self.reloads += 1
      self.tableView.reloadData()
    }
    registerForTraitChanges([UITraitUserInterfaceStyle.self, UITraitHorizontalSizeClass.self]) {
      (view: UIView, _: UITraitCollection) in
      view.setNeedsLayout()
    }
  }
}

@Suite("Trait-change registrations (iOS 17)")
@MainActor
struct TraitChangeTests {
  @Test("a screen registers for trait changes; a run's traits never change, so no handler runs")
  func registration() throws {
    let list = TraitObservingList(style: .plain)
    list.loadViewIfNeeded()
    let registration = try #require(list.registration)
    list.unregisterForTraitChanges(registration)
    #expect(list.reloads == 0)
    #expect(UITraitPreferredContentSizeCategory.defaultValue == .unspecified)
    #expect(UITraitUserInterfaceStyle.affectsColorAppearance)
    #expect(!UITraitHorizontalSizeClass.affectsColorAppearance)
    #expect(UIContentSizeCategory.accessibilityLarge.isAccessibilityCategory)
    #expect(!UIContentSizeCategory.large.isAccessibilityCategory)
    let environment: any UITraitEnvironment = list.view
    #expect(environment.traitCollection.displayScale == UIScreen.main.scale)
  }
}

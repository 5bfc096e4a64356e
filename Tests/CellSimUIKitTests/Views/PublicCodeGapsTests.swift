// Written as iOS code, with only the layer imported: the settings and small APIs real screens
// use, kept and read back.
import CellSimUIKit
import Testing

/// A transition context as a test double declares one: every requirement answered.
final class RotationContext: UIViewControllerTransitionCoordinatorContext {
  let containerView = UIView()
  let from = UIViewController()
  var isAnimated: Bool { true }
  var isInteractive: Bool { false }
  var isCancelled: Bool { false }
  var transitionDuration: TimeInterval { 0.3 }
  var percentComplete: CGFloat { 0.5 }
  var presentationStyle: UIModalPresentationStyle { .fullScreen }
  var initiallyInteractive: Bool { false }
  var isInterruptible: Bool { true }
  var completionVelocity: CGFloat { 1 }
  var completionCurve: UIView.AnimationCurve { .easeOut }
  var targetTransform: CGAffineTransform {
    CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
  }
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    key == .from ? from : nil
  }
  func view(forKey key: UITransitionContextViewKey) -> UIView? {
    key == .from ? from.view : nil
  }
}

@Suite("Small APIs of public screens: kept and read back")
@MainActor struct PublicCodeGapsTests {
  @Test("a segmented control keeps each segment's title or image, enabled state and width")
  func segmentedControl() {
    let control = UISegmentedControl(items: ["Grid", "List"])
    let icon = UIImage(systemName: "star")!
    control.insertSegment(with: icon, at: 1, animated: false)
    #expect(control.numberOfSegments == 3)
    #expect(control.imageForSegment(at: 1) === icon && control.titleForSegment(at: 1) == nil)
    #expect(control.titleForSegment(at: 2) == "List")
    control.setEnabled(false, forSegmentAt: 2)
    #expect(!control.isEnabledForSegment(at: 2) && control.isEnabledForSegment(at: 0))
    control.setTitle("Map", forSegmentAt: 1)
    #expect(control.titleForSegment(at: 1) == "Map" && control.imageForSegment(at: 1) == nil)
    control.setImage(icon, forSegmentAt: 0)
    #expect(control.imageForSegment(at: 0) === icon && control.titleForSegment(at: 0) == nil)
    control.setWidth(80, forSegmentAt: 0)
    #expect(control.widthForSegment(at: 0) == 80 && control.widthForSegment(at: 1) == 0)
    control.selectedSegmentIndex = 2
    control.removeSegment(at: 0, animated: true)
    #expect(control.numberOfSegments == 2 && control.selectedSegmentIndex == 1)
    control.removeSegment(at: 1, animated: false)
    #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
  }

  @Test("a segmented control keeps its selected tint and its title attributes per state")
  func segmentedAppearance() {
    let control = UISegmentedControl(items: ["A"])
    #expect(control.selectedSegmentTintColor == nil)
    control.selectedSegmentTintColor = .systemRed
    #expect(control.selectedSegmentTintColor == .systemRed)
    control.setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
    let selected = control.titleTextAttributes(for: .selected)
    #expect(selected?[.foregroundColor] as? UIColor == .white)
    #expect(control.titleTextAttributes(for: .normal) == nil)
  }

  @Test("a view keeps accessibilityIgnoresInvertColors, false by default")
  func ignoresInvertColors() {
    let view = UIImageView()
    #expect(!view.accessibilityIgnoresInvertColors)
    view.accessibilityIgnoresInvertColors = true
    #expect(view.accessibilityIgnoresInvertColors)
  }

  @Test("tab bar item appearances keep each layout's and state's values, and copies are apart")
  func tabBarItemAppearance() {
    let item = UITabBarItemAppearance()
    item.normal.iconColor = .systemGray
    item.selected.titleTextAttributes = [.foregroundColor: UIColor.systemBlue]
    item.normal.titlePositionAdjustment = UIOffset(horizontal: 0, vertical: -2)
    item.selected.badgeBackgroundColor = .systemRed
    let appearance = UITabBarAppearance()
    appearance.stackedLayoutAppearance = item
    appearance.inlineLayoutAppearance.focused.iconColor = .systemGreen
    #expect(appearance.stackedLayoutAppearance.normal.iconColor == .systemGray)
    #expect(appearance.stackedLayoutAppearance.normal.titlePositionAdjustment.vertical == -2)
    #expect(appearance.compactInlineLayoutAppearance.normal.titlePositionAdjustment == .zero)
    let copy = appearance.copy()
    #expect(copy.inlineLayoutAppearance.focused.iconColor == .systemGreen)
    #expect(copy.stackedLayoutAppearance.selected.badgeBackgroundColor == .systemRed)
    copy.stackedLayoutAppearance.normal.iconColor = .systemPink
    #expect(appearance.stackedLayoutAppearance.normal.iconColor == .systemGray)
    let tab = UITabBarItem(title: "Photos", image: nil, tag: 0)
    #expect(tab.standardAppearance == nil && tab.scrollEdgeAppearance == nil)
    tab.standardAppearance = appearance
    tab.scrollEdgeAppearance = copy
    #expect(tab.standardAppearance === appearance && tab.scrollEdgeAppearance === copy)
  }

  @Test("a popover's adaptive sheet is made once, for the same controller, and kept")
  func adaptiveSheet() {
    let presented = UIViewController()
    presented.modalPresentationStyle = .popover
    let popover = presented.popoverPresentationController!
    let sheet = popover.adaptiveSheetPresentationController
    #expect(sheet === popover.adaptiveSheetPresentationController)
    #expect(sheet.presentedViewController === presented)
    sheet.detents = [.medium()]
    #expect(popover.adaptiveSheetPresentationController.detents.count == 1)
  }

  @Test("a button keeps a symbol configuration per state, the normal one as the fallback")
  func buttonSymbolConfiguration() {
    let button = UIButton(type: .system)
    #expect(button.preferredSymbolConfigurationForImage(in: .normal) == nil)
    let large = UIImage.SymbolConfiguration(pointSize: 24)
    let bold = UIImage.SymbolConfiguration(weight: .bold)
    button.setPreferredSymbolConfiguration(large, forImageIn: .normal)
    button.setPreferredSymbolConfiguration(bold, forImageIn: .highlighted)
    #expect(button.preferredSymbolConfigurationForImage(in: .highlighted) === bold)
    #expect(button.preferredSymbolConfigurationForImage(in: .normal) === large)
    #expect(button.preferredSymbolConfigurationForImage(in: .selected) === large)
  }

  @Test("a transition context declared by code answers every requirement")
  func transitionContext() {
    let context: any UIViewControllerTransitionCoordinatorContext = RotationContext()
    #expect(context.viewController(forKey: .from) != nil && context.view(forKey: .to) == nil)
    #expect(context.presentationStyle == .fullScreen && context.isInterruptible)
    #expect(context.completionCurve == .easeOut && context.targetTransform.b == 1)
    #expect(!context.initiallyInteractive && context.completionVelocity == 1)
  }

  @Test("outline disclosure options keep their style, with UIKit's defaults for nil")
  func outlineDisclosureOptions() {
    let plain = UICellAccessory.OutlineDisclosureOptions()
    #expect(plain.style == .automatic && !plain.isHidden && plain.tintColor == nil)
    if case .standard = plain.reservedLayoutWidth {} else { Issue.record("not .standard") }
    let header = UICellAccessory.OutlineDisclosureOptions(
      style: .header, isHidden: true, reservedLayoutWidth: .custom(30), tintColor: .systemBlue)
    #expect(header.style == .header && header.isHidden && header.tintColor == .systemBlue)
    if case .custom(let width) = header.reservedLayoutWidth {
      #expect(width == 30)
    } else {
      Issue.record("not .custom")
    }
    let accessory = UICellAccessory.outlineDisclosure(options: header)
    #expect(accessory.accessoryType == .outlineDisclosure)
  }

  @Test("a navigation item keeps its preferred search bar placement")
  func searchBarPlacement() {
    let item = UINavigationItem(title: "Photos")
    #expect(item.preferredSearchBarPlacement == .automatic)
    item.preferredSearchBarPlacement = .stacked
    #expect(item.preferredSearchBarPlacement == .stacked)
  }

  @Test("text fields, text views and search bars keep their input traits")
  func inputTraits() {
    let field = UITextField()
    #expect(!field.enablesReturnKeyAutomatically && field.textContentType == nil)
    field.enablesReturnKeyAutomatically = true
    field.textContentType = .emailAddress
    field.keyboardAppearance = .dark
    field.smartQuotesType = .no
    #expect(field.enablesReturnKeyAutomatically && field.textContentType == .emailAddress)
    #expect(field.keyboardAppearance == .dark && field.smartQuotesType == .no)
    let text = UITextView()
    #expect(text.autocapitalizationType == .sentences && !text.isSecureTextEntry)
    text.returnKeyType = .done
    text.keyboardType = .URL
    text.enablesReturnKeyAutomatically = true
    text.smartDashesType = .yes
    #expect(text.returnKeyType == .done && text.keyboardType == .URL)
    #expect(text.enablesReturnKeyAutomatically && text.smartDashesType == .yes)
    let bar = UISearchBar()
    bar.enablesReturnKeyAutomatically = true
    bar.textContentType = .username
    bar.smartInsertDeleteType = .no
    #expect(bar.searchTextField.enablesReturnKeyAutomatically)
    #expect(bar.textContentType == .username && bar.smartInsertDeleteType == .no)
  }

  @Test("traitsFrom combines collections: the last one to specify a trait gives it")
  func traitsFrom() {
    let combined = UITraitCollection(traitsFrom: [
      UITraitCollection(displayScale: 2), UITraitCollection(userInterfaceStyle: .dark),
      UITraitCollection(displayScale: 3), UITraitCollection(horizontalSizeClass: .compact),
    ])
    #expect(combined.displayScale == 3 && combined.userInterfaceStyle == .dark)
    #expect(combined.horizontalSizeClass == .compact && combined.verticalSizeClass == .unspecified)
    #expect(combined.userInterfaceIdiom == .unspecified)
    let empty = UITraitCollection(traitsFrom: [])
    #expect(empty.displayScale == 0 && empty.userInterfaceStyle == .unspecified)
  }
}

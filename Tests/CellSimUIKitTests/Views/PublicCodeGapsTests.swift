// Written as iOS code, with only the layer imported (and, on Linux, the Combine stand-in): the
// settings and small APIs real screens use, kept and read back.
import CellSimUIKit
import Testing

#if os(Linux)
  import Combine
  import SimAsync
  import SimKernel
  import SimPlatform
#endif

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

/// A task delegate that leaves out the delayed-request method.
final class PlainTaskDelegate: NSObject, URLSessionTaskDelegate {}

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

  @Test("a task delegate without the delayed-request method lets the request load")
  func delayedRequest() {
    let answer = Box<(URLSession.DelayedRequestDisposition, URLRequest?)?>(nil)
    let request = URLRequest(url: URL(string: "https://example.com/a.png")!)
    let task = URLSessionDataTask()
    PlainTaskDelegate().urlSession(
      URLSession(), task: task, willBeginDelayedRequest: request
    ) { answer.value = ($0, $1) }
    #expect(answer.value?.0 == .continueLoading && answer.value?.1 == nil)
    #expect(URLSession.DelayedRequestDisposition.cancel.rawValue == 2)
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

  @Test("NSLayoutConstraint() relates nothing and stays inactive until activated")
  func plainConstraint() {
    let constraint = NSLayoutConstraint()
    #expect(constraint.firstItem == nil && constraint.secondItem == nil)
    #expect(constraint.firstAttribute == .notAnAttribute && !constraint.isActive)
    #expect(constraint.multiplier == 1 && constraint.constant == 0)
    constraint.isActive = true
    constraint.constant = 4
    #expect(constraint.isActive && constraint.constant == 4)
  }

  @Test("a navigation item keeps its preferred search bar placement")
  func searchBarPlacement() {
    let item = UINavigationItem(title: "Photos")
    #expect(item.preferredSearchBarPlacement == .automatic)
    item.preferredSearchBarPlacement = .stacked
    #expect(item.preferredSearchBarPlacement == .stacked)
  }

  @Test("openSettingsURLString is Apple's, and opening it is recorded")
  func openSettings() throws {
    #expect(UIApplication.openSettingsURLString == "app-settings:")
    let outcome = try simulate {
      DispatchQueue.main.async {
        UIApplication.shared.open(URL(string: UIApplication.openSettingsURLString)!)
      }
    }
    #expect(outcome.trace.contains("uikit.open_url") && outcome.trace.contains("app-settings:"))
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

  @Test("NSInteger and NSUInteger are Int and UInt")
  func integerNames() {
    let count: NSInteger = -3
    let size: NSUInteger = 4
    #expect(count + 3 == 0 && size == 4)
    #expect(NSInteger.self == Int.self && NSUInteger.self == UInt.self)
  }

  @Test("saving to the photo album is recorded; nothing calls the selector")
  func savePhoto() throws {
    let outcome = try simulate {
      DispatchQueue.main.async {
        UIImageWriteToSavedPhotosAlbum(
          UIImage(systemName: "photo")!, nil, Selector("image:didFinishSavingWithError:"), nil)
      }
    }
    #expect(outcome.trace.contains("uikit.save_photo"))
    #expect(!outcome.trace.contains("didFinishSaving"))
  }
}

#if os(Linux)
  extension PublicCodeGapsTests {
    @Test("a future's value: at once when fulfilled, awaited when not, thrown when it fails")
    nonisolated func futureValue() async throws {
      let world = World(seed: 1, trace: .full)
      let log = Box<[String]>([])
      let report = try await withAsyncSimulation(world: world) { sim in
        let stamp = { "@\(sim.world.now.nanoseconds / 1_000_000)" }
        var promise: Future<Int, Never>.Promise?
        let pending = Future<Int, Never> { promise = $0 }
        let ready = Future<String, FeedFailure> { $0(.success("ready")) }
        let failing = Future<Int, FeedFailure> { $0(.failure(FeedFailure())) }
        sim.startTask("ready") { log.value.append("\(try await ready.value) \(stamp())") }
        sim.startTask("pending") { log.value.append("pending \(await pending.value) \(stamp())") }
        sim.startTask("failing") {
          do {
            _ = try await failing.value
          } catch {
            log.value.append("threw \(error is FeedFailure) \(stamp())")
          }
        }
        sim.world.loop.schedule(after: .ms(10)) { promise?(.success(7)) }
        try sim.run(for: .ms(100))
      }
      #expect(log.value.sorted() == ["pending 7 @10", "ready @0", "threw true @0"])
      #expect(report.isClean)
    }
  }
#endif

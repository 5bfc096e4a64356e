import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A model as iOS 26 sample code writes it.
@Observable final class TrackedModel {
  var title = "first"
  var subtitle = "a"
  var untracked = 0
}

/// A view whose layout and properties read a model, logging each run with what it read.
final class ModelView: UIView {
  let model: TrackedModel
  let name: String
  let log: Log
  init(_ name: String, model: TrackedModel, log: Log) {
    self.model = model
    self.name = name
    self.log = log
    super.init(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
  }
  required init?(coder: NSCoder) { nil }
  override func updateProperties() {
    super.updateProperties()
    log.add("\(name) properties \(model.subtitle)")
  }
  override func layoutSubviews() {
    super.layoutSubviews()
    log.add("\(name) layout \(model.title)")
  }
}

/// A controller whose properties and layout callbacks read a model.
final class ModelViewController: UIViewController {
  let model: TrackedModel
  let log: Log
  init(model: TrackedModel, log: Log) {
    self.model = model
    self.log = log
    super.init(nibName: nil, bundle: nil)
  }
  required init?(coder: NSCoder) { nil }
  override func updateProperties() {
    super.updateProperties()
    log.add("controller properties \(model.subtitle)")
  }
  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    log.add("controller will layout \(model.title)")
  }
}

/// A cell whose configuration update reads the model it is given.
final class ModelCell: UICollectionViewCell {
  var model: TrackedModel?
  let log = Log()
  override func updateConfiguration(using state: UICellConfigurationState) {
    log.add("configured \(model?.title ?? "-")")
  }
}

@Suite("Automatic observation tracking and updateProperties, as UIKit in iOS 26 runs them")
@MainActor struct ObservationTrackingTests {
  /// A window the size of the screen holding `views`.
  func window(with views: [UIView]) -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    for view in views { window.addSubview(view) }
    return window
  }

  @Test("a view's layout runs again on the next turn after a property it read changes")
  func layoutReruns() throws {
    let log = Log()
    var kept: [AnyObject] = []
    try simulate {
      let model = Box(TrackedModel())
      let view = ModelView("v", model: model.value, log: log)
      kept = [window(with: [view]), view, model]
      view.layoutIfNeeded()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        model.value.title = "second"
        model.value.title = "third"  // one pass for both changes
        log.add("changed")
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
        model.value.untracked = 1  // read by nothing: no pass
        log.add("untracked")
      }
    }
    #expect(kept.count == 3)
    #expect(
      log.lines == [
        "v properties a @0", "v layout first @0", "changed @10", "v layout third @10",
        "untracked @20",
      ])
  }

  @Test("updateProperties runs before layout, and alone after setNeedsUpdateProperties")
  func propertiesUpdate() throws {
    let log = Log()
    var kept: [AnyObject] = []
    try simulate {
      let model = Box(TrackedModel())
      let view = ModelView("v", model: model.value, log: log)
      kept = [window(with: [view]), view]
      view.layoutIfNeeded()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(5)) {
        view.setNeedsUpdateProperties()
        log.add("asked")
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        model.value.subtitle = "b"
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(15)) {
        view.setNeedsUpdateProperties()
        view.updatePropertiesIfNeeded()  // now, and not again in the pass
        log.add("forced")
      }
    }
    #expect(kept.count == 2)
    #expect(
      log.lines == [
        "v properties a @0", "v layout first @0", "asked @5", "v properties a @5",
        "v properties b @10", "v properties b @15", "forced @15",
      ])
  }

  @Test("views out of a window wait; the pass updates in the order the reads were tracked")
  func orderAndWindow() throws {
    let log = Log()
    var kept: [AnyObject] = []
    try simulate {
      let model = Box(TrackedModel())
      let views = ["c", "a", "b"].map { ModelView($0, model: model.value, log: log) }
      let outside = ModelView("outside", model: model.value, log: log)
      kept = [window(with: views), outside] + views
      for view in views.reversed() { view.layoutIfNeeded() }
      outside.layoutIfNeeded()
      log.lines.removeAll()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        model.value.title = "second"
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
        log.add("outside laid out later")
        outside.layoutIfNeeded()
      }
    }
    #expect(kept.count == 5)
    #expect(
      log.lines == [
        "b layout second @10", "a layout second @10", "c layout second @10",
        "outside laid out later @20", "outside layout second @20",
      ])
  }

  @Test("only a method's last run counts: a cell given another model ignores the first")
  func staleReadsIgnored() throws {
    let lines = Box<[String]>([])
    var kept: [AnyObject] = []
    try simulate {
      let first = Box(TrackedModel())
      let second = Box(TrackedModel())
      second.value.title = "row 2"
      let cell = ModelCell(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      kept = [window(with: [cell]), first, second]
      cell.model = first.value
      cell.layoutIfNeeded()
      cell.model = second.value
      cell.setNeedsUpdateConfiguration()
      cell.layoutIfNeeded()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        first.value.title = "row 1 changed"
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
        second.value.title = "row 2 changed"
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(30)) {
        lines.value = cell.log.lines
      }
    }
    #expect(kept.count == 3)
    #expect(
      lines.value == ["configured first @0", "configured row 2 @0", "configured row 2 changed @20"])
  }

  @Test("a controller's properties and layout callbacks are tracked, in UIKit's order")
  func controllerPass() throws {
    let log = Log()
    var kept: [AnyObject] = []
    try simulate {
      let model = Box(TrackedModel())
      let controller = ModelViewController(model: model.value, log: log)
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.rootViewController = controller
      let view = ModelView("root child", model: model.value, log: log)
      controller.view.addSubview(view)
      kept = [window, controller]
      controller.engineLayoutPass(full: true)
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        model.value.subtitle = "b"
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
        model.value.title = "second"
      }
    }
    #expect(kept.count == 2)
    #expect(
      log.lines == [
        "controller properties a @0", "root child properties a @0",
        "controller will layout first @0", "root child layout first @0",
        "controller properties b @10", "root child properties b @10",
        "controller will layout second @20", "root child layout second @20",
      ])
  }

  @Test("with tracking off (iOS 18 to 25 without the Info.plist key) nothing reruns")
  func trackingOff() throws {
    let log = Log()
    var kept: [AnyObject] = []
    try simulate {
      AutomaticObservation.setTrackingEnabled(false, in: SimulationContext.world!)
      let model = Box(TrackedModel())
      let view = ModelView("v", model: model.value, log: log)
      kept = [window(with: [view]), view]
      view.layoutIfNeeded()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        model.value.title = "second"
      }
    }
    #expect(kept.count == 2)
    #expect(log.lines == ["v properties a @0", "v layout first @0"])
  }

  @Test("a change made on a worker thread updates the view on the main thread")
  func changeOffMain() throws {
    let log = Log()
    var kept: [AnyObject] = []
    let threads = Box<[String]>([])
    try simulate {
      let model = Box(TrackedModel())
      let view = ModelView("v", model: model.value, log: log)
      kept = [window(with: [view]), view]
      view.layoutIfNeeded()
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) {
        threads.value.append(simulatedThreadName())
        model.value.title = "from a worker"
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(30)) {
        threads.value.append(simulatedThreadName())
      }
    }
    #expect(kept.count == 2)
    #expect(log.lines.last?.hasPrefix("v layout from a worker @10") == true, "\(log.lines)")
    #expect(threads.value.first != "main" && threads.value.last == "main")
  }

  @Test("a button's configuration update handler runs again when what it read changes")
  func buttonHandler() throws {
    let log = Log()
    var kept: [AnyObject] = []
    try simulate {
      let model = Box(TrackedModel())
      let button = UIButton(configuration: .filled())
      button.configurationUpdateHandler = { button in
        button.configuration?.title = model.value.title
        log.add("button \(model.value.title)")
      }
      kept = [window(with: [button]), button]
      button.setNeedsUpdateConfiguration()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        model.value.title = "second"
      }
    }
    #expect(kept.count == 2)
    #expect(log.lines == ["button first @0", "button second @10"])
  }

  @Test("the responder chain leads from a view to its controller, then up the hierarchy")
  func responderChain() throws {
    var found: [Bool] = []
    try simulate {
      let root = UIViewController()
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.rootViewController = root
      let button = UIButton(frame: .zero)
      let container = UIView()
      container.addSubview(button)
      root.view.addSubview(container)
      // The extension apps write to find a view's controller.
      var responder: UIResponder? = button
      while let next = responder?.next, !(next is UIViewController) { responder = next }
      found.append(responder?.next === root)
      found.append(root.view.next === root)
      found.append(root.next === window)
      let presented = UIViewController()
      root.present(presented, animated: false)
      found.append(presented.next === root)
      found.append(UIView().next == nil)
      // Past the window: the application, then its delegate when that is a responder.
      found.append(window.next === UIApplication.shared)
      found.append(UIApplication.shared.next == nil)
      let delegate = TemplateAppDelegate()
      UIApplication.shared.delegate = delegate
      found.append(UIApplication.shared.next === delegate)
    }
    #expect(found == [true, true, true, true, true, true, true, true])
  }
}

@Suite("A hosted iOS 26 screen whose cells read @Observable models")
struct HostedObservationTests {
  static let yaml = """
    cellsim: 1
    name: "observed photos: a drag and a fling"
    seed: 5
    table: {rows: 60}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    network: {latency: {min: "40ms", max: "300ms"}}
    events:
      - {at: "300ms", drag: {by: 500, over: "200ms"}}
      - {at: "500ms", release: {velocity: 1500}}
    run_until: "6s"
    invariants: [no_cross_cell_image, eventually_loaded]
    """

  static func screen(tracking: Bool) -> HostedScreen {
    var screen = HostedScreen(
      name: "observed-photos", makeViewController: { ObservedPhotosViewController() },
      rows: { controller, urls in controller.photos = urls.map(ObservedPhoto.init(url:)) })
    screen.observationTracking = tracking
    return screen
  }

  @Test("with tracking (iOS 26) every image reaches its cell; without it, none does")
  func trackingDecides() throws {
    let scenario = try Scenario(yaml: Self.yaml, fixturesRoot: Repository.fixtures)
    let tracked = try UIKitHost.run(
      scenario, screen: Self.screen(tracking: true), fixturesRoot: Repository.fixtures,
      keepTrace: true)
    #expect(tracked.violations.isEmpty, "\(tracked.violations)")
    #expect(tracked.traceText?.contains("UIKit.updatePass") == true)
    let untracked = try UIKitHost.run(
      scenario, screen: Self.screen(tracking: false), fixturesRoot: Repository.fixtures)
    #expect(untracked.violations.count(.eventuallyLoaded) > 0)
    #expect(untracked.violations.count(.noCrossCellImage) == 0)
  }

  @Test("the run's digest is the same twice")
  func deterministic() throws {
    let scenario = try Scenario(yaml: Self.yaml, fixturesRoot: Repository.fixtures)
    let first = try UIKitHost.run(
      scenario, screen: Self.screen(tracking: true), fixturesRoot: Repository.fixtures)
    let second = try UIKitHost.run(
      scenario, screen: Self.screen(tracking: true), fixturesRoot: Repository.fixtures)
    #expect(first.digest == second.digest)
  }
}

import SimPlatform
import Synchronization

/// UIKit's `UIAppearanceContainer`: a type an appearance proxy can be limited to
/// (`appearance(whenContainedInInstancesOf:)`). Views and view controllers adopt it.
@preconcurrency @MainActor public protocol UIAppearanceContainer: NSObjectProtocol {}

/// UIKit's `UIAppearance`: a class's appearance proxy, whose settings apply to the class's
/// instances as they enter a window, as UIKit documents ("iOS applies appearance changes when a
/// view enters a window").
///
/// Modelled for views: `appearance()` and `appearance(whenContainedInInstancesOf:)` return one
/// proxy per class and container list in each world, an instance of the class itself. What is
/// set on it is kept (reading it back gives it) and, for the properties listed in the guide
/// (`backgroundColor`, `tintColor`, a label's `textColor` and `font`, a table's `separatorColor`,
/// and the navigation and tab bars' colours, title attributes, translucency and
/// `UIBarAppearance`s), applied to each
/// instance of the class or a subclass when it enters a window, unless the instance set that
/// property itself. A navigation or tab bar controller's bar takes its appearance when the
/// controller's view is about to appear, as its bar enters the window then. A proxy limited to
/// containers applies to a view only when its superviews, or for a bar its controllers, include
/// instances of those types in that order (innermost first); subclass and container proxies apply
/// after the general ones, so the more specific setting wins.
///
/// Proxies belong to the world they were made in: one test's appearance never reaches another
/// run. A proxy made outside any world is kept and applied nowhere.
///
/// Not modelled: the trait-collection forms, and properties other than those above (they are
/// kept on the proxy, never applied); bar button items (`UIBarItem`) keep their proxy's
/// settings, and are never drawn.
@preconcurrency @MainActor public protocol UIAppearance: NSObjectProtocol {
  /// The proxy for instances of the class.
  static func appearance() -> Self
  /// The proxy for instances of the class inside instances of `containerTypes`, innermost first.
  static func appearance(
    whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]
  ) -> Self
}

extension UIView: UIAppearanceContainer {}
extension UIViewController: UIAppearanceContainer {}

extension UIView: UIAppearance {
  /// The proxy for instances of the class: see `UIAppearance`.
  public static func appearance() -> Self { AppearanceRegistry.proxy(for: self, containers: []) }

  /// The proxy for instances of the class inside `containerTypes` (innermost first).
  public static func appearance(
    whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]
  ) -> Self {
    AppearanceRegistry.proxy(for: self, containers: AppearanceRegistry.classes(containerTypes))
  }

  /// Called by an appearance property's setter: on a proxy, keeps the setting; on a view, marks
  /// the property as the view's own, which no proxy overrides.
  func appearanceDidSet<View: UIView, Value>(
    _ property: AppearanceProperty, _ keyPath: ReferenceWritableKeyPath<View, Value>,
    _ value: Value
  ) {
    if let record = appearanceRecord {
      record.keep(property) { view in (view as? View)?[keyPath: keyPath] = value }
    } else if !AppearanceRegistry.isApplying {
      appearanceOwnProperties |= property.bit
    }
  }

  /// Applies the world's proxies that match the view (it entered a window); `containers` are
  /// what contains it beyond its superviews (a bar's controllers).
  func applyAppearance(containers: [AnyObject] = []) {
    guard AppearanceRegistry.liveRecords.load(ordering: .relaxed) > 0, appearanceRecord == nil,
      let world = SimulationContext.world
    else { return }
    let registry = AppearanceRegistry.of(world)
    guard !registry.records.isEmpty else { return }
    var chain: [AnyObject] = []
    var ancestor = storedSuperview
    while let view = ancestor {
      chain.append(view)
      ancestor = view.storedSuperview
    }
    chain += containers
    AppearanceRegistry.isApplying = true
    defer { AppearanceRegistry.isApplying = false }
    for record in registry.records where record.matches(self, in: chain) {
      for setting in record.settings where appearanceOwnProperties & setting.property.bit == 0 {
        setting.apply(self)
      }
    }
  }
}

extension UIViewController {
  /// The controller and the controllers it is inside, innermost first: what contains its bar.
  var appearanceContainers: [AnyObject] {
    var chain: [AnyObject] = [self]
    var ancestor = parent
    while let controller = ancestor {
      chain.append(controller)
      ancestor = controller.parent
    }
    return chain
  }
}

/// A property an appearance proxy applies, with its bit in a view's own-property mask.
enum AppearanceProperty: Int {
  case backgroundColor, tintColor, textColor, font
  case barTintColor, barStyle, isTranslucent, titleTextAttributes, largeTitleTextAttributes
  case standardAppearance, scrollEdgeAppearance, compactAppearance, compactScrollEdgeAppearance
  case shadowImage, unselectedItemTintColor, separatorColor

  var bit: UInt32 { 1 << UInt32(rawValue) }
}

/// One proxy's settings: the class it is for, its containers, and what was set on it, in order.
@MainActor final class AppearanceRecord {
  /// Whether a view is an instance of the proxy's class. The closures here are typed
  /// `@MainActor`: converting a main-actor closure to a plain function type makes the runtime
  /// check isolation when it is called, which stops the process on a thread that drives a world.
  let isInstance: @MainActor (UIView) -> Bool
  /// How many classes lie above the proxy's class (a subclass's proxy applies later).
  let depth: Int
  /// The container types, innermost first.
  let containers: [AnyClass]
  /// The settings, in the order first set (a later set of a property replaces its value).
  private(set) var settings: [(property: AppearanceProperty, apply: @MainActor (UIView) -> Void)] =
    []

  init(isInstance: @escaping @MainActor (UIView) -> Bool, depth: Int, containers: [AnyClass]) {
    self.isInstance = isInstance
    self.depth = depth
    self.containers = containers
  }

  func keep(_ property: AppearanceProperty, _ apply: @escaping @MainActor (UIView) -> Void) {
    for index in settings.indices where settings[index].property == property {
      settings[index].apply = apply
      return
    }
    settings.append((property, apply))
  }

  /// Whether the proxy applies to `view`, contained by `chain` (innermost first): its container
  /// types must be found along the chain in their order.
  func matches(_ view: UIView, in chain: [AnyObject]) -> Bool {
    guard isInstance(view) else { return false }
    var position = 0
    for container in containers {
      var found: Int?
      for index in position..<chain.count
      where (chain[index] as? NSObject)?.isKind(of: container) == true {
        found = index
        break
      }
      guard let found else { return false }
      position = found + 1
    }
    return true
  }
}

/// A world's appearance proxies (an attachment of the world), and the process's count of
/// proxies alive in any world, so that a view entering a window costs one load when none is.
@MainActor final class AppearanceRegistry {
  /// The proxies' records, general ones first (fewer containers, then shallower classes), in
  /// the order made.
  private(set) var records: [AppearanceRecord] = []
  /// Every proxy made in the world (views' and bar items'), by class and containers.
  private var proxies: [(key: [ObjectIdentifier], proxy: NSObject)] = []

  nonisolated static let liveRecords = Atomic<Int>(0)
  /// True while a proxy's settings are applied: the setters then mark nothing as the view's own.
  static var isApplying = false

  static func of(_ world: World) -> AppearanceRegistry {
    world.layerAttachment { AppearanceRegistry() }
  }

  /// Proxies made outside any world: kept, applied nowhere.
  static let unattached = AppearanceRegistry()

  /// The calling code's world's registry, or the unattached one.
  static var current: AppearanceRegistry {
    // Not `world.map(of)`: converting a main-actor function to a plain one checks isolation
    // at run time, and app code calls this from the thread that drives the world.
    guard let world = SimulationContext.world else { return unattached }
    return of(world)
  }

  /// The proxy for `type` in `containers` in the calling code's world, made at its first use.
  static func proxy<View: UIView>(for type: View.Type, containers: [AnyClass]) -> View {
    let registry = current
    let key = identifiers(type, containers)
    if let found: View = registry.existing(key) { return found }
    let proxy = made(type.init(coder: UINib.emptyArchive()), type)
    var depth = 0
    var superclass: AnyClass? = _getSuperclass(type)
    while let next = superclass {
      depth += 1
      superclass = _getSuperclass(next)
    }
    let record = AppearanceRecord(
      isInstance: { $0 is View }, depth: depth, containers: containers)
    proxy.appearanceRecord = record
    registry.proxies.append((key, proxy))
    var index = registry.records.count
    for (position, other) in registry.records.enumerated()
    where (other.containers.count, other.depth) > (containers.count, depth) {
      index = position
      break
    }
    registry.records.insert(record, at: index)
    if registry !== unattached { liveRecords.add(1, ordering: .relaxed) }
    return proxy
  }

  /// The container types as classes (a loop: see `AppearanceRecord.isInstance` on closures).
  static func classes(_ types: [any UIAppearanceContainer.Type]) -> [AnyClass] {
    var classes: [AnyClass] = []
    for type in types { classes.append(type) }
    return classes
  }

  /// A proxy's key: its class and its containers.
  static func identifiers(_ type: AnyClass, _ containers: [AnyClass]) -> [ObjectIdentifier] {
    var key = [ObjectIdentifier(type)]
    for container in containers { key.append(ObjectIdentifier(container)) }
    return key
  }

  /// The proxy for bar items of `type` in `containers`: kept, never applied.
  static func itemProxy<Item: UIBarItem>(for type: Item.Type, containers: [AnyClass]) -> Item {
    let registry = current
    let key = identifiers(type, containers)
    if let found: Item = registry.existing(key) { return found }
    let proxy = made(type.init(coder: UINib.emptyArchive()), type)
    registry.proxies.append((key, proxy))
    return proxy
  }

  /// The proxy made for `key`, if any.
  func existing<Proxy: NSObject>(_ key: [ObjectIdentifier]) -> Proxy? {
    for entry in proxies where entry.key == key { return entry.proxy as? Proxy }
    return nil
  }

  /// A proxy `init(coder:)` made, or a stop naming the class when it made none.
  static func made<Proxy>(_ proxy: Proxy?, _ type: Proxy.Type) -> Proxy {
    guard let proxy else {
      preconditionFailure(
        "CellSimUIKit: \(type).appearance() makes its proxy with init(coder:), which returned nil")
    }
    return proxy
  }

  deinit {
    if !records.isEmpty { Self.liveRecords.subtract(records.count, ordering: .relaxed) }
  }
}

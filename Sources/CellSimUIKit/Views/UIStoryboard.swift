import Foundation
import Synchronization

/// UIKit's `UIStoryboard`, for code that makes screens from a storyboard.
///
/// There are no storyboard files off Apple's platforms, so a storyboard is a name, and a test
/// says which view controller class each scene stands for, as it does for nibs (`UINib`):
/// `UIStoryboard.standIn(PhotosViewController.self, forIdentifier: "Photos", inStoryboard:
/// "Main")`, with `forIdentifier: nil` for the initial scene. A scene's controller is then made
/// as UIKit makes one: `init(coder:)` (with an empty archive), or the `creator` block given,
/// then `awakeFromNib()`; its `storyboard` is the storyboard. There are no outlets to connect,
/// so the stand-in's `outlets` closure does it when the controller's view loads (after
/// `loadView()`, before `viewDidLoad()`, as UIKit connects a scene's outlets): it makes the
/// views the scene would hold and assigns them (`controller.tableView = table`, added to
/// `controller.view`). The scene's prototype cells stand in the same way
/// (`standInPrototype(_:forReuseIdentifier:outlets:)`): a table or collection view with nothing
/// registered for an identifier dequeues the prototype, made with `init(coder:)`, its outlets,
/// then `awakeFromNib()`. Segues never run. A scene nobody stood in for stops the run, naming
/// the call that fixes it.
@preconcurrency @MainActor open class UIStoryboard: NSObject {
  /// The storyboard's name.
  let name: String

  /// `UIStoryboard(name:bundle:)`.
  public init(name: String, bundle storyboardBundleOrNil: Bundle?) { self.name = name }

  /// The initial scene's controller (see the type's notes).
  open func instantiateInitialViewController() -> UIViewController? {
    make(scene: nil, call: "instantiateInitialViewController()", creator: nil)
  }

  /// The initial scene's controller, made by `block` when it returns one.
  open func instantiateInitialViewController<ViewController: UIViewController>(
    creator block: ((NSCoder) -> ViewController?)? = nil
  ) -> ViewController? {
    let made = make(
      scene: nil, call: "instantiateInitialViewController(creator:)", creator: block)
    let typed: ViewController = cast(made, scene: nil)
    return typed
  }

  /// The controller of the scene `identifier`.
  open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
    make(scene: identifier, call: "instantiateViewController(withIdentifier:)", creator: nil)
  }

  /// The controller of the scene `identifier`, made by `block` when it returns one.
  open func instantiateViewController<ViewController: UIViewController>(
    identifier: String, creator block: ((NSCoder) -> ViewController?)? = nil
  ) -> ViewController {
    let made = make(
      scene: identifier, call: "instantiateViewController(identifier:creator:)", creator: block)
    return cast(made, scene: identifier)
  }

  /// Says that the scene `identifier` of the storyboard `name` (nil: its initial scene) holds a
  /// controller of `controllerClass` (a test's stand-in for the storyboard file), whose outlets
  /// `outlets` connects when its view loads. Process-wide; a later call for the same scene
  /// replaces the earlier one.
  public nonisolated static func standIn<Controller: UIViewController>(
    _ controllerClass: Controller.Type, forIdentifier identifier: String?,
    inStoryboard name: String, outlets: (@MainActor (Controller) -> Void)? = nil
  ) {
    var connect: (@MainActor (UIViewController) -> Void)?
    if let outlets {
      connect = { @MainActor controller in
        if let controller = controller as? Controller { outlets(controller) }
      }
    }
    let standIn = SceneStandIn(type: controllerClass, outlets: connect)
    standIns.withLock { $0[Scene(storyboard: name, identifier: identifier)] = standIn }
  }

  /// Says that storyboards' table and collection views have a prototype cell of `cellClass`
  /// for `identifier`, whose outlets `outlets` connects. A view dequeues it when nothing is
  /// registered for the identifier, as a storyboard registers its prototypes. Process-wide.
  public nonisolated static func standInPrototype<Cell: UIView>(
    _ cellClass: Cell.Type, forReuseIdentifier identifier: String,
    outlets: (@MainActor (Cell) -> Void)? = nil
  ) {
    let standIn = UINib.StandIn(cellClass, outlets: outlets)
    prototypes.withLock { $0[identifier] = standIn }
  }

  /// The prototype cell for `identifier`, made as a storyboard makes one, if one stands in and
  /// is a `Cell`.
  static func prototype<Cell: UIView>(_ kind: Cell.Type, forReuseIdentifier identifier: String)
    -> Cell?
  {
    guard let standIn = prototypes.withLock({ $0[identifier] }) else { return nil }
    let made = standIn.make { view in
      if let cell = view as? UITableViewCell { cell.reuseIdentifier = identifier }
      if let cell = view as? UICollectionReusableView { cell.reuseIdentifier = identifier }
    }
    guard let cell = made else {
      preconditionFailure(
        "CellSimUIKit: \(standIn.type).init(coder:) returned nil for the prototype cell "
          + "\"\(identifier)\"")
    }
    guard let typed = cell as? Cell else {
      preconditionFailure(
        "CellSimUIKit: the prototype cell for \"\(identifier)\" is a \(type(of: cell)), not a "
          + "\(Cell.self)")
    }
    return typed
  }

  struct Scene: Hashable {
    let storyboard: String
    let identifier: String?
  }

  struct SceneStandIn: @unchecked Sendable {
    let type: UIViewController.Type
    let outlets: (@MainActor (UIViewController) -> Void)?
  }

  nonisolated static let standIns = Mutex<[Scene: SceneStandIn]>([:])
  nonisolated static let prototypes = Mutex<[String: UINib.StandIn]>([:])

  /// The scene's controller: the creator's, else one of the stand-in class made with
  /// `init(coder:)`; then `awakeFromNib()`.
  func make<Made: UIViewController>(
    scene identifier: String?, call: String, creator: ((NSCoder) -> Made?)?
  ) -> UIViewController {
    let coder = UINib.emptyArchive()
    let controller: UIViewController
    let standIn = Self.standIns.withLock { $0[Scene(storyboard: name, identifier: identifier)] }
    if let creator, let made = creator(coder) {
      controller = made
    } else {
      let scene = identifier.map { "the scene \"\($0)\"" } ?? "the initial scene"
      guard let type = standIn?.type else {
        let argument = identifier.map { "\"\($0)\"" } ?? "nil"
        preconditionFailure(
          "CellSimUIKit: UIStoryboard.\(call) needs \(scene) of the storyboard \"\(name)\", and "
            + "storyboard files are not modelled; say which controller class it holds before "
            + "the run: UIStoryboard.standIn(YourViewController.self, forIdentifier: "
            + "\(argument), inStoryboard: \"\(name)\")")
      }
      guard let made = type.init(coder: coder) else {
        preconditionFailure(
          "CellSimUIKit: \(type).init(coder:) returned nil for \(scene) of the storyboard "
            + "\"\(name)\"")
      }
      controller = made
    }
    controller.storedStoryboard = self
    controller.storyboardOutlets = standIn?.outlets
    controller.awakeFromNib()
    return controller
  }

  /// `controller` as the type the caller asked for; stops, as Swift's `as!` would, if the
  /// stand-in is of another class.
  func cast<ViewController: UIViewController>(_ controller: UIViewController, scene: String?)
    -> ViewController
  {
    guard let typed = controller as? ViewController else {
      let name = scene.map { "the scene \"\($0)\"" } ?? "the initial scene"
      preconditionFailure(
        "CellSimUIKit: \(name) of the storyboard \"\(self.name)\" holds a "
          + "\(type(of: controller)), not a \(ViewController.self)")
    }
    return typed
  }
}

import Foundation
import Synchronization

/// UIKit's `UIStoryboard`, for code that makes its screens from a storyboard.
///
/// There are no storyboard files off Apple's platforms, so a storyboard is a name, and a test
/// says which view controller class each of its scenes stands for:
/// `UIStoryboard.standIn(DetailViewController.self, identifier: "detail", inStoryboardNamed:
/// "Main")` (a nil identifier stands for the initial view controller). A scene's controller is
/// made as UIKit loads one: `init(coder:)` (with an empty archive, or your `creator` closure
/// given that coder), then `awakeFromNib()`, and its `storyboard` is this storyboard. Outlets are
/// not connected and the scene's views are not loaded: a controller's `loadView()` gives it a
/// plain view. A scene nobody stood in for stops the run, naming the storyboard, the
/// identifier and the call that fixes it; segues never run (`performSegue` stops the run).
@preconcurrency @MainActor open class UIStoryboard {
  /// The storyboard's name.
  let name: String

  /// `UIStoryboard(name:bundle:)`.
  public init(name: String, bundle storyboardBundleOrNil: Bundle?) { self.name = name }

  /// The initial view controller's stand-in, or nil when the storyboard has none.
  open func instantiateInitialViewController() -> UIViewController? {
    guard let type = Self.standIns.withLock({ $0[Key(storyboard: name, identifier: nil)] })
    else { return nil }
    return make(type, call: "UIStoryboard.instantiateInitialViewController()")
  }

  /// The initial view controller, made by `creator` with the scene's coder (or its stand-in
  /// when `creator` is nil or returns nil); nil when the storyboard has none.
  open func instantiateInitialViewController<ViewController: UIViewController>(
    creator: ((NSCoder) -> ViewController?)? = nil
  ) -> ViewController? {
    let call = "UIStoryboard.instantiateInitialViewController(creator:)"
    if let made = creator?(UINib.emptyArchive()) { return adopt(made) }
    guard let type = Self.standIns.withLock({ $0[Key(storyboard: name, identifier: nil)] })
    else { return nil }
    return typed(make(type, call: call), call: call)
  }

  /// The controller of the scene `identifier`: its stand-in, made as UIKit loads a scene.
  open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
    make(
      standIn(identifier, call: "UIStoryboard.instantiateViewController(withIdentifier:)"),
      call: "UIStoryboard.instantiateViewController(withIdentifier:)")
  }

  /// The controller of the scene `identifier`, made by `creator` with the scene's coder (the
  /// stand-in when `creator` is nil or returns nil).
  open func instantiateViewController<ViewController: UIViewController>(
    identifier: String, creator: ((NSCoder) -> ViewController?)? = nil
  ) -> ViewController {
    let call = "UIStoryboard.instantiateViewController(identifier:creator:)"
    if let made = creator?(UINib.emptyArchive()) { return adopt(made) }
    return typed(make(standIn(identifier, call: call), call: call), call: call)
  }

  /// Says that the scene `identifier` (nil: the initial view controller) of the storyboard named
  /// `name` holds a view controller of `viewControllerClass` (a test's stand-in for the storyboard
  /// file, which does not exist off Apple's platforms). Process-wide; a later call for the same
  /// scene replaces the earlier one.
  public nonisolated static func standIn(
    _ viewControllerClass: UIViewController.Type, identifier: String?,
    inStoryboardNamed name: String
  ) {
    standIns.withLock { $0[Key(storyboard: name, identifier: identifier)] = viewControllerClass }
  }

  struct Key: Hashable {
    let storyboard: String
    let identifier: String?
  }

  nonisolated static let standIns = Mutex<[Key: UIViewController.Type]>([:])

  func standIn(_ identifier: String, call: String) -> UIViewController.Type {
    guard let type = Self.standIns.withLock({ $0[Key(storyboard: name, identifier: identifier)] })
    else {
      preconditionFailure(
        "CellSimUIKit: \(call) needs the scene \"\(identifier)\" of the storyboard \"\(name)\", "
          + "and storyboard files are not modelled; say which view controller class it holds "
          + "before the run: UIStoryboard.standIn(YourViewController.self, identifier: "
          + "\"\(identifier)\", inStoryboardNamed: \"\(name)\")")
    }
    return type
  }

  func make(_ type: UIViewController.Type, call: String) -> UIViewController {
    guard let controller = type.init(coder: UINib.emptyArchive()) else {
      preconditionFailure(
        "CellSimUIKit: \(type).init(coder:) returned nil for a scene of the storyboard "
          + "\"\(name)\" (\(call))")
    }
    return adopt(controller)
  }

  func adopt<ViewController: UIViewController>(_ controller: ViewController) -> ViewController {
    controller.storyboard = self
    controller.awakeFromNib()
    return controller
  }

  func typed<ViewController: UIViewController>(
    _ controller: UIViewController, call: String
  ) -> ViewController {
    guard let typed = controller as? ViewController else {
      preconditionFailure(
        "CellSimUIKit: \(call): the stand-in of the storyboard \"\(name)\" is a "
          + "\(type(of: controller)), not a \(ViewController.self)")
    }
    return typed
  }
}

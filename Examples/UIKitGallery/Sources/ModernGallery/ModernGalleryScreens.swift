#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// The screens of this target, for code outside it (the gallery's digest check). Not part of
/// the iOS-style code: an app's screens are internal.
public enum ModernGalleryScreens {
  /// The styles of this target, by name.
  public static let names = ["diffable", "actor-task"]

  /// The screen called `name`, buggy or fixed.
  @MainActor public static func make(_ name: String, fixed: Bool) -> UIViewController {
    switch name {
    case "diffable": return DiffableViewController(fixed: fixed)
    case "actor-task": return ActorTaskViewController(fixed: fixed)
    default: preconditionFailure("ModernGalleryScreens: no screen called \(name)")
    }
  }

  /// Hands `urls` to a screen made by this enum.
  @MainActor public static func setURLs(_ urls: [URL], of screen: UIViewController) {
    switch screen {
    case let screen as DiffableViewController:
      screen.photos = urls.enumerated().map { Photo(id: $0.offset, url: $0.element) }
    case let screen as ActorTaskViewController: screen.urls = urls
    default:
      preconditionFailure("ModernGalleryScreens: \(type(of: screen)) is not a gallery screen")
    }
  }
}

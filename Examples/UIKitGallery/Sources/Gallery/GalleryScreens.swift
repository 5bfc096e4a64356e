#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// The screens of this target, for code outside it: the gallery's digest check
/// (`GalleryDigests`) and CellSim's `Benchmarks/` package. Not part of the iOS-style code: an
/// app's screens are internal.
public enum GalleryScreens {
  /// The styles of this target, by name.
  public static let names = [
    "tutorial", "completion-blocks", "operations", "prefetching", "image-view-extension",
  ]

  /// The screen called `name`, buggy or fixed.
  @MainActor public static func make(_ name: String, fixed: Bool) -> UIViewController {
    switch name {
    case "tutorial": return TutorialViewController(fixed: fixed)
    case "completion-blocks":
      return CompletionBlockViewController(fixed: fixed, cache: CompletionBlockImageCache())
    case "operations": return OperationsViewController(fixed: fixed)
    case "prefetching": return PrefetchingViewController(fixed: fixed)
    case "image-view-extension": return ImageViewExtensionViewController(fixed: fixed)
    default: preconditionFailure("GalleryScreens: no screen called \(name)")
    }
  }

  /// The tutorial screen (`TutorialLoader.swift`), buggy or fixed.
  @MainActor public static func tutorial(fixed: Bool) -> UIViewController {
    make("tutorial", fixed: fixed)
  }

  /// Hands `urls` to a screen made by this enum.
  @MainActor public static func setURLs(_ urls: [URL], of screen: UIViewController) {
    switch screen {
    case let screen as TutorialViewController: screen.urls = urls
    case let screen as CompletionBlockViewController: screen.urls = urls
    case let screen as OperationsViewController: screen.urls = urls
    case let screen as PrefetchingViewController: screen.urls = urls
    case let screen as ImageViewExtensionViewController: screen.urls = urls
    default: preconditionFailure("GalleryScreens: \(type(of: screen)) is not a gallery screen")
    }
  }
}

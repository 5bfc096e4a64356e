import Foundation
import SimPlatform

/// UIKit's `UIImageAsset`: images of one piece of artwork, each registered with the traits it is
/// for (a light and a dark version, a 2x and a 3x one), and the one that best fits a trait
/// collection.
///
/// `image(with:)` considers the images whose registered traits all hold in the traits asked
/// for (a trait left unspecified in a registration holds everywhere). Traits the request leaves
/// unspecified are taken as UIKit takes them: the interface style as light (the layer's only
/// appearance), the scale as the device's; a registration without a scale counts as scale 1,
/// as UIKit fills it in. Among those images it prefers the one with the most traits specified,
/// then the scale nearest the one asked for, then the latest registered. When none fits, it
/// gives the first image registered (an asset with no image gives an empty `UIImage`).
///
/// Registering an image sets its `imageAsset`, which the image holds, as code that picks
/// another version through `imageView.image?.imageAsset` needs (an asset and its images keep
/// each other for the run). Not modelled: image views that swap their
/// image when the traits change (a run's traits never change), image configurations.
open class UIImageAsset: NSObject, @unchecked Sendable {
  /// The registrations, in the order they were made (a later one with the same traits replaces
  /// the earlier). Guarded by `lock`: images may be registered on any thread.
  private var entries: [(traits: UITraitCollection, image: UIImage)] = []
  private let lock = Foundation.NSLock()

  /// An empty asset.
  public override init() {}

  /// Registers `image` for `traitCollection`, replacing an image registered with the same
  /// traits.
  open func register(_ image: UIImage, with traitCollection: UITraitCollection) {
    lock.lock()
    var kept: [(traits: UITraitCollection, image: UIImage)] = []
    for entry in entries where !Self.sameTraits(entry.traits, traitCollection) {
      kept.append(entry)
    }
    kept.append((traitCollection, image))
    entries = kept
    lock.unlock()
    image.registeredAsset = self
  }

  /// Removes the image registered with `traitCollection`'s traits, if any.
  open func unregister(imageWith traitCollection: UITraitCollection) {
    lock.lock()
    defer { lock.unlock() }
    var kept: [(traits: UITraitCollection, image: UIImage)] = []
    for entry in entries where !Self.sameTraits(entry.traits, traitCollection) {
      kept.append(entry)
    }
    entries = kept
  }

  /// The registered image that best fits `traitCollection` (see the type's notes).
  open func image(with traitCollection: UITraitCollection) -> UIImage {
    lock.lock()
    let entries = self.entries
    lock.unlock()
    let style =
      traitCollection.userInterfaceStyle == .unspecified
      ? UIUserInterfaceStyle.light : traitCollection.userInterfaceStyle
    let deviceScale = CGFloat(SimulationContext.world?.device.scale ?? 3)
    let scale = traitCollection.displayScale > 0 ? traitCollection.displayScale : deviceScale
    var best: (image: UIImage, specified: Int, distance: CGFloat)?
    for entry in entries {
      let traits = entry.traits
      guard traits.userInterfaceStyle == .unspecified || traits.userInterfaceStyle == style,
        Self.holds(traits.horizontalSizeClass, in: traitCollection.horizontalSizeClass),
        Self.holds(traits.verticalSizeClass, in: traitCollection.verticalSizeClass),
        traits.userInterfaceIdiom == .unspecified
          || traits.userInterfaceIdiom == traitCollection.userInterfaceIdiom
      else { continue }
      let specified = Self.specifiedCount(traits)
      let distance = abs((traits.displayScale > 0 ? traits.displayScale : 1) - scale)
      if let current = best,
        specified < current.specified
          || (specified == current.specified && distance > current.distance)
      {
        continue
      }
      best = (entry.image, specified, distance)
    }
    return best?.image ?? entries.first?.image ?? UIImage()
  }

  /// Whether a registered size class holds for the requested one.
  static func holds(_ registered: UIUserInterfaceSizeClass, in asked: UIUserInterfaceSizeClass)
    -> Bool
  {
    registered == .unspecified || registered == asked
  }

  /// How many of the style, size classes and idiom `traits` specifies.
  static func specifiedCount(_ traits: UITraitCollection) -> Int {
    var count = 0
    if traits.userInterfaceStyle != .unspecified { count += 1 }
    if traits.horizontalSizeClass != .unspecified { count += 1 }
    if traits.verticalSizeClass != .unspecified { count += 1 }
    if traits.userInterfaceIdiom != .unspecified { count += 1 }
    return count
  }

  /// Whether two registrations are for the same traits.
  static func sameTraits(_ a: UITraitCollection, _ b: UITraitCollection) -> Bool {
    a.userInterfaceStyle == b.userInterfaceStyle && a.displayScale == b.displayScale
      && a.horizontalSizeClass == b.horizontalSizeClass
      && a.verticalSizeClass == b.verticalSizeClass
      && a.userInterfaceIdiom == b.userInterfaceIdiom
  }
}

extension UIImage {
  /// `imageAsset`: the asset the image was registered with, else nil.
  public var imageAsset: UIImageAsset? { registeredAsset }
}

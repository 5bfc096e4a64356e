// Written as iOS code, with only the layer imported: a photo detail shown as a half-height
// sheet, a cell snapshotted for a drag preview, HEIC export with its fallback, and light and dark
// images kept in an image asset.
import CellSimUIKit
import SimPlatform
import Testing

@Suite("Sheet presentation, hierarchy snapshots, HEIC data and image assets")
@MainActor
struct SheetsSnapshotsAndAssetsTests {
  @Test("a page sheet's detents, grabber and selected detent are kept; other styles have none")
  func sheetSettings() throws {
    let detail = UIViewController()
    let sheet = try #require(detail.sheetPresentationController)
    #expect(sheet.detents.map(\.identifier) == [.large])
    #expect(!sheet.prefersGrabberVisible && sheet.selectedDetentIdentifier == nil)
    sheet.detents = [.medium(), .large()]
    sheet.prefersGrabberVisible = true
    sheet.animateChanges { sheet.selectedDetentIdentifier = .medium }
    #expect(detail.sheetPresentationController === sheet)
    #expect(sheet.presentedViewController === detail)
    #expect(
      sheet.detents.map(\.identifier.rawValue) == [
        "com.apple.UIKit.medium", "com.apple.UIKit.large",
      ])
    #expect(sheet.selectedDetentIdentifier == .medium && sheet.prefersGrabberVisible)
    detail.modalPresentationStyle = .formSheet
    #expect(detail.sheetPresentationController === sheet)
    detail.modalPresentationStyle = .fullScreen
    #expect(detail.sheetPresentationController == nil)
    let screen = UIViewController()
    screen.present(detail, animated: true)
    #expect(screen.presentedViewController === detail)
  }

  @Test("an iOS 16 custom detent keeps its resolver; detents resolve in a context")
  func customDetent() {
    let detail = UIViewController()
    let sheet = detail.sheetPresentationController
    let small = UISheetPresentationController.Detent.Identifier("small")
    sheet?.detents = [
      .custom(identifier: small) { context in context.maximumDetentValue * 0.25 },
      .custom { _ in 200 }, .large(),
    ]
    sheet?.selectedDetentIdentifier = small
    let context = FixedContext()
    let heights = (sheet?.detents ?? []).map { $0.resolvedValue(in: context) }
    #expect(heights == [200, 200, 800])
    #expect(UISheetPresentationController.Detent.medium().resolvedValue(in: context) == 400)
    #expect(sheet?.detents.first?.identifier == small)
    #expect(sheet?.detents[1].identifier != sheet?.detents[2].identifier)
  }

  @Test("drawHierarchy draws the hierarchy's image into the renderer, false with no context")
  func drawHierarchy() throws {
    let bytes = try photoBytes()
    let photo = try #require(UIImage(data: bytes))
    let results = Box<[String]>([])
    try simulate {
      DispatchQueue.main.async {
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let hidden = UIImageView(image: UIImage(named: "placeholder"))
        hidden.isHidden = true
        let imageView = UIImageView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        imageView.image = photo
        cell.addSubview(hidden)
        cell.addSubview(imageView)
        results.value.append(
          "no context: \(cell.drawHierarchy(in: cell.bounds, afterScreenUpdates: true))")
        var drew = false
        let snapshot = UIGraphicsImageRenderer(bounds: cell.bounds).image { _ in
          drew = cell.drawHierarchy(in: cell.bounds, afterScreenUpdates: true)
        }
        results.value.append("drew: \(drew)")
        results.value.append("size: \(snapshot.size.width)x\(snapshot.size.height)")
        let empty = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let blank = UIGraphicsImageRenderer(bounds: empty.bounds).image { _ in
          empty.drawHierarchy(in: empty.bounds, afterScreenUpdates: false)
        }
        results.value.append(
          "photo's content: \(Self.sameSource(snapshot, photo)), blank: \(Self.sameSource(blank, photo))"
        )
      }
    }
    #expect(
      results.value == [
        "no context: false", "drew: true", "size: 100.0x100.0",
        "photo's content: true, blank: false",
      ])
  }

  /// Whether `a` shows the content `b` was decoded from (the oracle's provenance).
  static func sameSource(_ a: UIImage, _ b: UIImage) -> Bool {
    let world = SimulationContext.world(for: "test")
    guard let source = b.simImage(in: world).provenance?.source else { return false }
    return a.simImage(in: world).provenance?.source == source
  }

  /// A dark image registered in an asset nothing else keeps.
  static func registeredDarkImage() -> UIImage {
    let asset = UIImageAsset()
    let dark = UIImage(named: "icon-dark")!
    asset.register(
      UIImage(named: "icon-light")!, with: UITraitCollection(userInterfaceStyle: .light))
    asset.register(dark, with: UITraitCollection(userInterfaceStyle: .dark))
    return dark
  }

  @Test("heicData is nil, so HEIC export falls back to JPEG data")
  func heicFallback() throws {
    let photo = try #require(UIImage(data: try photoBytes()))
    #expect(photo.heicData() == nil)
    let exported = photo.heicData() ?? photo.jpegData(compressionQuality: 0.9)
    #expect(exported == photo.jpegData(compressionQuality: 0.9))
  }

  @Test("an image asset gives the image registered for the asked traits")
  func imageAsset() {
    let light = UIImage(named: "badge-light")!
    let dark = UIImage(named: "badge-dark")!
    let asset = UIImageAsset()
    #expect(light.imageAsset == nil)
    asset.register(light, with: UITraitCollection(userInterfaceStyle: .light))
    asset.register(dark, with: UITraitCollection(userInterfaceStyle: .dark))
    #expect(light.imageAsset === asset && dark.imageAsset === asset)
    #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .dark)) === dark)
    #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .light)) === light)
    #expect(asset.image(with: UITraitCollection(displayScale: 3)) === light)
    let darker = UIImage(named: "badge-darker")!
    asset.register(darker, with: UITraitCollection(userInterfaceStyle: .dark))
    #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .dark)) === darker)
    asset.unregister(imageWith: UITraitCollection(userInterfaceStyle: .light))
    #expect(asset.image(with: UITraitCollection(userInterfaceStyle: .light)) === darker)
    // The image keeps its asset: a version is picked through the image alone.
    let shown = Self.registeredDarkImage()
    #expect(shown.imageAsset?.image(with: UITraitCollection(userInterfaceStyle: .light)) != nil)
    let empty = UIImageAsset().image(with: .current)
    #expect(empty !== light && empty !== dark && empty !== darker)
  }
}

/// A resolution context of a sheet 800 points high at most.
@MainActor
final class FixedContext: NSObject, UISheetPresentationControllerDetentResolutionContext {
  var containerTraitCollection: UITraitCollection { .current }
  var maximumDetentValue: CGFloat { 800 }
}

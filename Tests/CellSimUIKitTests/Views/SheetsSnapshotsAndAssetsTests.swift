// Written as iOS code, with only the layer imported: a photo detail shown as a half-height
// sheet, a cell snapshotted for a drag preview, HEIC export with its fallback, and light and dark
// images kept in an image asset.
import CellSimUIKit
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
    let empty = UIImageAsset().image(with: .current)
    #expect(empty !== light && empty !== dark && empty !== darker)
  }
}

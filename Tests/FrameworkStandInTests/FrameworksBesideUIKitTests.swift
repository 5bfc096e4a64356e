import CellSimUIKit
import Testing

@Suite("Frameworks beside UIKit, imported outside the import block")
struct FrameworksBesideUIKitTests {
  @Test("AVMakeRect fits and centres, and each framework's names come from the layer")
  func namesResolve() {
    #expect(
      thumbnailFrame(
        for: CGSize(width: 200, height: 100), in: CGRect(x: 0, y: 0, width: 100, height: 100))
        == CGRect(x: 0, y: 25, width: 100, height: 50))
    #expect(
      thumbnailFrame(
        for: CGSize(width: 1, height: 2), in: CGRect(x: 10, y: 10, width: 100, height: 100))
        == CGRect(x: 35, y: 10, width: 50, height: 100))
    #expect(thumbnailFrame(for: .zero, in: CGRect(x: 0, y: 0, width: 10, height: 10)).size == .zero)
    #expect(!opensAsImageSource(Data([1, 2, 3])))
    #expect(pngIdentifiers() == ["public.png", "public.png"])
    #expect(roundedLayer().cornerRadius == 4)
    #expect(blurFilter() != nil)
  }
}

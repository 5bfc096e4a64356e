import CellSimUIKit
import Testing

@Suite("Image variants that only change layout")
struct ImageVariantTests {
  @Test("alignment, flipping and stretching variants keep the image and its content")
  @MainActor func variants() {
    let image = UIImage(systemName: "photo")!
    #expect(
      image.withAlignmentRectInsets(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) === image)
    #expect(image.alignmentRectInsets == .zero)
    #expect(image.imageFlippedForRightToLeftLayoutDirection() === image)
    #expect(!image.flipsForRightToLeftLayoutDirection)
    #expect(image.withHorizontallyFlippedOrientation() === image)
    #expect(image.stretchableImage(withLeftCapWidth: 5, topCapHeight: 5) === image)
  }
}

import CellSimUIKit
import Testing

/// A two-column masonry section as Pinterest-style screens build it: one custom group holding
/// every item, each placed in the shorter column, its height from the photo's aspect ratio.
@MainActor func masonrySection(heights: [CGFloat], seen: Box<[CGSize]>) -> NSCollectionLayoutSection
{
  let total =
    heights.enumerated().reduce(into: [CGFloat](repeating: 0, count: 2)) { columns, entry in
      let column = columns[0] <= columns[1] ? 0 : 1
      columns[column] += entry.element
    }.max() ?? 0
  let group = NSCollectionLayoutGroup.custom(
    layoutSize: NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .absolute(total))
  ) { environment in
    let size = environment.container.effectiveContentSize
    seen.value.append(size)
    let width = size.width / 2
    var columns: [CGFloat] = [0, 0]
    return heights.map { height in
      let column = columns[0] <= columns[1] ? 0 : 1
      let frame = CGRect(
        x: CGFloat(column) * width, y: columns[column], width: width, height: height)
      columns[column] += height
      return NSCollectionLayoutGroupCustomItem(frame: frame)
    }
  }
  return NSCollectionLayoutSection(group: group)
}

@Suite("Custom compositional groups")
struct CustomGroupTests {
  @Test("a custom group puts each item where its provider says, inside the section's insets")
  @MainActor func masonry() {
    let seen = Box<[CGSize]>([])
    let section = masonrySection(heights: [120, 80, 60, 100], seen: seen)
    section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 4, bottom: 0, trailing: 4)
    let view = gridView(UICollectionViewCompositionalLayout(section: section))
    #expect(dequeuedFrame(view, 0) == CGRect(x: 4, y: 10, width: 146, height: 120))
    #expect(dequeuedFrame(view, 1) == CGRect(x: 150, y: 10, width: 146, height: 80))
    #expect(dequeuedFrame(view, 2) == CGRect(x: 150, y: 90, width: 146, height: 60))
    #expect(dequeuedFrame(view, 3) == CGRect(x: 4, y: 130, width: 146, height: 100))
    // The group is the provider's container: 292 wide (300 less the insets), 220 tall.
    #expect(seen.value.first == CGSize(width: 292, height: 220))
    // Past the provider's frames the group repeats below itself.
    #expect(dequeuedFrame(view, 4) == CGRect(x: 4, y: 230, width: 146, height: 120))
    let item = NSCollectionLayoutGroupCustomItem(frame: .zero, zIndex: 3)
    #expect(item.zIndex == 3 && NSCollectionLayoutGroupCustomItem(frame: .zero).zIndex == 0)
  }
}

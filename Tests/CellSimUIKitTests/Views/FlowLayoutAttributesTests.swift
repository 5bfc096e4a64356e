// Written as iOS code, with only the layer imported: a photo grid that asks its flow layout
// which items a rectangle holds as it scrolls, as Apple's photo-album sample does to preheat
// its image cache (and force-unwraps the answer, as the sample does).
import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A flow-layout grid that records what its layout says is on screen at each scroll.
final class PreheatingFlowGrid: UIViewController, UICollectionViewDataSource,
  UICollectionViewDelegate
{
  var photoURLs: [URL] = []
  var collectionView: UICollectionView!
  /// The items the layout reported in the visible rectangle, at each scroll.
  var reported: [[IndexPath]] = []
  /// Whether each reported item's frame met that rectangle.
  var framesMeetRect: [Bool] = []
  /// The layout's frame of item 4 (the second column of the second line), asked while scrolling.
  var item4Frame: CGRect?
  /// The items on screen then.
  var visible: [[IndexPath]] = []

  override func loadView() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 100)
    collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view = collectionView
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  { photoURLs.count }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  { collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) }

  func scrollViewDidScroll(_ scrollView: UIScrollView) {
    let visibleRect = CGRect(origin: collectionView.contentOffset, size: collectionView.bounds.size)
    let attributes = collectionView.collectionViewLayout.layoutAttributesForElements(
      in: visibleRect)!
    reported.append(attributes.map(\.indexPath))
    framesMeetRect.append(attributes.allSatisfy { $0.frame.intersects(visibleRect) })
    item4Frame =
      item4Frame
      ?? collectionView.collectionViewLayout.layoutAttributesForItem(
        at: IndexPath(item: 4, section: 0))?.frame
    visible.append(collectionView.indexPathsForVisibleItems.sorted())
  }
}

@Suite("A flow layout answers where its items are")
@MainActor
struct FlowLayoutAttributesTests {
  @Test("the items in the visible rectangle are the items on screen, in item order")
  func visibleRectangle() throws {
    let yaml = CompositionalLayoutTests.yaml.replacingOccurrences(
      of: "[no_cross_cell_image, eventually_loaded]", with: "[no_cross_cell_image]")
    let scenario = try Scenario(yaml: yaml, fixturesRoot: Repository.fixtures)
    let holder = Holder<PreheatingFlowGrid>()
    let screen = HostedScreen(
      name: "flow-preheat",
      makeViewController: { () -> PreheatingFlowGrid in
        let grid = PreheatingFlowGrid()
        holder.value = grid
        return grid
      },
      rows: { controller, urls in (controller as! PreheatingFlowGrid).photoURLs = urls })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let grid = try #require(holder.value)
    #expect(grid.reported.count > 10)
    #expect(grid.framesMeetRect.allSatisfy { $0 })
    for (reported, visible) in zip(grid.reported, grid.visible) {
      #expect(!reported.isEmpty && reported == reported.sorted())
      // The rectangle's middle line is on screen.
      #expect(visible.contains(reported[reported.count / 2]), "\(visible) \(reported)")
    }
    // Items further down appear as the grid scrolls.
    #expect((grid.reported.last?.first?.item ?? 0) > 0)
    let item4 = try #require(grid.item4Frame)
    #expect(item4.minX == item4.width && item4.minY == item4.height)
  }

  @Test("an unattached flow layout answers nothing")
  func unattached() {
    let layout = UICollectionViewFlowLayout()
    #expect(
      layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 100, height: 100)) == nil)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) == nil)
  }
}

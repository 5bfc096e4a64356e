import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A collection view of `width` × 600 on `layout`, with a registered cell class.
@MainActor func gridView(_ layout: UICollectionViewLayout, width: CGFloat = 300)
  -> UICollectionView
{
  let view = UICollectionView(
    frame: CGRect(x: 0, y: 0, width: width, height: 600), collectionViewLayout: layout)
  view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
  return view
}

/// The frame the collection view gives the cell it dequeues for `item`.
@MainActor func dequeuedFrame(_ view: UICollectionView, _ item: Int) -> CGRect {
  view.dequeueReusableCell(withReuseIdentifier: "cell", for: IndexPath(item: item, section: 0))
    .frame
}

/// The `count:` forms, written in a deprecated context as iOS 16 code that keeps them does.
@available(*, deprecated)
@MainActor func countGroups(item: NSCollectionLayoutItem) -> [NSCollectionLayoutGroup] {
  let size = NSCollectionLayoutSize(
    widthDimension: .fractionalWidth(1), heightDimension: .absolute(100))
  return [
    .horizontal(layoutSize: size, subitem: item, count: 3),
    .vertical(layoutSize: size, subitem: item, count: 2),
  ]
}

@Suite("Compositional layouts: the environment, groups, spacing and custom layouts place cells")
@MainActor struct CompositionalLayoutTests {
  static let yaml = """
    cellsim: 1
    name: "hosted grid: a drag and a fling"
    seed: 5
    table: {rows: 90, columns: 3, prefetching: true}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    network: {latency: {min: "40ms", max: "300ms"}}
    events:
      - {at: "300ms", drag: {by: 500, over: "200ms"}}
      - {at: "500ms", release: {velocity: 1500}}
    run_until: "6s"
    invariants: [no_cross_cell_image, eventually_loaded]
    """

  @Test("an adaptive provider is given the collection view's width and its cells land in columns")
  func adaptiveProviderPlacesCells() throws {
    let scenario = try Scenario(yaml: Self.yaml, fixturesRoot: Repository.fixtures)
    let holder = Holder<AdaptiveGridViewController>()
    let screen = HostedGridTests.screen { () -> AdaptiveGridViewController in
      let controller = AdaptiveGridViewController()
      holder.value = controller
      return controller
    }
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let controller = try #require(holder.value)
    let width = controller.boundsWidth
    #expect(width > 0)
    #expect(!controller.providerWidths.isEmpty)
    #expect(controller.providerWidths.allSatisfy { $0 == width })
    #expect(controller.frames.count > 9)
    let side = width / 3
    for (item, frame) in controller.frames.sorted(by: { $0.key < $1.key }) {
      let expected = CGRect(
        x: CGFloat(item % 3) * side + 2, y: CGFloat(item / 3) * side + 2, width: side - 4,
        height: side - 4)
      #expect(abs(frame.minX - expected.minX) < 0.001, "item \(item): \(frame)")
      #expect(abs(frame.minY - expected.minY) < 0.001, "item \(item): \(frame)")
      #expect(abs(frame.width - expected.width) < 0.001, "item \(item): \(frame)")
    }
    // Hit-testing finds the item whose cell is under a point.
    #expect(controller.hits.count > 9)
    #expect(controller.hits.allSatisfy { $0.found != nil && $0.found == $0.shown })
  }

  @Test("a wide container makes the same provider lay out five columns")
  func wideContainer() throws {
    let controller = AdaptiveGridViewController()
    let layout = controller.makeLayout()
    let view = gridView(layout, width: 800)
    let frame = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0)))
      .frame
    #expect(controller.providerWidths == [800])
    #expect(frame == CGRect(x: 160 + 2, y: 160 + 2, width: 156, height: 156))
    #expect(dequeuedFrame(view, 6) == frame)
  }

  @Test(
    "sectionProvider:configuration: and list(using:layoutEnvironment:) compile; lists keep rows")
  func providerWithConfigurationAndList() throws {
    let configuration = UICollectionViewCompositionalLayoutConfiguration()
    configuration.scrollDirection = .vertical
    configuration.interSectionSpacing = 8
    var seen: [Int] = []
    let layout = UICollectionViewCompositionalLayout(
      sectionProvider: { index, environment in
        seen.append(index)
        var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        list.headerMode = .supplementary
        return NSCollectionLayoutSection.list(using: list, layoutEnvironment: environment)
      }, configuration: configuration)
    let view = gridView(layout)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) == nil)
    #expect(seen == [0])
    #expect(view.collectionViewLayout === layout)
    #expect(layout.collectionView === view)
  }

  @Test("count groups share their length after fixed spacing; insets and group spacing apply")
  func countGroupsAndFixedSpacing() throws {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
      repeatingSubitem: item, count: 3)
    group.interItemSpacing = .fixed(10)
    let section = NSCollectionLayoutSection(group: group)
    section.interGroupSpacing = 20
    section.contentInsets = NSDirectionalEdgeInsets(top: 7, leading: 5, bottom: 0, trailing: 5)
    let view = gridView(UICollectionViewCompositionalLayout(section: section))
    #expect(dequeuedFrame(view, 0) == CGRect(x: 5, y: 7, width: 90, height: 100))
    #expect(dequeuedFrame(view, 4) == CGRect(x: 105, y: 127, width: 90, height: 100))
    #expect(dequeuedFrame(view, 5) == CGRect(x: 205, y: 127, width: 90, height: 100))
    #expect(dequeuedFrame(view, 8) == CGRect(x: 205, y: 247, width: 90, height: 100))
  }

  @Test("the deprecated count: forms still compile and lay out as the repeatingSubitem: ones")
  @available(*, deprecated)
  func deprecatedCountForms() {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let groups = countGroups(item: item)
    let horizontal = gridView(
      UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: groups[0])))
    #expect(dequeuedFrame(horizontal, 2) == CGRect(x: 200, y: 0, width: 100, height: 100))
    let vertical = gridView(
      UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: groups[1])))
    #expect(dequeuedFrame(vertical, 3) == CGRect(x: 0, y: 150, width: 300, height: 50))
  }

  @Test("flexible spacing shares out the space left; edge spacing goes before the item")
  func flexibleAndEdgeSpacing() {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .absolute(80), heightDimension: .absolute(80)))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)),
      subitems: [item])
    group.interItemSpacing = .flexible(0)
    let view = gridView(
      UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
    #expect(dequeuedFrame(view, 1) == CGRect(x: 110, y: 0, width: 80, height: 80))
    #expect(dequeuedFrame(view, 2) == CGRect(x: 220, y: 0, width: 80, height: 80))
    #expect(dequeuedFrame(view, 3) == CGRect(x: 0, y: 80, width: 80, height: 80))

    let spaced = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .absolute(80), heightDimension: .absolute(80)))
    spaced.edgeSpacing = NSCollectionLayoutEdgeSpacing(
      leading: .fixed(12), top: nil, trailing: nil, bottom: nil)
    let row = NSCollectionLayoutGroup.vertical(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)),
      repeatingSubitem: spaced, count: 2)
    let other = gridView(
      UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: row)))
    #expect(dequeuedFrame(other, 1) == CGRect(x: 0, y: 100, width: 80, height: 100))
    let columns = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)),
      subitems: [spaced])
    let third = gridView(
      UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: columns)))
    #expect(dequeuedFrame(third, 1) == CGRect(x: 12 + 80 + 12, y: 0, width: 80, height: 80))
  }

  @Test("orthogonal scrolling lays groups across; a header moves the items down")
  func orthogonalAndHeader() {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(150)),
      subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.orthogonalScrollingBehavior = .groupPaging
    section.interGroupSpacing = 10
    let header = NSCollectionLayoutBoundarySupplementaryItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
      elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
    header.pinToVisibleBounds = true
    section.boundarySupplementaryItems = [header]
    let view = gridView(UICollectionViewCompositionalLayout(section: section))
    #expect(dequeuedFrame(view, 0) == CGRect(x: 0, y: 44, width: 240, height: 150))
    #expect(dequeuedFrame(view, 2) == CGRect(x: 500, y: 44, width: 240, height: 150))
  }

  @Test("a tutorial waterfall layout places the hosted grid's cells where its cache says")
  func waterfallPlacesCells() throws {
    let yaml = Self.yaml.replacingOccurrences(of: "columns: 3", with: "columns: 2")
    let scenario = try Scenario(yaml: yaml, fixturesRoot: Repository.fixtures)
    let holder = Holder<WaterfallViewController>()
    let screen = HostedGridTests.screen { () -> WaterfallViewController in
      let controller = WaterfallViewController()
      holder.value = controller
      return controller
    }
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let controller = try #require(holder.value)
    let width = controller.collectionView.bounds.width
    let frames = controller.frames
    #expect(frames.count > 6)
    let first = try #require(frames[0])
    #expect(first == CGRect(x: 6, y: 6, width: width / 2 - 12, height: 100))
    let second = try #require(frames[1])
    #expect(second == CGRect(x: width / 2 + 6, y: 6, width: width / 2 - 12, height: 140))
    // Item 2 goes under item 0 in the first column, item 3 under item 1.
    #expect(frames[2] == CGRect(x: 6, y: 112 + 6, width: width / 2 - 12, height: 180))
    #expect(frames[3] == CGRect(x: width / 2 + 6, y: 152 + 6, width: width / 2 - 12, height: 100))
    #expect(controller.layout.collectionViewContentSize.height > 1000)
  }

  @Test("a compositional layout subclass calls a designated initializer through super")
  func subclassInitializer() {
    let view = gridView(PhotoGridLayout(columns: 4), width: 400)
    #expect(dequeuedFrame(view, 5) == CGRect(x: 100, y: 100, width: 100, height: 100))
  }

  @Test("a cell is handed its layout attributes (apply(_:)); attribute subclasses copy")
  func cellsAreHandedAttributes() throws {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 200, height: 600),
      collectionViewLayout: StackedPhotoLayout())
    view.register(AnnotatedPhotoCell.self, forCellWithReuseIdentifier: "photo")
    let cell = try #require(
      view.dequeueReusableCell(withReuseIdentifier: "photo", for: IndexPath(item: 3, section: 0))
        as? AnnotatedPhotoCell)
    #expect(cell.photoHeight == 53)
    #expect(cell.frame == CGRect(x: 0, y: 240, width: 200, height: 80))
    let attributes = try #require(
      view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))
        as? PhotoLayoutAttributes)
    let copy = try #require(attributes.copy() as? PhotoLayoutAttributes)
    #expect(copy.photoHeight == 51 && copy.isEqual(attributes))
    copy.photoHeight = 0
    #expect(!copy.isEqual(attributes))
  }

  @Test("attributes: centre, size, copies and the supplementary form")
  func attributes() throws {
    let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
    attributes.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
    #expect(attributes.center == CGPoint(x: 25, y: 40))
    attributes.center = CGPoint(x: 15, y: 20)
    #expect(attributes.frame.origin == CGPoint(x: 0, y: 0))
    let copy = try #require(attributes.copy() as? UICollectionViewLayoutAttributes)
    #expect(copy !== attributes && copy.isEqual(attributes))
    #expect(copy.representedElementCategory == .cell)
    let header = UICollectionViewLayoutAttributes(
      forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
      with: IndexPath(item: 0, section: 0))
    #expect(header.representedElementKind == UICollectionView.elementKindSectionHeader)
    #expect(!header.isEqual(attributes))
  }
}

/// A data source of two sections: four featured items, then nine photos.
final class TwoSectionSource: NSObject, UICollectionViewDataSource {
  func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  { section == 0 ? 4 : 9 }
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
  }
}

@Suite("A compositional provider lays out each section in its own way, one below the other")
@MainActor struct CompositionalSectionsTests {
  @Test("a featured band scrolling across, then a three-column grid below it")
  func bandThenGrid() throws {
    let layout = UICollectionViewCompositionalLayout { section, environment in
      if section == 0 {
        let item = NSCollectionLayoutItem(
          layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
          layoutSize: NSCollectionLayoutSize(
            widthDimension: .absolute(120), heightDimension: .absolute(150)),
          subitems: [item])
        let band = NSCollectionLayoutSection(group: group)
        band.orthogonalScrollingBehavior = .continuous
        return band
      }
      let item = NSCollectionLayoutItem(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
      let group = NSCollectionLayoutGroup.horizontal(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
        subitems: [item])
      let grid = NSCollectionLayoutSection(group: group)
      grid.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 0, bottom: 0, trailing: 0)
      return grid
    }
    let view = gridView(layout)
    let source = TwoSectionSource()
    view.dataSource = source
    view.reloadData()
    func frame(_ item: Int, _ section: Int) throws -> CGRect {
      try #require(layout.layoutAttributesForItem(at: IndexPath(item: item, section: section)))
        .frame
    }
    #expect(try frame(1, 0) == CGRect(x: 120, y: 0, width: 120, height: 150))
    #expect(try frame(0, 1) == CGRect(x: 0, y: 160, width: 100, height: 100))
    #expect(try frame(4, 1) == CGRect(x: 100, y: 260, width: 100, height: 100))
    #expect(layout.collectionViewContentSize == CGSize(width: 300, height: 460))
  }
}

/// A cell that sizes its image view from the frame it is made with, as `init(frame:)` code does.
final class FrameSizedCell: UICollectionViewCell {
  let photo: UIImageView
  override init(frame: CGRect) {
    photo = UIImageView(frame: CGRect(origin: .zero, size: frame.size))
    super.init(frame: frame)
    contentView.addSubview(photo)
  }
  required init?(coder: NSCoder) { nil }
}

@Suite("A registered collection cell is made with its item's frame")
@MainActor struct RegisteredCellFrameTests {
  @Test("init(frame:) gets the layout's frame, so subviews sized from it are not empty")
  func initFrame() throws {
    let layout = UICollectionViewCompositionalLayout(
      section: NSCollectionLayoutSection(
        group: .horizontal(
          layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)),
          subitems: [
            NSCollectionLayoutItem(
              layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
          ])))
    let view = gridView(layout)
    view.register(FrameSizedCell.self, forCellWithReuseIdentifier: "sized")
    let cell = try #require(
      view.dequeueReusableCell(withReuseIdentifier: "sized", for: IndexPath(item: 3, section: 0))
        as? FrameSizedCell)
    #expect(cell.photo.frame.size == CGSize(width: 150, height: 120))
    #expect(cell.frame == CGRect(x: 150, y: 120, width: 150, height: 120))
    #expect(view.effectiveUserInterfaceLayoutDirection == .leftToRight)
    view.semanticContentAttribute = .forceRightToLeft
    #expect(view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
  }
}

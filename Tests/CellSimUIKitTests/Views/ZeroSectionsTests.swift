import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A grid with a header per section whose model is empty until its "fetch" returns, one
/// main-queue turn after `viewDidLoad`: until then it declares no section at all.
final class ZeroSectionsGrid: UICollectionViewController {
  var urls: [URL] = []
  var sections: [[URL]] = []
  /// Headers asked for while the model had no sections.
  var askedTooEarly = 0
  var headersAsked = 0

  init() {
    super.init(
      collectionViewLayout: UICollectionViewCompositionalLayout { _, _ in
        let item = NSCollectionLayoutItem(
          layoutSize: .init(
            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
          layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(88)),
          subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.boundarySupplementaryItems = [
          NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        ]
        return section
      })
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("not used") }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
    collectionView.register(
      UICollectionReusableView.self,
      forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
      withReuseIdentifier: "h")
    DispatchQueue.main.async {
      self.sections = [self.urls]
      self.collectionView.reloadData()
    }
  }

  override func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
  override func collectionView(
    _ collectionView: UICollectionView, numberOfItemsInSection section: Int
  ) -> Int { sections[section].count }
  override func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
  }
  override func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    headersAsked += 1
    if indexPath.section >= sections.count { askedTooEarly += 1 }
    return collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "h", for: indexPath)
  }
}

@Suite("A data source that declares no section yet")
struct ZeroSectionsTests {
  @Test("is asked for no header until its model declares the section, as in UIKit")
  func noHeaderForNoSection() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: "a grid whose model arrives after viewDidLoad"
        seed: 2
        table: {rows: 40, row_height: 88}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        events: [{at: "300ms", drag: {by: 300, over: "300ms"}}]
        run_until: "2s"
        """, fixturesRoot: Repository.fixtures)
    let holder = Holder<ZeroSectionsGrid>()
    let screen = HostedScreen(
      makeViewController: { () -> ZeroSectionsGrid in
        let grid = ZeroSectionsGrid()
        holder.value = grid
        return grid
      },
      rows: { grid, urls in grid.urls = urls })
    _ = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    let grid = try #require(holder.value)
    #expect(grid.askedTooEarly == 0)
    #expect(grid.headersAsked > 0, "the header of the section the model declares is asked for")
  }
}

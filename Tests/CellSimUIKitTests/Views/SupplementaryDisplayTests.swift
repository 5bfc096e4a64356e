import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A grid section's header: the album's title.
final class AlbumHeaderView: UICollectionReusableView {
  let title = UILabel(frame: .zero)

  override init(frame: CGRect) {
    super.init(frame: frame)
    addSubview(title)
  }

  required init?(coder: NSCoder) { nil }
}

/// The album grid with header views of its own, pinned or not, recording what it was asked and
/// told.
final class PinnedAlbumGridViewController: HeaderedAlbumGridViewController {
  var asked: [IndexPath] = []
  var shown: [Int] = []
  var ended: [Int] = []
  /// At the scenario's `disappear`: the offset, the first visible section, its header's frame
  /// and the section's end.
  var atRest: (offset: CGFloat, section: Int, header: CGRect?, sectionEnd: CGFloat)?

  override func viewDidLoad() {
    super.viewDidLoad()
    (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionHeadersPinToVisibleBounds = true
    collectionView.register(
      AlbumHeaderView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
      withReuseIdentifier: "album-header")
  }

  override func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    asked.append(indexPath)
    let header =
      collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: "album-header", for: indexPath) as! AlbumHeaderView
    header.title.text = "Album \(indexPath.section + 1)"
    return header
  }

  override func collectionView(
    _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {
    #expect(elementKind == UICollectionView.elementKindSectionHeader)
    #expect(view.superview === collectionView)
    shown.append(indexPath.section)
  }

  override func collectionView(
    _ collectionView: UICollectionView,
    didEndDisplayingSupplementaryView view: UICollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {
    ended.append(indexPath.section)
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    guard let first = collectionView.indexPathsForVisibleItems.min() else { return }
    let header = collectionView.supplementaryView(
      forElementKind: UICollectionView.elementKindSectionHeader, at: first)
    atRest = (
      collectionView.contentOffset.y, first.section, header?.frame,
      CGFloat(first.section + 1) * 270  // each section takes 270 points (see the test)
    )
  }
}

@Suite("A collection view's section headers and footers are asked for and shown")
struct SupplementaryDisplayTests {
  static let grid = """
    cellsim: 1
    name: "hosted: a fling through album headers"
    seed: 4
    table: {rows: 24, columns: 3, row_height: 100}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    events:
      - {at: "300ms", fling: {velocity: 1500}}
      - {at: "3900ms", disappear: {}}
    run_until: "4s"
    invariants: [no_cross_cell_image, eventually_loaded]
    """

  @Test("headers on screen are asked for in order, shown, ended, and pinned to the top")
  @MainActor func headers() throws {
    let (result, controller) = try SectionSpacingTests.run(Self.grid) {
      PinnedAlbumGridViewController()
    }
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(controller.asked.map(\.section) == controller.shown)
    #expect(controller.asked.allSatisfy { $0.item == 0 })
    #expect(controller.shown == Array(controller.shown.indices), "\(controller.shown)")
    #expect(controller.ended == Array(controller.ended.indices), "\(controller.ended)")
    #expect(controller.shown.count >= 3 && controller.ended.count >= 1)
    // Six sections of 270 points (a header of 50, insets of 10, two lines of 100).
    let rest = try #require(controller.atRest)
    let header = try #require(rest.header, "the top section's header is on screen")
    #expect(rest.offset > 0)
    #expect(header.minY == min(rest.offset, rest.sectionEnd - 50), "\(rest)")
  }
}

/// An album grid as iOS 14 code writes it: a compositional layout whose sections have a pinned
/// header and a footer as boundary items, a diffable data source, and registrations.
final class CompositionalAlbumsViewController: UIViewController, UICollectionViewDelegate,
  PhotoListing
{
  static let headerKind = "album-header"
  static let footerKind = "album-footer"
  var photoURLs: [URL] = []
  var collectionView: UICollectionView!
  var dataSource: UICollectionViewDiffableDataSource<Int, URL>!
  var shown: [String] = []
  var contentHeight: CGFloat?

  static func layout() -> UICollectionViewLayout {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1 / 3), heightDimension: .fractionalHeight(1)))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
      subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
    let header = NSCollectionLayoutBoundarySupplementaryItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
      elementKind: headerKind, alignment: .top)
    header.pinToVisibleBounds = true
    let footer = NSCollectionLayoutBoundarySupplementaryItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
      elementKind: footerKind, alignment: .bottom)
    section.boundarySupplementaryItems = [header, footer]
    return UICollectionViewCompositionalLayout(section: section)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: Self.layout())
    collectionView.delegate = self
    view.addSubview(collectionView)
    let cells = UICollectionView.CellRegistration<AlbumCell, URL> { cell, _, url in
      cell.representedURL = url
      cell.imageView.image = nil
      DispatchQueue.global().async {
        guard let data = try? Data(contentsOf: url) else { return }
        DispatchQueue.main.async {
          if cell.representedURL == url { cell.imageView.image = UIImage(data: data) }
        }
      }
    }
    dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
      collectionView, indexPath, url in
      collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: url)
    }
    let headers = UICollectionView.SupplementaryRegistration<AlbumHeaderView>(
      elementKind: Self.headerKind
    ) { header, _, indexPath in
      header.title.text = "Album \(indexPath.section + 1)"
    }
    let footers = UICollectionView.SupplementaryRegistration<AlbumHeaderView>(
      elementKind: Self.footerKind
    ) { footer, _, indexPath in
      footer.title.text = "\(indexPath.section + 1) ends"
    }
    dataSource.supplementaryViewProvider = { collectionView, kind, indexPath in
      collectionView.dequeueConfiguredReusableSupplementary(
        using: kind == Self.headerKind ? headers : footers, for: indexPath)
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, URL>()
    for (album, start) in stride(from: 0, to: photoURLs.count, by: 4).enumerated() {
      snapshot.appendSections([album])
      snapshot.appendItems(Array(photoURLs[start..<min(start + 4, photoURLs.count)]))
    }
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    contentHeight = collectionView.contentSize.height
  }

  func collectionView(
    _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {
    shown.append("\(elementKind) \(indexPath.section)")
  }
}

extension SupplementaryDisplayTests {
  @Test("a compositional section's boundary items take room and are shown by their kinds")
  @MainActor func compositional() throws {
    let (result, controller) = try SectionSpacingTests.run(SectionSpacingTests.grid) {
      CompositionalAlbumsViewController()
    }
    #expect(result.violations.isEmpty, "\(result.violations)")
    // Six sections: an inset of 8 and a header of 44 above two lines of 100, a footer of 30
    // and an inset of 8 below.
    #expect(controller.contentHeight == CGFloat(6 * (8 + 44 + 200 + 30 + 8)))
    #expect(controller.shown.prefix(3) == ["album-header 0", "album-footer 0", "album-header 1"])
    let headers = controller.shown.filter { $0.hasPrefix("album-header") }
    #expect(headers == headers.indices.map { "album-header \($0)" }, "\(controller.shown)")
    #expect(headers.count >= 4)
  }
}

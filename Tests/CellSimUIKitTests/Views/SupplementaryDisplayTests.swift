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

@Suite("A flow layout's headers are asked for and shown")
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

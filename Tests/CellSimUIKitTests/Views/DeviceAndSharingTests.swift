// Written as iOS code, with only the layer imported: what a Rick and Morty style character
// browser uses around its grid: orientation notifications, a share item source, colour
// appearance checks, container folders, and batch updates that use `self` implicitly.
import CellSimUIKit
import Testing

/// A share item that describes a character, as detail screens share one.
final class CharacterShareItem: NSObject, UIActivityItemSource {
  func activityViewControllerPlaceholderItem(_ activityViewController: UIActivityViewController)
    -> Any
  { "" }
  func activityViewController(
    _ activityViewController: UIActivityViewController,
    itemForActivityType activityType: UIActivity.ActivityType?
  ) -> Any? { "Rick Sanchez" }
}

/// A grid that appends a page of items, calling the collection view without `self.` inside
/// the batch updates' closure, which UIKit declares non-escaping.
final class PagingGrid: UIViewController, UICollectionViewDataSource {
  private let collectionView = UICollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: 480),
    collectionViewLayout: UICollectionViewFlowLayout())
  var count = 0
  var batches = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = self
    view.addSubview(collectionView)
  }

  func appendPage() {
    let start = count
    count += 2
    collectionView.performBatchUpdates {
      collectionView.insertItems(at: [
        IndexPath(item: start, section: 0), IndexPath(item: start + 1, section: 0),
      ])
      batches += 1
    }
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  { count }
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  { collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) }
}

@Suite("Device, sharing and grid details of character browsers")
@MainActor
struct DeviceAndSharingTests {
  @Test("orientation notifications are asked for and never posted; appearance compares styles")
  func deviceAndTraits() {
    UIDevice.current.beginGeneratingDeviceOrientationNotifications()
    #expect(UIDevice.current.isGeneratingDeviceOrientationNotifications)
    UIDevice.current.endGeneratingDeviceOrientationNotifications()
    #expect(!UIDevice.current.isGeneratingDeviceOrientationNotifications)
    #expect(
      UIDevice.orientationDidChangeNotification.rawValue
        == "UIDeviceOrientationDidChangeNotification")
    let light = UITraitCollection(userInterfaceStyle: .light)
    let dark = UITraitCollection(userInterfaceStyle: .dark)
    #expect(light.hasDifferentColorAppearance(comparedTo: dark))
    #expect(
      !light.hasDifferentColorAppearance(comparedTo: UITraitCollection(userInterfaceStyle: .light)))
    #expect(light.hasDifferentColorAppearance(comparedTo: nil))
  }

  @Test("an item source gives its item, and its subject defaults to empty")
  func shareItem() {
    let item = CharacterShareItem()
    let sheet = UIActivityViewController(activityItems: [item], applicationActivities: nil)
    #expect(
      item.activityViewController(sheet, itemForActivityType: nil) as? String == "Rick Sanchez")
    #expect(item.activityViewController(sheet, subjectForActivityType: nil) == "")
  }

  @Test("the container's other folders are named in the sandbox, in a world")
  func folders() throws {
    var paths: [String] = []
    try simulate {
      paths = [URL.applicationDirectory, URL.downloadsDirectory, URL.cachesDirectory].map(\.path)
    }
    #expect(paths[0].hasSuffix("/Applications") && paths[1].hasSuffix("/Downloads"))
    #expect(paths.allSatisfy { $0.hasPrefix("/var/mobile/Containers/Data/Application/") })
  }

  @Test("batch updates run their closure at once, with self implicit in it")
  func batchUpdates() throws {
    let grid = PagingGrid()
    try simulate {
      grid.loadViewIfNeeded()
      grid.appendPage()
      grid.appendPage()
    }
    #expect(grid.batches == 2 && grid.count == 4)
  }
}

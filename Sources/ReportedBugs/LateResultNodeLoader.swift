public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// A blind-spot demonstrator of the oracle, not one reported bug: a node-based list keeps a
/// late result on a node whose row has left the preload range, and leaks one decoded bitmap per
/// row passed.
///
/// Node-based lists (Texture's `ASNetworkImageNode` in an `ASTableNode`, IGListKit section
/// models holding their image) keep an object per row that owns the row's image, apart from the
/// cell that shows it. Texture clears a node's contents when it leaves the preload range; a
/// load whose result arrives after that, and is stored on the node anyway, keeps the bitmap
/// for as long as the list keeps the node: for every row passed. The peak memory shows it
/// (about 20 MB against 12 MB for the fix on a long fling), far under any sensible budget, so
/// `memory_budget` stays green; `no_leaked_images` attributes every live image to a holder and
/// finds these held by nothing the platform knows.
///
/// Each row's node starts its load in `cellForRow` (a node list preloads); the image reaches
/// the cell only while the cell still shows the node's item, so the pixels are always right.
/// Buggy (`fixed: false`): the node keeps its image after its row ends display, and a late
/// result is stored on a node whose row is gone. `fixed: true`: a node leaving display drops
/// its image (the loader's memory cache, bounded, keeps recent ones), and a late result for a
/// node off screen goes only to that cache.
public final class LateResultNodeLoader: CatalogLoader {
  /// Plain cells: `TableCell.itemID` says which item a cell shows now.
  public typealias Cell = TableCell

  /// A row's node: the image it owns and its load.
  final class Node {
    var image: Image?
    var loading = false
    var onScreen = false
  }

  public static let name = "late-result-node"
  public static let summary =
    "a node per row keeps its late result after the row left: one decoded bitmap leaked per row"
  public static let optionSpecs = [ReportedBugs.fixedOption]

  let environment: LoaderEnvironment
  let fixed: Bool
  let session: SimulatedURLSession
  let cache: MemoryCache<Image>
  /// Every node, by item id: the list keeps one per row it has created.
  var nodes: [Int: Node] = [:]

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    cache = environment.memoryCache(name: "nodes.images", countLimit: 24, policy: .lru)
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let id = item.id
    let node = nodes[id] ?? Node()
    nodes[id] = node
    node.onScreen = true
    let url = item.url
    if node.image == nil, let cached = cache.value(forKey: url) { node.image = cached }
    cell.imageView.image = node.image
    guard node.image == nil, !node.loading else { return }
    node.loading = true
    let size = table.imagePixelSize
    let (environment, fixed, cache) = (environment, fixed, cache)
    session.dataTask(with: url) { execution, result in
      guard case .success(let response) = result else { return }
      environment.decoder.decode(
        response.body, target: .aspectFill(width: size.width, height: size.height), on: execution
      ) { decoded in
        guard let image = try? decoded.get() else { return }
        environment.main.async(label: "node.loaded") { _ in
          node.loading = false
          cache.setValue(image, forKey: url, cost: Int64(image.pixelWidth * image.pixelHeight * 4))
          // The bug: the node keeps the result whether or not its row is still there.
          if !fixed || node.onScreen { node.image = image }
          if cell.itemID == id { cell.imageView.image = image }
        }
      }
    }.resume()
  }

  public func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    guard let id = cell.itemID, let node = nodes[id] else { return }
    node.onScreen = false
    // Texture clears a node's contents when it leaves the preload range; the bug keeps them.
    if fixed { node.image = nil }
  }
}

// iOS code as written for a device: only the import block differs. The classic OperationQueue
// tutorial's shape: when scrolling stops, cancel the operations of rows that left the screen and
// start those of rows that came on, each found as a set difference and walked in set order, on a
// queue that runs one operation at a time, so the walk's order is the order of the fetches.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

final class SetOrderViewController: UITableViewController {
  var photoURLs: [URL] = []
  var images: [Int: UIImage] = [:]
  var inProgress: [IndexPath: Operation] = [:]
  let downloads: OperationQueue = {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    return queue
  }()

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "photo")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    photoURLs.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath)
    cell.imageView?.image = images[indexPath.row]
    if images[indexPath.row] == nil && !tableView.isDragging && !tableView.isDecelerating {
      startDownload(at: indexPath)
    }
    return cell
  }

  override func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    loadImagesForOnscreenCells()
  }

  override func scrollViewDidEndDragging(
    _ scrollView: UIScrollView, willDecelerate decelerate: Bool
  ) {
    if !decelerate { loadImagesForOnscreenCells() }
  }

  func startDownload(at indexPath: IndexPath) {
    guard inProgress[indexPath] == nil else { return }
    let url = photoURLs[indexPath.row]
    let operation = BlockOperation {
      guard let data = try? Data(contentsOf: url), let image = UIImage(data: data) else { return }
      DispatchQueue.main.async {
        self.images[indexPath.row] = image
        self.inProgress[indexPath] = nil
        self.tableView.reloadRows(at: [indexPath], with: .none)
      }
    }
    inProgress[indexPath] = operation
    downloads.addOperation(operation)
  }

  func loadImagesForOnscreenCells() {
    let visible = Set(tableView.indexPathsForVisibleRows ?? [])
    let pending = Set(inProgress.keys)
    for indexPath in pending.subtracting(visible) {
      inProgress[indexPath]?.cancel()
      inProgress[indexPath] = nil
    }
    for indexPath in visible.subtracting(pending) where images[indexPath.row] == nil {
      startDownload(at: indexPath)
    }
  }
}

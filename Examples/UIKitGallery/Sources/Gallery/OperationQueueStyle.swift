#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

// Style 3: operations, as the classic OperationQueue tutorial writes them.
//
// Each row has a photo record; an `Operation` subclass downloads it with a synchronous
// `Data(contentsOf:)` inside `main()`; a pending-operations object keeps the downloads in
// flight in a dictionary keyed by index path; the queue is suspended while the user drags and
// resumed when scrolling ends, when the operations for rows now off screen are cancelled and
// those for rows on screen are started.
//
// The classic bug, from the many variants of the tutorial that skip its photo-record step: the
// download's `completionBlock` hops to the main queue and sets the image on the cell that
// asked for it. By then the cell may show another row. An operation cancelled while already
// inside `main()` still finishes and still runs its completion block, since `main()` checks
// `isCancelled` only before the download. The fix keeps the image in the row's record,
// reloads the row (so `cellForRow` sets it on whichever cell shows the row), and checks
// `isCancelled` after the download too.

/// A row's photo and what became of it.
final class PhotoRecord {
  enum State { case new, downloaded, failed }

  let url: URL
  var state = State.new
  var image = UIImage(named: "Placeholder")

  init(url: URL) { self.url = url }
}

/// The downloads in flight.
final class PendingOperations {
  lazy var downloadsInProgress: [IndexPath: Operation] = [:]
  lazy var downloadQueue: OperationQueue = {
    var queue = OperationQueue()
    queue.name = "Download queue"
    queue.maxConcurrentOperationCount = 4
    return queue
  }()
}

/// Downloads one photo record, blocking inside `main()`.
final class ImageDownloader: Operation {
  let photoRecord: PhotoRecord
  let checksAfterDownload: Bool

  init(_ photoRecord: PhotoRecord, checksAfterDownload: Bool) {
    self.photoRecord = photoRecord
    self.checksAfterDownload = checksAfterDownload
  }

  override func main() {
    if isCancelled { return }
    guard let imageData = try? Data(contentsOf: photoRecord.url) else {
      photoRecord.state = .failed
      return
    }
    // The bug: without this check, a download cancelled mid-flight still updates its record.
    if checksAfterDownload && isCancelled { return }
    if !imageData.isEmpty, let image = UIImage(data: imageData) {
      photoRecord.image = image
      photoRecord.state = .downloaded
    } else {
      photoRecord.state = .failed
    }
  }
}

/// A table of photo records, downloaded by operations.
final class OperationsViewController: UITableViewController {
  var photos: [PhotoRecord] = []
  var urls: [URL] = [] {
    didSet { photos = urls.map(PhotoRecord.init) }
  }
  let pendingOperations = PendingOperations()
  let fixed: Bool

  init(fixed: Bool) {
    self.fixed = fixed
    super.init(style: .plain)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "CellIdentifier")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    photos.count
  }

  override func tableView(
    _ tableView: UITableView, cellForRowAt indexPath: IndexPath
  ) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "CellIdentifier", for: indexPath)
    let photoDetails = photos[indexPath.row]
    cell.imageView?.image = photoDetails.image
    if photoDetails.state == .new, !tableView.isDragging, !tableView.isDecelerating {
      startDownload(for: photoDetails, at: indexPath, cell: cell)
    }
    return cell
  }

  func startDownload(
    for photoRecord: PhotoRecord, at indexPath: IndexPath, cell: UITableViewCell? = nil
  ) {
    guard pendingOperations.downloadsInProgress[indexPath] == nil else { return }
    let downloader = ImageDownloader(photoRecord, checksAfterDownload: fixed)
    let fixed = fixed
    downloader.completionBlock = { [weak cell] in
      if fixed && downloader.isCancelled { return }
      DispatchQueue.main.async {
        self.pendingOperations.downloadsInProgress.removeValue(forKey: indexPath)
        if fixed {
          self.tableView.reloadRows(at: [indexPath], with: .fade)
        } else {
          // The bug: the cell that asked may show another row by now.
          cell?.imageView?.image = downloader.photoRecord.image
        }
      }
    }
    pendingOperations.downloadsInProgress[indexPath] = downloader
    pendingOperations.downloadQueue.addOperation(downloader)
  }

  // MARK: Scrolling

  override func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
    pendingOperations.downloadQueue.isSuspended = true
  }

  override func scrollViewDidEndDragging(
    _ scrollView: UIScrollView, willDecelerate decelerate: Bool
  ) {
    if !decelerate {
      loadImagesForOnscreenCells()
      pendingOperations.downloadQueue.isSuspended = false
    }
  }

  override func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    loadImagesForOnscreenCells()
    pendingOperations.downloadQueue.isSuspended = false
  }

  /// Cancels the downloads of rows now off screen, and starts those of rows on screen.
  func loadImagesForOnscreenCells() {
    guard let pathsArray = tableView.indexPathsForVisibleRows else { return }
    let allPendingOperations = Set(pendingOperations.downloadsInProgress.keys)
    let visiblePaths = Set(pathsArray)
    // Sorted, where the tutorial iterates the sets: a set's order changes from process to
    // process (Swift seeds its hashing at launch), and the cancels' order reaches the trace.
    for indexPath in allPendingOperations.subtracting(visiblePaths).sorted() {
      pendingOperations.downloadsInProgress[indexPath]?.cancel()
      pendingOperations.downloadsInProgress.removeValue(forKey: indexPath)
    }
    for indexPath in visiblePaths.subtracting(allPendingOperations).sorted() {
      let recordToProcess = photos[indexPath.row]
      if recordToProcess.state == .new { startDownload(for: recordToProcess, at: indexPath) }
    }
  }
}

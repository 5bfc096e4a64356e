#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

// Style 4: a prefetching data source.
//
// `tableView(_:prefetchRowsAt:)` starts the downloads of rows about to appear;
// `cellForRow` shows a finished one at once, or waits for it; `cancelPrefetchingForRowsAt`
// cancels downloads of rows that will not appear after all. Finished images are kept for the
// rows that asked.
//
// The classic bug: the images and the downloads are kept by index path, the handle
// `prefetchRowsAt` gives. When rows are inserted above, every index path below now names
// another item, and `cellForRow` shows the image fetched for the row that used to sit there.
// The fix keys them by what the row shows (its URL).

/// A table that prefetches its rows' images.
final class PrefetchingViewController: UITableViewController, UITableViewDataSourcePrefetching {
  var urls: [URL] = []
  let fixed: Bool
  /// Finished images, by key (an index path in the buggy screen, a URL in the fixed one).
  var images: [AnyHashable: UIImage] = [:]
  /// Downloads in flight, by the same key.
  var tasks: [AnyHashable: URLSessionDataTask] = [:]

  init(fixed: Bool) {
    self.fixed = fixed
    super.init(style: .plain)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Photo")
    tableView.prefetchDataSource = self
  }

  /// What the images and downloads are kept by. The bug: the index path.
  func key(for indexPath: IndexPath) -> AnyHashable {
    fixed ? AnyHashable(urls[indexPath.row]) : AnyHashable(indexPath)
  }

  /// Starts the download for the row at `indexPath`, unless it is done or in flight.
  func download(_ indexPath: IndexPath) {
    let key = key(for: indexPath)
    guard images[key] == nil, tasks[key] == nil else { return }
    let url = urls[indexPath.row]
    let task = URLSession.shared.dataTask(with: url) { data, _, _ in
      let image = data.flatMap { UIImage(data: $0) }
      DispatchQueue.main.async {
        self.tasks[key] = nil
        guard let image else { return }
        self.images[key] = image
        // Show it if its row is on screen now.
        for visible in self.tableView.indexPathsForVisibleRows ?? []
        where self.key(for: visible) == key {
          self.tableView.cellForRow(at: visible)?.imageView?.image = image
        }
      }
    }
    tasks[key] = task
    task.resume()
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    urls.count
  }

  override func tableView(
    _ tableView: UITableView, cellForRowAt indexPath: IndexPath
  ) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath)
    if let image = images[key(for: indexPath)] {
      cell.imageView?.image = image
    } else {
      cell.imageView?.image = UIImage(systemName: "photo")
      download(indexPath)
    }
    return cell
  }

  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
    for indexPath in indexPaths where indexPath.row < urls.count { download(indexPath) }
  }

  func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
    for indexPath in indexPaths where indexPath.row < urls.count {
      let key = key(for: indexPath)
      tasks[key]?.cancel()
      tasks[key] = nil
    }
  }
}

// iOS code as written for a device: only the import block differs.
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// A plain view controller with a table view of its own (not a UITableViewController), which
/// records the callbacks it hears and loads images with the fix of `CheckedPhotosViewController`.
final class RecordingViewController: UIViewController, UITableViewDataSource,
  UITableViewDelegate, UITableViewDataSourcePrefetching
{
  var photoURLs: [URL] = []
  let tableView = UITableView(frame: .zero, style: .plain)
  var events: [String] = []
  var displayed = 0
  var ended = 0
  var prefetched = 0
  var scrolls = 0
  var changes: [String] = []

  override func loadView() {
    view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    view.addSubview(tableView)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    events.append("viewDidLoad")
    tableView.register(PhotoCell.self, forCellReuseIdentifier: "photo")
    tableView.dataSource = self
    tableView.delegate = self
    tableView.prefetchDataSource = self
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    events.append("viewWillAppear")
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    events.append("viewDidAppear visible=\(tableView.visibleCells.count > 0)")
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    events.append("viewWillDisappear")
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    events.append("viewDidDisappear")
  }

  override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    events.append("didReceiveMemoryWarning")
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    photoURLs.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath) as! PhotoCell
    let url = photoURLs[indexPath.row]
    cell.representedURL = url
    let spinner: UIActivityIndicatorView
    if let existing = cell.contentView.viewWithTag(7) as? UIActivityIndicatorView {
      spinner = existing
    } else {
      spinner = UIActivityIndicatorView(style: .medium)
      spinner.tag = 7
      cell.contentView.addSubview(spinner)
    }
    spinner.startAnimating()
    DispatchQueue.global(qos: .userInitiated).async {
      let data = try? Data(contentsOf: url)
      DispatchQueue.main.async {
        guard cell.representedURL == url else { return }
        spinner.stopAnimating()
        cell.imageView?.image = data.flatMap { UIImage(data: $0) }
      }
    }
    return cell
  }

  func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {
    displayed += 1
  }

  func tableView(
    _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
    forRowAt indexPath: IndexPath
  ) {
    ended += 1
  }

  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
    prefetched += indexPaths.count
  }

  func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
    events.append("willBeginDragging dragging=\(scrollView.isDragging)")
  }

  func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }

  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    events.append("didEndDragging decelerate=\(decelerate)")
  }

  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    events.append("didEndDecelerating decelerating=\(scrollView.isDecelerating)")
  }
}

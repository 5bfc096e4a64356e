// iOS code as written for a device: only the import block differs. The tests host these screens
// in scenarios (HostedTableTests).
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// A cell that remembers which URL it was configured for.
final class PhotoCell: UITableViewCell {
  var representedURL: URL?
  var reuseCount = 0

  override func prepareForReuse() {
    super.prepareForReuse()
    reuseCount += 1
    imageView?.image = nil
  }
}

/// The classic bug: the download's completion sets the image on the cell it captured, whatever
/// row that cell shows by then.
class NaivePhotosViewController: UITableViewController {
  var photoURLs: [URL] = []
  let placeholder = UIImage(systemName: "photo")
  var appearances: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    appearances.append("viewDidLoad")
    tableView.register(PhotoCell.self, forCellReuseIdentifier: "photo")
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    appearances.append("viewWillAppear")
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    appearances.append("viewDidAppear")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    photoURLs.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath) as! PhotoCell
    let url = photoURLs[indexPath.row]
    cell.textLabel?.text = url.lastPathComponent
    cell.imageView?.image = placeholder
    load(url, into: cell, at: indexPath, in: tableView)
    return cell
  }

  func load(_ url: URL, into cell: PhotoCell, at indexPath: IndexPath, in tableView: UITableView) {
    DispatchQueue.global().async {
      guard let data = try? Data(contentsOf: url) else { return }
      DispatchQueue.main.async {
        cell.imageView?.image = UIImage(data: data)
      }
    }
  }
}

/// The fix: the cell remembers its URL, and the completion sets the image only if the cell still
/// wants it.
class CheckedPhotosViewController: NaivePhotosViewController {
  override func load(
    _ url: URL, into cell: PhotoCell, at indexPath: IndexPath, in tableView: UITableView
  ) {
    cell.representedURL = url
    DispatchQueue.global().async {
      guard let data = try? Data(contentsOf: url) else { return }
      DispatchQueue.main.async {
        guard cell.representedURL == url else { return }
        cell.imageView?.image = UIImage(data: data)
      }
    }
  }
}

/// The other common fix: look the cell up again by index path when the data arrives, and fade
/// the image in.
final class LookupPhotosViewController: NaivePhotosViewController {
  override func load(
    _ url: URL, into cell: PhotoCell, at indexPath: IndexPath, in tableView: UITableView
  ) {
    DispatchQueue.global().async {
      guard let data = try? Data(contentsOf: url) else { return }
      DispatchQueue.main.async {
        guard let visible = tableView.cellForRow(at: indexPath) as? PhotoCell,
          let imageView = visible.imageView
        else { return }
        UIView.transition(
          with: imageView, duration: 0.2, options: .transitionCrossDissolve,
          animations: { imageView.image = UIImage(data: data) })
      }
    }
  }
}

#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

// Style 1: the tutorial `ImageLoader`.
//
// The shape countless "load images into a table view" tutorials teach: a loader with an
// `NSCache`, `URLSession.shared.dataTask`, and a hop to the main queue; the view controller
// sets the image on the cell in the completion closure.
//
// The classic bug: the closure captures the cell. By the time the download ends, a fast scroll
// has handed that cell to another row, and the old row's image lands on the new row. The fix
// remembers which URL the cell shows now and drops a result for any other.

/// Downloads images and keeps them in memory.
final class TutorialImageLoader {
  private let cache = NSCache<NSURL, UIImage>()

  init() {
    cache.countLimit = 100
  }

  /// Calls `completion` on the main queue with the image at `url`, or nil.
  @discardableResult
  func loadImage(
    from url: URL, completion: @escaping (UIImage?) -> Void
  ) -> URLSessionDataTask? {
    if let cached = cache.object(forKey: url as NSURL) {
      completion(cached)
      return nil
    }
    let task = URLSession.shared.dataTask(with: url) { [weak self] data, response, error in
      guard let data, error == nil, let image = UIImage(data: data) else {
        DispatchQueue.main.async { completion(nil) }
        return
      }
      self?.cache.setObject(image, forKey: url as NSURL)
      DispatchQueue.main.async { completion(image) }
    }
    task.resume()
    return task
  }
}

/// A cell that remembers the URL it shows (used by the fix).
final class TutorialPhotoCell: UITableViewCell {
  var representedURL: URL?

  override func prepareForReuse() {
    super.prepareForReuse()
    imageView?.image = nil
  }
}

/// A table of photos, loaded with `TutorialImageLoader`.
final class TutorialViewController: UITableViewController {
  /// The photos' URLs, one per row.
  var urls: [URL] = []
  /// Whether the completion checks that the cell still shows the URL it asked for.
  let fixed: Bool
  let loader = TutorialImageLoader()
  let placeholder = UIImage(systemName: "photo")

  init(fixed: Bool) {
    self.fixed = fixed
    super.init(style: .plain)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(TutorialPhotoCell.self, forCellReuseIdentifier: "Photo")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    urls.count
  }

  override func tableView(
    _ tableView: UITableView, cellForRowAt indexPath: IndexPath
  ) -> UITableViewCell {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath) as! TutorialPhotoCell
    let url = urls[indexPath.row]
    cell.representedURL = url
    cell.imageView?.image = placeholder
    loader.loadImage(from: url) { [fixed] image in
      // The bug: without this check, the image lands on whatever row the cell shows now.
      if fixed, cell.representedURL != url { return }
      cell.imageView?.image = image
    }
    return cell
  }
}

#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

// Style 5: a `UIImageView` extension that keeps its task in an associated object.
//
// Small image libraries and many apps add `setImage(with:)` to `UIImageView`, and keep the
// view's current download in an associated object, since an extension cannot add a stored
// property.
//
// The classic bug: a new request does not cancel the view's previous one, and the completion
// does not check that it is still the view's current request. On a recycled cell the older
// download may end last and overwrite the newer image. The fix cancels the previous task and
// sets an image only from the view's current task.

private var currentTaskKey: UInt8 = 0
private var currentURLKey: UInt8 = 0

extension UIImageView {
  /// The download this view waits for.
  var currentImageTask: URLSessionDataTask? {
    get { objc_getAssociatedObject(self, &currentTaskKey) as? URLSessionDataTask }
    set {
      objc_setAssociatedObject(self, &currentTaskKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
  }

  /// The URL of the image this view should show.
  var currentImageURL: URL? {
    get { objc_getAssociatedObject(self, &currentURLKey) as? URL }
    set {
      objc_setAssociatedObject(self, &currentURLKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
  }

  /// Shows `placeholder`, then the image at `url` when it arrives.
  func setImage(with url: URL, placeholder: UIImage? = nil, checked: Bool) {
    if checked { currentImageTask?.cancel() }
    currentImageURL = url
    image = placeholder
    let task = URLSession.shared.dataTask(with: url) { [weak self] data, _, error in
      guard let data, error == nil, let downloaded = UIImage(data: data) else { return }
      DispatchQueue.main.async {
        guard let self else { return }
        // The bug: without this check, a late, older download overwrites the newer image.
        if checked, self.currentImageURL != url { return }
        self.image = downloaded
      }
    }
    currentImageTask = task
    task.resume()
  }
}

/// A table whose cells load through the `UIImageView` extension.
final class ImageViewExtensionViewController: UITableViewController {
  var urls: [URL] = []
  let fixed: Bool

  init(fixed: Bool) {
    self.fixed = fixed
    super.init(style: .plain)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Photo")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    urls.count
  }

  override func tableView(
    _ tableView: UITableView, cellForRowAt indexPath: IndexPath
  ) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath)
    cell.imageView?.setImage(
      with: urls[indexPath.row], placeholder: UIImage(named: "Placeholder"), checked: fixed)
    return cell
  }
}

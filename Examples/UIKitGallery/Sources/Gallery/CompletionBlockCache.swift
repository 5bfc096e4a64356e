#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

// Style 2: an image cache that keeps a list of waiting completion blocks per URL.
//
// Apple's sample "Asynchronously Loading Images into Table and Collection Views" has this
// shape: one `ImageCache` object; a request for a URL already in flight appends its completion
// block to the URL's list instead of fetching again; when the bytes arrive, every waiting
// block is called. Its images come through a `URLProtocol` registered on the session's
// configuration; here the protocol stands between the app and the network and forwards each
// request, as logging and caching protocols do.
//
// The classic bug: the block captures the cell it was made for, and sets the image on it when
// the download ends, whichever row the cell shows by then. The fix asks the table for the cell
// that shows the row now (`cellForRow(at:)`), which is nil if the row is off screen.

/// Forwards image requests to the network through a session of its own.
final class ImageURLProtocol: URLProtocol {
  private var forwardingTask: URLSessionDataTask?
  private static let forwarding = URLSession(configuration: .ephemeral)

  override class func canInit(with request: URLRequest) -> Bool {
    request.url?.pathExtension == "png"
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    guard let url = request.url else { return }
    forwardingTask = Self.forwarding.dataTask(with: url) { [weak self] data, response, error in
      guard let self else { return }
      if let error {
        self.client?.urlProtocol(self, didFailWithError: error)
        return
      }
      if let response {
        self.client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      }
      if let data { self.client?.urlProtocol(self, didLoad: data) }
      self.client?.urlProtocolDidFinishLoading(self)
    }
    forwardingTask?.resume()
  }

  override func stopLoading() {
    forwardingTask?.cancel()
  }
}

/// One image cache with a list of waiting completion blocks per URL.
final class CompletionBlockImageCache {
  static let publicCache = CompletionBlockImageCache()

  private let cachedImages = NSCache<NSURL, UIImage>()
  private var loadingResponses = [URL: [(UIImage?) -> Void]]()
  private let session: URLSession

  init() {
    let configuration = URLSessionConfiguration.default
    configuration.protocolClasses = [ImageURLProtocol.self]
    session = URLSession(configuration: configuration)
  }

  /// The cached image of `url`, if any.
  func image(url: URL) -> UIImage? {
    cachedImages.object(forKey: url as NSURL)
  }

  /// Calls `completion` on the main queue with the image at `url`: at once if it is cached,
  /// else when the one download of the URL ends.
  func load(url: URL, completion: @escaping (UIImage?) -> Void) {
    if let cached = image(url: url) {
      DispatchQueue.main.async { completion(cached) }
      return
    }
    if loadingResponses[url] != nil {
      loadingResponses[url]?.append(completion)
      return
    }
    loadingResponses[url] = [completion]
    session.dataTask(with: url) { data, response, error in
      let image = data.flatMap { UIImage(data: $0) }
      DispatchQueue.main.async {
        if let image { self.cachedImages.setObject(image, forKey: url as NSURL) }
        let blocks = self.loadingResponses.removeValue(forKey: url) ?? []
        for block in blocks { block(image) }
      }
    }.resume()
  }
}

/// A table of photos whose cells wait in `CompletionBlockImageCache`.
final class CompletionBlockViewController: UITableViewController {
  var urls: [URL] = []
  let fixed: Bool
  let cache: CompletionBlockImageCache
  let placeholder = UIImage(named: "Placeholder")

  init(fixed: Bool, cache: CompletionBlockImageCache = .publicCache) {
    self.fixed = fixed
    self.cache = cache
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
    let url = urls[indexPath.row]
    if let image = cache.image(url: url) {
      cell.imageView?.image = image
      return cell
    }
    cell.imageView?.image = placeholder
    cache.load(url: url) { [weak self, weak tableView] image in
      guard let self else { return }
      if self.fixed {
        // The row may have scrolled away, and its cell may show another row by now.
        guard let current = tableView?.cellForRow(at: indexPath),
          indexPath.row < self.urls.count, self.urls[indexPath.row] == url
        else { return }
        current.imageView?.image = image
      } else {
        cell.imageView?.image = image
      }
    }
    return cell
  }
}

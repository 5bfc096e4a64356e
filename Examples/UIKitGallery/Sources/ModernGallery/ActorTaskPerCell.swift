#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

// Style 7: actor-based, with a `Task` per cell.
//
// Swift concurrency's shape of an image pipeline: an actor owns the cache and the downloads in
// flight (so two cells asking for one URL share a download), and each cell starts a `Task` in
// `cellForRow` that awaits the image and sets it. `prepareForReuse` cancels the cell's task.
//
// The classic bug: cancelling the task does not stop it. A cache hit, or a download another
// cell shares, returns normally after the cancel, and the task sets the old row's image on the
// recycled cell. The fix checks `Task.isCancelled` after every `await` before touching the
// cell.

/// Downloads and caches images; one download per URL at a time.
actor ImagePipeline {
  private var cache: [URL: UIImage] = [:]
  private var inFlight: [URL: Task<UIImage?, Never>] = [:]

  func image(for url: URL) async -> UIImage? {
    if let cached = cache[url] { return cached }
    if let task = inFlight[url] { return await task.value }
    let task = Task<UIImage?, Never> {
      guard let (data, _) = try? await URLSession.shared.data(from: url) else { return nil }
      return UIImage(data: data)
    }
    inFlight[url] = task
    let image = await task.value
    inFlight[url] = nil
    if let image { cache[url] = image }
    return image
  }
}

/// A cell that loads its image in a task of its own.
final class TaskPhotoCell: UITableViewCell {
  var loadTask: Task<Void, Never>?

  override func prepareForReuse() {
    super.prepareForReuse()
    loadTask?.cancel()
    loadTask = nil
    imageView?.image = nil
  }
}

/// A table whose cells each await their image in a `Task`.
final class ActorTaskViewController: UITableViewController {
  var urls: [URL] = []
  let fixed: Bool
  let pipeline = ImagePipeline()

  init(fixed: Bool) {
    self.fixed = fixed
    super.init(style: .plain)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(TaskPhotoCell.self, forCellReuseIdentifier: "Photo")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    urls.count
  }

  override func tableView(
    _ tableView: UITableView, cellForRowAt indexPath: IndexPath
  ) -> UITableViewCell {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath) as! TaskPhotoCell
    let url = urls[indexPath.row]
    let fixed = fixed
    cell.imageView?.image = UIImage(systemName: "photo")
    cell.loadTask = Task { [pipeline] in
      let image = await pipeline.image(for: url)
      // The bug: without this check, a cancelled task still sets the old row's image.
      if fixed && Task.isCancelled { return }
      cell.imageView?.image = image
    }
    return cell
  }
}

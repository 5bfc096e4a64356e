import ImageLoaders
import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// A small loader that shows progressive previews (a lazy image of the bytes received so far:
/// `Image(data:)`, or with `preview: partial` a partial preview, `Image(partialData:)`) and a
/// failure image, for "everything a view shows is judged", with a `flaw` option:
/// - `preview-no-identity`: previews go to the cell captured when the request started, even
///   after it was reused for another row.
/// - `stale-failure`: the failure image goes to the captured cell, even after reuse
///   (SDWebImage #3363: an asynchronous callback puts the old request's image over the new).
/// - `odd-cut`: previews show the bytes so far but the last, a prefix no chunk ended at.
/// - `preview-only`: only the preview of the first chunk is shown, never the full image.
final class ProgressiveTestLoader: CatalogLoader {
  typealias Cell = RepresentingCell
  static let name = "test-progressive"
  static let summary = "a small progressive loader for tests, with one optional flaw"
  static let optionSpecs = [
    LoaderOptionSpec(
      "flaw",
      .choice(["none", "preview-no-identity", "stale-failure", "odd-cut", "preview-only"]),
      default: "none", "the one rule to break"),
    LoaderOptionSpec(
      "preview", .choice(["data", "partial"]), default: "data",
      "previews by Image(data:) or by Image(partialData:)"),
  ]

  /// One request: it accumulates the body and shows previews in its cell.
  final class Request: SimulatedDataTaskDelegate {
    let url: String
    weak var cell: Cell?
    weak var loader: ProgressiveTestLoader?
    var body: [UInt8] = []

    init(url: String, cell: Cell, loader: ProgressiveTestLoader) {
      self.url = url
      self.cell = cell
      self.loader = loader
    }

    func dataTask(_ task: SimulatedDataTask, didReceive data: [UInt8], execution: Execution) {
      body += data
      if loader?.flaw == "preview-only" && body.count > data.count { return }
      let prefix = loader?.flaw == "odd-cut" ? Array(body.dropLast()) : body
      let preview =
        loader?.partialPreviews == true
        ? loader?.env.image(partialData: prefix) : loader?.env.image(data: prefix)
      // The preview is decoded on a worker before it reaches the main thread (40 ms).
      loader?.env.main.asyncAfter(.ms(40)) { [self] _ in
        guard let loader, let cell, let preview else { return }
        if loader.flaw == "preview-no-identity" || cell.representedURL == url {
          cell.imageView.image = preview
        }
      }
    }

    func dataTask(
      _ task: SimulatedDataTask, didCompleteWithError error: NetworkError?, execution: Execution
    ) {
      if error == .cancelled || (error == nil && loader?.flaw == "preview-only") { return }
      let full = error == nil ? loader?.env.image(data: body) : nil
      loader?.env.main.asyncAfter(.ms(40)) { [self] _ in
        guard let loader, let cell else { return }
        let image =
          full ?? loader.env.failureImage(width: 64, height: 64)
        let ignoresIdentity = full == nil && loader.flaw == "stale-failure"
        if ignoresIdentity || cell.representedURL == url { cell.imageView.image = image }
      }
    }
  }

  let env: LoaderEnvironment
  let flaw: String
  let partialPreviews: Bool
  let session: SimulatedURLSession
  var tasks: [Int: SimulatedDataTask] = [:]

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    env = environment
    flaw = options.choice("flaw")
    partialPreviews = options.choice("preview") == "partial"
    session = environment.urlSession(callbackQueue: .queue(environment.serialQueue(label: "p")))
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    tasks.removeValue(forKey: cell.cellID)?.cancel()
    cell.representedURL = item.url
    cell.imageView.image = nil
    let task = session.dataTask(
      with: item.url, delegate: Request(url: item.url, cell: cell, loader: self))
    tasks[cell.cellID] = task
    task.resume()
  }

  func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    tasks.removeValue(forKey: cell.cellID)?.cancel()
  }
}

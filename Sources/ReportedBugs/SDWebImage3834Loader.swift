public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// SDWebImage #3834 (open in 2025; the same class as PR #2954 and #3374): a download's
/// completion can run twice, first with the image, then again with a cancellation.
///
/// Reported symptom: "Immediately after a successful completion, the handler is invoked again
/// for the same request, reporting a cancellation", more often with larger images and several
/// downloads at once, when the token is cancelled synchronously. Mechanism, as modelled: each
/// download decodes its body on the downloader's serial coder queue and hands the image to the
/// caller's completion on the main queue; only afterwards, in a block queued on the same coder
/// queue (behind every other download's decode), does it mark itself finished and drop its
/// callbacks. A cell reused in that window cancels its previous token, which finds the download
/// still running and calls the completion again, "cancelled". With `fixed: true` a token
/// remembers that its completion ran, and a cancel after that calls nothing, as the library's
/// fixes do.
///
/// Each load is a declared request (`LoaderEnvironment.declareRequest(for:)`) whose end is
/// reported where the completion runs, so `one_terminal_callback` judges it; the pixels are
/// right in both variants (the completion checks that the cell still wants the URL).
public final class SDWebImage3834Loader: CatalogLoader {
  /// A cell that holds its current load's token.
  public final class Cell: TableCell {
    /// The current load.
    var token: Token?
    /// The URL it wants.
    var wanted: String?
  }

  /// One download, and the caller's completion on it.
  final class Token {
    let request: DeclaredRequest
    let completion: (RequestOutcome, Image?) -> Void
    var task: SimulatedDataTask?
    /// Set by the download's clean-up on the coder queue.
    var finished = false
    /// Set when the completion ran (read only by the fix).
    var completed = false

    init(request: DeclaredRequest, completion: @escaping (RequestOutcome, Image?) -> Void) {
      self.request = request
      self.completion = completion
    }

    /// Calls the completion with `outcome`, reporting the request's end.
    func complete(_ outcome: RequestOutcome, _ image: Image?) {
      completed = true
      request.ended(outcome)
      completion(outcome, image)
    }
  }

  public static let name = "sdwebimage-3834"
  public static let summary =
    "SDWebImage #3834: a cancel right after a download's success calls its completion again"
  public static let optionSpecs = [ReportedBugs.fixedOption]

  let environment: LoaderEnvironment
  let fixed: Bool
  let session: SimulatedURLSession
  let coder: SimulatedQueue

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    coder = environment.serialQueue(label: "sdwebimage.coder")
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    if let previous = cell.token { cancel(previous) }
    let url = item.url
    let size = table.imagePixelSize
    cell.wanted = url
    cell.imageView.image = environment.placeholderImage(width: size.width, height: size.height)
    let token = Token(request: environment.declareRequest(for: url)) { outcome, image in
      guard outcome == .success, let image, cell.wanted == url else { return }
      cell.imageView.image = image
    }
    cell.token = token
    let (environment, coder, fixed) = (environment, coder, fixed)
    let task = session.dataTask(with: url) { _, result in
      guard case .success(let response) = result else {
        environment.main.async(label: "sdwebimage-3834.failed") { _ in
          guard !token.finished else { return }
          token.finished = true
          token.complete(.failure, nil)
        }
        return
      }
      coder.async(label: "sdwebimage-3834.decode") { execution in
        environment.decoder.decode(
          response.body, target: .aspectFill(width: size.width, height: size.height),
          on: execution
        ) { decoded in
          let image = try? decoded.get()
          environment.main.async(label: "sdwebimage-3834.completion") { _ in
            // The fix: a token whose completion ran (a cancel's) never calls back again.
            if fixed && token.completed { return }
            token.complete(image == nil ? .failure : .success, image)
          }
          // The clean-up comes later, behind the decodes queued since.
          coder.async(label: "sdwebimage-3834.done") { _ in token.finished = true }
        }
      }
    }
    token.task = task
    task.resume()
  }

  /// `token.cancel()`: stops the download and reports the cancellation to the caller, unless
  /// the download has finished (or, with the fix, its completion already ran).
  func cancel(_ token: Token) {
    token.task?.cancel()
    if token.finished || (fixed && token.completed) { return }
    token.finished = true
    token.complete(.cancelled, nil)
  }
}

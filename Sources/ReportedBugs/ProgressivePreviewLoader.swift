public import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
public import SimTable

/// A progressive loader (SDWebImage's `.progressiveLoad`, Kingfisher's progressive option): as
/// each chunk arrives, it decodes the bytes so far to a preview and shows it in the cell, then
/// shows the full image when the transfer ends. A blind-spot demonstrator of the oracle
/// ("progressive previews", docs/scenario-format.md, `no_corrupt_image`), not a model of one
/// reported bug.
///
/// Each load is a URLSession data task with a delegate; the cell remembers the URL it wants (as
/// `sd_imageURL` / `kf.webURL`), and nothing cancels a load when the cell is reused. For every
/// chunk the delegate, on the session's queue, makes a preview of the bytes so far and hands it
/// to the main queue. With `preview: partial` (the default) the preview is a partial decode
/// (`DecoderService.decodePartial`, ImageIO's incremental source), priced like a decode on the
/// session's queue; with `preview: data` it is `UIImage(data:)` of the prefix, which fails to
/// decode when shown (`no_corrupt_image`, `Scenarios/invariants/no_corrupt_image-progressive.yaml`).
/// The full image is set only while the cell still wants its URL. The bug: the preview block
/// does not make that check, so the preview of a row that left lands in the reused cell
/// (`no_cross_cell_image`, `Scenarios/invariants/no_cross_cell_image-progressive.yaml`); with
/// `fixed: true` it does. In both variants a preview never replaces the finished image of the
/// same load.
public final class ProgressivePreviewLoader: CatalogLoader {
  /// A cell whose image view remembers the URL it wants.
  public final class Cell: TableCell {
    /// The URL the image view wants.
    var webURL: String?
  }

  public static let name = "progressive-preview"
  public static let summary =
    "a progressive loader whose chunk previews do not check that the cell still wants the URL"
  public static let optionSpecs = [
    LoaderOptionSpec(
      "fixed", .bool, default: "false",
      "check that the cell still wants the URL before showing a preview"),
    LoaderOptionSpec(
      "preview", .choice(["partial", "data"]), default: "partial",
      "make previews with a partial decode, or with UIImage(data:) of the bytes so far"),
  ]

  let environment: LoaderEnvironment
  let fixed: Bool
  let partialPreviews: Bool
  let session: SimulatedURLSession

  public init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    fixed = options.bool("fixed")
    partialPreviews = options.choice("preview") == "partial"
    session = environment.urlSession()
  }

  public func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    let url = item.url
    let size = table.imagePixelSize
    let (environment, fixed, partialPreviews) = (self.environment, self.fixed, partialPreviews)
    cell.webURL = url
    cell.imageView.image = nil
    let load = PreviewLoad()
    let state = PreviewState()
    // Shows `image` in the cell on the main queue: a preview only while the load has not
    // finished (and, fixed, while the cell wants the URL), the full image while the cell wants
    // the URL.
    let show = { (image: Image, final: Bool) in
      environment.main.async(label: final ? "progressive.set" : "progressive.preview") { _ in
        if final {
          guard cell.webURL == url else { return }
          state.finished = true
        } else {
          if state.finished { return }
          // The bug: without `fixed`, the preview block does not check the cell's URL.
          if fixed && cell.webURL != url { return }
        }
        cell.imageView.image = image
      }
    }
    load.onChunk = { body, execution in
      if partialPreviews {
        environment.decoder.decodePartial(
          body, target: .aspectFill(width: size.width, height: size.height), on: execution
        ) { result in
          if case .success(let preview) = result { show(preview, false) }
        }
      } else if let preview = environment.image(data: body) {
        show(preview, false)
      }
    }
    load.onComplete = { body, execution in
      environment.decoder.decode(
        body, target: .aspectFill(width: size.width, height: size.height), on: execution
      ) { result in
        if case .success(let image) = result { show(image, true) }
      }
    }
    session.dataTask(with: url, delegate: load).resume()
  }
}

/// Whether a progressive load's full image has been shown (kept apart from `PreviewLoad`, whose
/// closures capture it, so that nothing forms a cycle).
final class PreviewState {
  var finished = false
}

/// One progressive load: the data task's delegate, which gathers the body and hands the bytes
/// so far to `onChunk` after every chunk and the whole body to `onComplete` on success, on the
/// session's queue.
final class PreviewLoad: SimulatedDataTaskDelegate {
  var onChunk: ([UInt8], Execution) -> Void = { _, _ in }
  var onComplete: ([UInt8], Execution) -> Void = { _, _ in }
  var body: [UInt8] = []

  func dataTask(_ task: SimulatedDataTask, didReceive data: [UInt8], execution: Execution) {
    body += data
    onChunk(body, execution)
  }

  func dataTask(
    _ task: SimulatedDataTask, didCompleteWithError error: NetworkError?, execution: Execution
  ) {
    if error == nil { onComplete(body, execution) }
    onChunk = { _, _ in }
    onComplete = { _, _ in }
  }
}

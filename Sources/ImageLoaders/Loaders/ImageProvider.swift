import SimNetwork
import SimPlatform

/// Seed 002's `ImageProvider` (`shared/seeds/002_7d16d7c5f7891218.txt`, section "The image
/// provider"): the object that fetches and processes one image for one cell.
///
/// The article describes it — "We will delegate the work of fetching and processing the image
/// to a image provider class. Every cell will has its own image provider" — and shows how it
/// is created (`ImageProvider(landscape:width:completion)`) and cancelled (`provider.cancel()`),
/// but links its source instead of quoting it. Its shape here follows what those call sites
/// imply, and each choice is a model choice:
/// - The provider owns an operation queue (default width), so `cancel()` is
///   `cancelAllOperations()` on it: the usual shape of a cancellable provider built from
///   operations.
/// - A load operation fetches with a blocking fetch, as the classical approach it replaces did
///   (`NSData(contentsOfURL:)`), so a cancel cannot stop a fetch that is running.
/// - A scale operation, dependent on the load, decodes and downscales the data on its worker
///   through the decoder service to `width` pixels on the longer side. The article passes
///   `cell.imvLandscape.frame.size.width*2` and reports memory "reduced by 60"; its photos are
///   landscape (6144 × 4096), so the longer side is the width. A cancelled scale operation
///   never runs, so the completion never comes.
/// - The completion is called on the scale operation's worker thread, with nil when the fetch
///   or the decode failed. The caller hops to the main queue itself, as the article's
///   completion does (`NSOperationQueue.mainQueue().addOperationWithBlock`).
final class ImageProvider {
  /// The item whose image it loads (the article's `landscape`).
  let itemID: Int
  /// The image URL (`landscape.url`).
  let url: String
  /// The provider's own operation queue (default width).
  let queue: SimulatedOperationQueue

  /// Starts loading `url`, downscaled to `width` pixels on the longer side; `completion` runs
  /// once on a worker thread unless the provider is cancelled first.
  init(
    itemID: Int, url: String, width: Int, environment: LoaderEnvironment,
    completion: @escaping (Image?) -> Void
  ) {
    self.itemID = itemID
    self.url = url
    queue = environment.operationQueue(name: "ImageProvider")
    // Shared between the two operations; the load writes it before the scale starts.
    final class Box { var data: [UInt8]? }
    let box = Box()
    let load = SimulatedBlockOperation { execution in
      environment.fetchSynchronously(url, on: execution) { result in
        if case .success(let data) = result { box.data = data }
      }
    }
    let scale = SimulatedBlockOperation { execution in
      guard let data = box.data else {
        completion(nil)
        return
      }
      box.data = nil
      environment.decoder.decode(data, target: .maxPixelSize(max(1, width)), on: execution) {
        completion(try? $0.get())
      }
    }
    scale.addDependency(load)
    queue.addOperation(load)
    queue.addOperation(scale)
  }

  /// `provider.cancel()`: cancels both operations. A running fetch keeps going, but the scale
  /// operation, not yet started, is skipped, so the completion never runs.
  func cancel() {
    queue.cancelAllOperations()
  }
}

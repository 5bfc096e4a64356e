import PNGRender
import SimKernel
import SimNetwork
import SimPlatform
package import SimTable

/// `animated-image`: an animated-image view driven by a display link, as animated GIF and APNG
/// views step their frames (FLAnimatedImageView, SDAnimatedImageView, Kingfisher's
/// AnimatedImageView all run a `CADisplayLink` whose callback sets the next frame on the view).
///
/// - `cellForRow` clears the cell, and fetches the row's URL with a data task; its completion
///   decodes on the callback worker and hops to the main queue, where it checks that the cell
///   still shows the URL (the load itself is reuse-safe).
/// - The first frame is set at once, then a display link steps the animation: every
///   `frames_per_step` vsyncs its callback sets the next frame on the cell's image view. The
///   frames are the decoded image (the oracle judges an image by its bytes, so each frame of an
///   animation of the URL is that URL's image).
/// - The bug (`fixed: false`): `prepareForReuse` stops the load but not the display link, whose
///   callback holds the cell and the old row's frames and keeps writing them into the recycled
///   cell at every step, before each frame's layout, until the new row's own image arrives. It
///   is the class of bug that animated-image libraries fixed by stopping the animation when the
///   view's image or window changes. `fixed: true` invalidates the link in `prepareForReuse`.
package final class AnimatedImageLoader: CatalogLoader {
  /// `animated-image`.
  package static let name = "animated-image"
  /// One line for `cellsim loaders`.
  package static let summary =
    "an animated-image view stepping frames from a display link; the bug: the link outlives "
    + "cell reuse (fixed: true stops it in prepareForReuse)"
  /// Its options.
  package static let optionSpecs: [LoaderOptionSpec] = [
    LoaderOptionSpec(
      "fixed", .bool, default: "false",
      "prepareForReuse invalidates the cell's display link (false: the link keeps writing the "
        + "old row's frames into the recycled cell)"),
    LoaderOptionSpec(
      "frames_per_step", .integer(1...120), default: "6",
      "vsyncs between two animation frames (6: 20 frames a second at 120 Hz)"),
  ]

  /// A cell with an animation.
  package final class Cell: TableCell {
    /// The URL the cell shows now.
    var url: String?
    /// The data task of its current load.
    var task: SimulatedDataTask?
    /// The display link stepping its animation.
    var link: DisplayLink?
    /// Whether `prepareForReuse` stops the animation (the loader's `fixed`).
    var stopsAnimationOnReuse = false

    package override func prepareForReuse() {
      super.prepareForReuse()
      task?.cancel()
      task = nil
      url = nil
      if stopsAnimationOnReuse {
        link?.invalidate()
        link = nil
      }
    }
  }

  let environment: LoaderEnvironment
  let session: SimulatedURLSession
  let fixed: Bool
  let framesPerStep: Int

  /// A loader with `options`.
  package init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    self.environment = environment
    session = environment.urlSession()
    fixed = options.bool("fixed")
    framesPerStep = options.integer("frames_per_step")
  }

  package func cellForRow(
    _ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    cell.stopsAnimationOnReuse = fixed
    cell.imageView.image = nil
    let url = item.url
    cell.url = url
    let environment = environment
    let size = table.imagePixelSize
    let task = session.dataTask(with: url) { [weak self] execution, result in
      guard case .success(let response) = result else { return }
      let target = DecodeTarget.aspectFill(width: size.width, height: size.height)
      environment.decoder.decode(response.body, target: target, on: execution) { decoded in
        guard case .success(let image) = decoded else { return }
        environment.main.async(label: "animated.loaded") { _ in
          guard cell.url == url else { return }
          self?.animate(cell, frames: [image])
        }
      }
    }
    cell.task = task
    task.resume()
  }

  /// Shows the first frame, then steps through `frames` from a display link.
  func animate(_ cell: Cell, frames: [Image]) {
    cell.link?.invalidate()
    cell.imageView.image = frames[0]
    var index = 0
    let step = framesPerStep
    // The callback holds the cell and the frames, as an animated-image view's link holds the
    // view and its animated image.
    cell.link = environment.displayLink { tick in
      guard tick.frame % Int64(step) == 0 else { return }
      index = (index + 1) % frames.count
      cell.imageView.image = frames[index]
    }
  }
}

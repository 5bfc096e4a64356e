/// A simulated `UIProgressView`: the download progress bar of a cell.
///
/// UIKit rule (Apple's documentation of `UIProgressView`): `progress` is a value in 0…1 (values
/// outside are pinned), set directly or with `setProgress(_:animated:)`; `isHidden` hides the
/// view. Changes show at the next frame commit; `animated` only changes how the bar moves on a
/// device, so the simulation shows the new value at once either way. Like every UIKit view it
/// belongs to the main thread: setting it elsewhere still takes effect but is recorded as a
/// main-thread violation.
///
/// The value shown is judged by the oracle's `progress_isolation` when it came from a request:
/// `setProgress(_:animated:)` with a ``RequestProgress`` (a task's progress, as a progress block
/// computes `receivedSize / expectedSize` from it) records whose request it is. A plain value
/// (`progress = 0` when a cell is reused, say) names no request and is not judged.
public final class ProgressView {
  unowned let world: World
  /// The value shown, pinned to 0…1.
  @exclusivity(unchecked) var value: Float = 0
  /// The request the shown value came from, if it came from one.
  @exclusivity(unchecked) package private(set) var source: RequestProgress?
  /// Bumped at every change (value, source or visibility): a commit compares it with the last
  /// one it recorded, so an untouched progress view costs one comparison per frame.
  @exclusivity(unchecked) var storedGeneration: UInt64 = 0
  /// `storedGeneration`, for the table's commit: a getter keeps the read free of the
  /// cross-module exclusivity check a stored property keeps (`ImageView.imagesForCommit`).
  package var generation: UInt64 { storedGeneration }

  /// An empty, visible progress view (progress 0) in `world`.
  package init(world: World) { self.world = world }

  /// `UIProgressView.progress`: the value shown, 0…1. Assigning it is
  /// `setProgress(_:animated: false)` with a value that names no request.
  public var progress: Float {
    get { value }
    set { setProgress(newValue, animated: false) }
  }

  /// `UIProgressView.isHidden` (a `UIView` property): a hidden progress view shows nothing.
  @exclusivity(unchecked) public var isHidden = false {
    didSet {
      if isHidden != oldValue { changed("isHidden") }
    }
  }

  /// `UIProgressView.setProgress(_:animated:)` with a plain value, which names no request
  /// (for example 0 when a cell is reused). Values outside 0…1 are pinned.
  public func setProgress(_ progress: Float, animated: Bool) {
    value = progress.isNaN ? 0 : min(1, max(0, progress))
    source = nil
    changed("setProgress")
  }

  /// `UIProgressView.setProgress(_:animated:)` with `Float(progress.fractionCompleted)`: shows
  /// how far a request has come, from its task's progress (`URLSessionTask.progress`, as a
  /// progress block hears it in `urlSession(_:dataTask:didReceive:)`), and records which
  /// request that is, for the oracle's `progress_isolation`.
  public func setProgress(_ progress: RequestProgress, animated: Bool) {
    value = Float(progress.fractionCompleted)
    source = progress
    changed("setProgress")
  }

  /// What the view shows now, for the display log: nil while hidden.
  package var shown: (value: Float, source: RequestProgress?)? {
    isHidden ? nil : (value, source)
  }

  func changed(_ action: String) {
    storedGeneration &+= 1
    world.displayChanged()
    if let thread = world.currentThread, !thread.isMain {
      world.recordMainThreadViolation(
        MainThreadViolation(
          time: world.now, threadName: thread.name, action: "ProgressView.\(action)"))
    }
  }
}

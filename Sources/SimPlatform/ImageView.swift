public import SimKernel

/// A timed transition when an image view changes image.
public enum ImageTransition: Sendable, Equatable {
  /// Change at once.
  case none
  /// Cross-dissolve over the duration (`UIView.transition(… .transitionCrossDissolve)`).
  case fade(SimDuration)
}

/// What a main-thread checker would flag: UIKit touched off the main thread.
package struct MainThreadViolation: Sendable, Equatable {
  /// When it happened.
  package let time: SimTime
  /// The thread that did it.
  package let threadName: String
  /// What was done.
  package let action: String

  /// A violation by `threadName` doing `action` at `time`.
  package init(time: SimTime, threadName: String, action: String) {
    self.time = time
    self.threadName = threadName
    self.action = action
  }
}

/// A simulated `UIImageView`.
///
/// Setting `image` takes effect at once (the next frame commits it) and charges the device's
/// `set_image` cost to the main-thread execution running now. Setting it from a background
/// thread still takes effect, as it often seems to on a device, but is recorded as a
/// main-thread violation. `setImage(_:transition:completion:)` starts a cross-dissolve: during
/// it both the outgoing and the incoming image are on screen, and `completion` runs on the main
/// thread when it ends (unless another image was set meanwhile, which ends it early).
public final class ImageView {
  unowned package let world: World
  @exclusivity(unchecked) var storedImage: Image?
  /// When the view got its current image (nil without one): the oracle's "when did what this
  /// view shows arrive" (`cache_hit_on_revisit`'s memory-warning excuse).
  @exclusivity(unchecked) package private(set) var imageSetAt: SimTime?
  /// The image fading out while a transition runs.
  @exclusivity(unchecked) package private(set) var outgoingImage: Image?
  /// When the current transition ends, if one runs.
  @exclusivity(unchecked) package private(set) var transitionEnd: SimTime?
  @exclusivity(unchecked) var transitionGeneration = 0

  /// An empty image view in `world`.
  package init(world: World) { self.world = world }

  /// The image shown; assigning it is `imageView.image = …` with no transition.
  public var image: Image? {
    get { storedImage }
    set { setImage(newValue, transition: .none) }
  }

  /// Whether a transition is running.
  public var isTransitioning: Bool { transitionEnd.map { world.now < $0 } ?? false }

  /// What a frame commit at `now` shows in this view, by serial number: the image and, while
  /// a cross-dissolve runs, the outgoing image (with the transition's end); either one still
  /// encoded is decoded on `execution` first (UIKit decodes `UIImage(data:)` lazily, at the
  /// commit that first shows it).
  ///
  /// One call per cell per frame, from the table's commit: the table reads the view through
  /// this method rather than its stored properties, because a stored property read from
  /// another module keeps a runtime exclusivity check that `@exclusivity(unchecked)` does not
  /// lift there. It returns serial numbers, not the images: an object returned across modules
  /// is retained and released again, and the table needs the images only when they changed
  /// (`imagesShown(at:)`).
  package func serialsForCommit(
    now: SimTime, on execution: Execution
  ) -> (image: UInt64?, outgoing: UInt64?, transitionEnd: SimTime?) {
    let outgoing = outgoingShown(at: now)
    if let image = storedImage, !image.isDecoded { image.decodeForDisplay(on: execution) }
    guard let outgoing else { return (storedImage?.serial, nil, nil) }
    if !outgoing.isDecoded { outgoing.decodeForDisplay(on: execution) }
    return (storedImage?.serial, outgoing.serial, transitionEnd)
  }

  /// The images a commit at `now` shows in this view (those `serialsForCommit` numbers).
  package func imagesShown(at now: SimTime) -> (image: Image?, outgoing: Image?) {
    (storedImage, outgoingShown(at: now))
  }

  /// The outgoing image while its cross-dissolve still runs at `now`.
  func outgoingShown(at now: SimTime) -> Image? {
    (transitionEnd.map { now < $0 } ?? false) ? outgoingImage : nil
  }

  /// Every image on screen in this view now: the image, plus the outgoing one mid-transition.
  package var imagesOnScreen: [Image] {
    var images: [Image] = []
    if let storedImage { images.append(storedImage) }
    if isTransitioning, let outgoingImage { images.append(outgoingImage) }
    return images
  }

  /// Sets the image with a transition; `completion` runs on the main thread when the
  /// transition ends (at once, on a later turn, for `.none`).
  ///
  /// A later set ends the cross-dissolve on screen (the new image shows alone), but not the
  /// completion: it still runs at the transition's scheduled end, as UIKit runs the
  /// completion of `UIView.transition(with:duration:options:animations:completion:)` "when the
  /// animation sequence ends". Code whose completion sets the image again can therefore put it
  /// back over a newer one.
  public func setImage(
    _ newImage: Image?, transition: ImageTransition, completion: (() -> Void)? = nil
  ) {
    checkMainThread("setImage")
    if let execution = world.currentThread?.execution, execution.thread.isMain, newImage != nil {
      execution.spend(world.device.setImage)
    }
    transitionGeneration += 1
    world.displayChanged()
    let generation = transitionGeneration
    outgoingImage = isTransitioning ? outgoingImage : storedImage
    storedImage = newImage
    imageSetAt = newImage == nil ? nil : world.now
    switch transition {
    case .none:
      outgoingImage = nil
      transitionEnd = nil
      if let completion { world.main.async(label: "transition.completion") { _ in completion() } }
    case .fade(let duration):
      precondition(duration >= .zero, "ImageView.setImage: negative transition duration")
      let end = world.now + duration
      transitionEnd = end
      world.loop.schedule(at: end) { [weak self] in
        guard let self else { return }
        if transitionGeneration == generation {
          outgoingImage = nil
          transitionEnd = nil
          world.displayChanged()
        }
        if let completion { world.main.async(label: "transition.completion") { _ in completion() } }
      }
    }
  }

  func checkMainThread(_ action: String) {
    guard let thread = world.currentThread, !thread.isMain else { return }
    world.recordMainThreadViolation(
      MainThreadViolation(time: world.now, threadName: thread.name, action: "ImageView.\(action)"))
  }
}

import SimPlatform

/// What reaches the screen from a view: the image and progress a cell shows, which its SimTable
/// cell carries to the oracle (`UITableViewCell`, "What the oracle sees").
extension UIView {
  /// Whether the view shows anything: not hidden and not fully transparent (its ancestors are
  /// checked by whoever walks down to it).
  var isShown: Bool { !isHidden && alpha > 0 }

  /// Something a person sees in this view changed: the nearest enclosing display host (a table
  /// cell) recomputes what it shows.
  func displayDidChange() {
    var view: UIView? = self
    while let current = view {
      if current.hostsDisplay {
        current.hostedDisplayDidChange()
        return
      }
      view = current.storedSuperview
    }
  }

  /// For a cell: sets what it shows on its SimTable cell (`UITableViewCell`, "What the oracle
  /// sees").
  func syncBacking() {
    guard let backing = pairedBacking, backing.current === self,
      let world = SimulationContext.world
    else { return }
    let image = shownCellImage()?.simImage(in: world)
    if backing.imageView.image !== image {
      backing.imageView.setImage(image, transition: ViewLayerState.of(world).transition)
    }
    let progress = firstShown(UIProgressView.self) { _ in true }
    if progress != nil { followsProgress = true }
    guard followsProgress else { return }
    let view = backing.progressView
    if let progress {
      if view.isHidden { view.isHidden = false }
      if view.progress != progress.value || view.source != nil {
        view.setProgress(progress.value, animated: false)
      }
    } else if !view.isHidden {
      view.isHidden = true
    }
  }

  /// The image the cell shows: that of the first visible image view (depth first) showing
  /// content (an image from data, a redraw of one), else of the first showing any image (a
  /// placeholder, an icon, a failure image). A cell's photo is judged even when an icon or an
  /// avatar placeholder comes before it in the hierarchy.
  func shownCellImage() -> UIImage? {
    var first: UIImage?
    let content = firstShown(UIImageView.self) { view in
      guard let image = view.shownImage else { return false }
      if first == nil { first = image }
      return image.contentImage != nil
    }
    return content?.shownImage ?? first
  }

  /// The first visible view of type `T` in depth-first order (the view itself first) for which
  /// `accept` holds, skipping hidden or transparent subtrees.
  func firstShown<T: UIView>(_ type: T.Type, where accept: (T) -> Bool) -> T? {
    guard isShown else { return nil }
    if let view = self as? T, accept(view) { return view }
    for subview in storedSubviews {
      if let found = subview.firstShown(type, where: accept) { return found }
    }
    return nil
  }
}

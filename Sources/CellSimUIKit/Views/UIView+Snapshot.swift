/// `drawHierarchy(in:afterScreenUpdates:)`: a view hierarchy drawn into the current graphics
/// context, as a `UIGraphicsImageRenderer` block that snapshots a view does it:
///
/// ```swift
/// let image = UIGraphicsImageRenderer(bounds: view.bounds).image { _ in
///   view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
/// }
/// ```
///
/// The layer draws no pixels of views (backgrounds, text, borders are not rendered), so what the
/// hierarchy contributes is its images: the view and its visible descendants are walked in
/// drawing order (a view before its subviews, subviews back to front), skipping hidden and
/// transparent ones (alpha under 0.01), and each image view's image is drawn with
/// `UIImage.draw(in:)` into its frame, mapped from the view's bounds onto `rect`. The context then
/// treats those images as it treats any drawn image: a renderer's result is made from the first
/// one (see `UIGraphicsImageRenderer`), so a snapshot of a cell showing a photo is that photo's
/// content, and a snapshot with no image view showing an image is a placeholder. The context
/// records a "draw hierarchy" operation. `afterScreenUpdates` is accepted: a run has no pending
/// screen updates to wait for.
extension UIView {
  /// Draws the view's hierarchy into the current context (see the extension's notes). Returns
  /// false when there is no current context (nothing to draw into), else true: the layer has
  /// every image a hierarchy shows.
  @discardableResult
  public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
    guard let context = CGContext.current else { return false }
    context.record("draw hierarchy")
    let bounds = self.bounds
    let scaleX = bounds.width > 0 ? rect.width / bounds.width : 1
    let scaleY = bounds.height > 0 ? rect.height / bounds.height : 1
    var pending: [UIView] = [self]
    while let view = pending.popLast() {
      guard !view.isHidden, view.alpha >= 0.01 else { continue }
      if let imageView = view as? UIImageView, let image = imageView.image {
        let frame = view.convert(view.bounds, to: self as UIView?)
        image.draw(
          in: CGRect(
            x: rect.minX + (frame.minX - bounds.minX) * scaleX,
            y: rect.minY + (frame.minY - bounds.minY) * scaleY,
            width: frame.width * scaleX, height: frame.height * scaleY))
      }
      // Pushed in reverse so the back-most subview is drawn first.
      for subview in view.storedSubviews.reversed() { pending.append(subview) }
    }
    return true
  }
}

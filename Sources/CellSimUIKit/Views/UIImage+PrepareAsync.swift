extension UIImage {
  /// `prepareForDisplay(completionHandler:)` (iOS 15): decodes the image on a background queue
  /// (`DispatchQueue.global(qos: .userInitiated)`, a simulated worker, at the device's decode
  /// cost) and calls `completionHandler` there with the decoded image, as UIKit calls it on a
  /// queue of its own, not the main one.
  public func prepareForDisplay(completionHandler: @escaping @Sendable (UIImage?) -> Void) {
    DispatchQueue.global(qos: .userInitiated).async {
      completionHandler(self.preparingForDisplay())
    }
  }

  /// `prepareThumbnail(of:completionHandler:)` (iOS 15): `preparingThumbnail(of:)` on a
  /// background queue, as `prepareForDisplay(completionHandler:)` does.
  public func prepareThumbnail(
    of size: CGSize, completionHandler: @escaping @Sendable (UIImage?) -> Void
  ) {
    DispatchQueue.global(qos: .userInitiated).async {
      completionHandler(self.preparingThumbnail(of: size))
    }
  }
}

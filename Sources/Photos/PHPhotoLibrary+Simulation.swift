public import CellSimUIKit

/// Simulation only: how a test fills the run's photo library and sets its authorization.
/// Nothing here exists on a device; call it from the test (a hosted screen's `rows` closure),
/// never from the code under test.
extension PHPhotoLibrary {
  /// Simulation only: makes the calling world's library hold one image asset per URL of
  /// `urls`, in that order (replacing any it held), so that `PHAsset.fetchAssets(with:)`
  /// returns asset `i` for `urls[i]`. Each asset's image is the bytes the world's network
  /// serves at its URL. Call it inside the world (a hosted screen's `rows` closure, or a test's
  /// set-up with the world installed):
  ///
  /// ```swift
  /// let screen = HostedScreen(
  ///   makeViewController: { GridViewController() },
  ///   rows: { _, urls in PHPhotoLibrary.fillSimulatedLibrary(with: urls) })
  /// ```
  ///
  /// Objects fetched before keep the assets they held; observers are not told.
  public static func fillSimulatedLibrary(with urls: [URL]) {
    LibraryState.current(for: "PHPhotoLibrary.fillSimulatedLibrary(with:)")
      .replaceAssets(with: urls)
  }

  /// Simulation only: sets the status that `authorizationStatus()` and
  /// `authorizationStatus(for:)` answer in the calling world (`.authorized` until set).
  /// `.notDetermined` makes the next `requestAuthorization` grant access; `.denied` or
  /// `.restricted` makes it refuse; `.limited` answers `.limited`.
  public static func setSimulatedAuthorizationStatus(_ status: PHAuthorizationStatus) {
    LibraryState.current(for: "PHPhotoLibrary.setSimulatedAuthorizationStatus(_:)")
      .authorization = status
  }
}

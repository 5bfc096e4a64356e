/// A view controller's content-unavailable update (iOS 17):
/// `updateContentUnavailableConfiguration(using:)` runs at the start of the controller's layout
/// pass when it is due: before the view first appears, and in the update pass after
/// `setNeedsUpdateContentUnavailableConfiguration()` or a change to an `@Observable` property it
/// read (tracked, as UIKit documents; `AutomaticObservation`).
extension UIViewController {
  /// The state UIKit gives: the controller's traits, and the text in its navigation item's
  /// search controller's bar (nil without one).
  var systemContentUnavailableConfigurationState: UIContentUnavailableConfigurationState {
    var state = UIContentUnavailableConfigurationState(traitCollection: traitCollection)
    state.searchText = storedNavigationItem?.searchController?.searchBar.text
    return state
  }

  /// Runs `updateContentUnavailableConfiguration(using:)` with the controller's
  /// `contentUnavailableConfigurationState` if it is due (tracked).
  func updateContentUnavailableConfigurationIfNeeded() {
    guard needsContentUnavailableConfigurationUpdate else { return }
    needsContentUnavailableConfigurationUpdate = false
    AutomaticObservation.track(
      self, .contentUnavailable,
      invalidate: { [weak self] in
        self?.needsContentUnavailableConfigurationUpdate = true
        return self
      },
      run: { updateContentUnavailableConfiguration(using: contentUnavailableConfigurationState) })
  }
}

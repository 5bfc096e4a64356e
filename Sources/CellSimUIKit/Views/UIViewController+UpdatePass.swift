/// A view controller's part in the update pass: its properties, then its view's constraints and
/// layout between `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()`, each tracked for
/// observation (`AutomaticObservation`).
extension UIViewController {
  /// The controller's layout pass, as UIKit runs it when the view lays out: properties (the
  /// controller's, then its views'), the content-unavailable configuration if due,
  /// `updateViewConstraints()` (always when `full`, as before a
  /// screen's first layout; else when the view's constraints were invalidated),
  /// `viewWillLayoutSubviews()`, the view's `layoutIfNeeded()`, `viewDidLayoutSubviews()`.
  package func engineLayoutPass(full: Bool) {
    guard let view = viewIfLoaded else { return }
    updatePropertiesIfNeeded()
    updateContentUnavailableConfigurationIfNeeded()
    if full || view.constraintsNeedUpdate {
      AutomaticObservation.track(
        self, .constraints,
        invalidate: { [weak self] in
          self?.viewIfLoaded?.setNeedsUpdateConstraints()
          return self
        },
        run: { updateViewConstraints() })
    }
    guard full || view.needsLayout else { return }
    AutomaticObservation.track(
      self, .layout, invalidate: layoutInvalidated, run: { viewWillLayoutSubviews() })
    view.layoutIfNeeded()
    AutomaticObservation.track(
      self, .didLayout, invalidate: layoutInvalidated, run: { viewDidLayoutSubviews() })
  }

  /// What a change read by the controller's layout callbacks does: marks the view for layout.
  private var layoutInvalidated: @MainActor () -> UIResponder? {
    { [weak self] in
      self?.viewIfLoaded?.setNeedsLayout()
      return self
    }
  }
}

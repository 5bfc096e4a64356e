// Swift 5 language mode: code outside the main actor uses UIKit types, as Swift 5 code does
// against the real UIKit (its Objective-C declarations are imported as `@preconcurrency`), so it
// compiles without an error. A helper class that makes an activity indicator and an alert, and
// a completion handler that builds an alert on the session's queue, are the shapes tutorials use.
import CellSimUIKit
import Testing

/// Nonisolated code that builds views: compiles in Swift 5 mode as it does against UIKit.
final class SpinnerHelper {
  class func attachSpinner(to imageView: UIImageView) -> UIActivityIndicatorView {
    let spinner = UIActivityIndicatorView(frame: imageView.bounds)
    spinner.startAnimating()
    imageView.addSubview(spinner)
    return spinner
  }

  class func failureAlert() -> UIAlertController {
    let alert = UIAlertController(title: "Oops", message: "No photos", preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "OK", style: .default))
    return alert
  }
}

@Suite("UIKit types are usable from nonisolated Swift 5 code (@preconcurrency, as UIKit's)")
struct NonisolatedUIKitSwift5Tests {
  @Test("a nonisolated helper builds a spinner and an alert")
  @MainActor func helperBuildsViews() {
    let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    let spinner = SpinnerHelper.attachSpinner(to: imageView)
    #expect(spinner.isAnimating)
    #expect(imageView.subviews.count == 1)
    let alert = SpinnerHelper.failureAlert()
    #expect(alert.actions.map(\.title) == ["OK"])
    #expect(alert.preferredStyle == .alert)
  }
}

public import CellSimUIKit
import SimPlatform

/// StoreKit's `SKStoreReviewController`, as a settings screen's "Rate the app" row calls it:
/// the request is accepted and traced (`uikit.review_request`), and no review prompt is shown
/// (Apple documents that the system may show none).
@preconcurrency @MainActor open class SKStoreReviewController: NSObject {
  /// `requestReview(in:)`: traced; no prompt.
  open class func requestReview(in windowScene: UIWindowScene) { record("requestReview(in:)") }

  /// `requestReview()` (deprecated in iOS 14): traced; no prompt.
  open class func requestReview() { record("requestReview()") }

  static func record(_ call: String) {
    guard let world = SimulationContext.world else { return }
    world.trace.record(at: world.now, "uikit.review_request") { $0.field("call", call) }
  }
}

/// StoreKit 2's `AppStore`, for its review request.
public enum AppStore {
  /// `requestReview(in:)` (iOS 16): traced; no prompt.
  @MainActor public static func requestReview(in scene: UIWindowScene) {
    SKStoreReviewController.record("AppStore.requestReview(in:)")
  }
}

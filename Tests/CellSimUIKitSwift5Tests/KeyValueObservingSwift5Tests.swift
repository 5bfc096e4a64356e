// Swift 5 language mode: a pagination helper, a nonisolated NSObject subclass, observes its
// scroll view's offset with key-value observing, as swift-pagination's `Pagination` does.
import CellSimUIKit
import Testing

/// A nonisolated helper that asks for the next page when the offset passes a threshold.
final class OffsetPaginator: NSObject {
  weak var scrollView: UIScrollView?
  private var observation: NSKeyValueObservation?
  var requests: [CGFloat] = []

  func attach(to scrollView: UIScrollView) {
    self.scrollView = scrollView
    observation = scrollView.observe(\.contentOffset, options: [.old, .new]) {
      [unowned self] scrollView, change in
      guard let old = change.oldValue, let new = change.newValue, new.y > old.y else { return }
      if new.y > 100 { self.requests.append(new.y) }
    }
  }
}

@Suite("Key-value observing in Swift 5 mode")
struct KeyValueObservingSwift5Tests {
  @Test("a nonisolated helper's observation hears the offset move down, frame by frame")
  func paginator() throws {
    let paginator = OffsetPaginator()
    try simulate(for: 100) {
      DispatchQueue.main.async {
        let scrollView = UIScrollView()
        paginator.attach(to: scrollView)
        scrollView.contentOffset = CGPoint(x: 0, y: 50)
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
          scrollView.contentOffset = CGPoint(x: 0, y: 150)
          DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
            scrollView.contentOffset = CGPoint(x: 0, y: 120)
          }
        }
        // Kept alive for the run, as the screen that owns it would.
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(90)) {
          _ = scrollView
        }
      }
    }
    #expect(paginator.requests == [150])
  }
}

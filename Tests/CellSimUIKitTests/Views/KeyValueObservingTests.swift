// Written as iOS code: this file imports only the layer (and the host and Testing). Pagination
// libraries observe a scroll view's `contentOffset` with key-value observing instead of
// taking its delegate.
import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// What the observer of a hosted table's offset heard.
final class OffsetLog: @unchecked Sendable {
  var observation: NSKeyValueObservation?
  var offsets: [(old: CGFloat, new: CGFloat)] = []
}

@Suite("Key-value observing a scroll view")
struct KeyValueObservingTests {
  @Test("a table's contentOffset observer hears each frame the simulated scroll moves it")
  @MainActor func hostedTable() throws {
    let scenario = try Scenario(
      yaml: HostedLifecycleTests.yaml, fixturesRoot: Repository.fixtures)
    let holder = Holder<RecordingViewController>()
    let offsets = OffsetLog()
    let screen = HostedScreen(
      makeViewController: { () -> RecordingViewController in
        let controller = RecordingViewController()
        holder.value = controller
        // As a pagination helper does when it is given the table.
        offsets.observation = controller.tableView.observe(
          \.contentOffset, options: [.old, .new]
        ) { _, change in
          offsets.offsets.append((change.oldValue!.y, change.newValue!.y))
        }
        return controller
      },
      rows: { controller, urls in controller.photoURLs = urls })
    _ = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    let controller = try #require(holder.value)
    // One change per frame that moved the offset: the frames the delegate heard too.
    #expect(offsets.offsets.count == controller.scrolls && controller.scrolls > 10)
    #expect(offsets.offsets.allSatisfy { $0.old != $0.new })
    for (earlier, later) in zip(offsets.offsets, offsets.offsets.dropFirst()) {
      #expect(earlier.new == later.old)
    }
  }

  @Test("a plain scroll view's change is heard inside the set, as KVO; invalidate ends it")
  func plainScrollView() throws {
    let log = Log()
    try simulate(for: 200) {
      DispatchQueue.main.async {
        let scrollView = UIScrollView()
        var observation: NSKeyValueObservation? = scrollView.observe(
          \.contentOffset, options: [.initial, .new]
        ) { view, change in
          log.add("offset \(change.newValue!.y) old=\(change.oldValue == nil)")
        }
        scrollView.contentOffset = CGPoint(x: 0, y: 40)
        log.add("set")
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) {
          observation?.invalidate()
          scrollView.contentOffset = CGPoint(x: 0, y: 80)
          DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) {
            observation = nil
            log.add("end \(scrollView.contentOffset.y)")
          }
        }
      }
    }
    #expect(
      log.lines == [
        "offset 0.0 old=true @0", "offset 40.0 old=true @0", "set @0", "end 80.0 @100",
      ])
  }
}

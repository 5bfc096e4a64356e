// Written as iOS code, with only the layer imported (no `import Observation`): a view
// controller helper that re-registers `withObservationTracking` on every change, as apps write
// it with `import UIKit` alone.
import CellSimUIKit
import Testing

@Observable final class ObservedCounter {
  var count = 0
}

@Suite("Observation comes with the layer")
struct ObservationExportTests {
  @Test("withObservationTracking and @Observable compile and fire without importing Observation")
  func tracking() {
    let model = ObservedCounter()
    nonisolated(unsafe) var fired = 0
    let seen = withObservationTracking {
      model.count
    } onChange: {
      fired += 1
    }
    #expect(seen == 0)
    model.count = 1
    #expect(fired == 1)
  }
}

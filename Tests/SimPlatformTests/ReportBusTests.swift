import SimKernel
import Testing

@testable import SimPlatform

@Suite("Report bus")
struct ReportBusTests {
  @Test("a subscriber gets the kinds it named, in order with the others; by default every kind")
  func subscriptionsByKind() {
    let bus = ReportBus()
    var log: [String] = []
    bus.subscribe { log.append("all:\($0.kind)") }
    bus.subscribe(to: [.memoryWarning, .mainWorkEnded, .memoryWarning]) {
      log.append("some:\($0.kind)")
    }
    bus.subscribe(to: []) { log.append("none:\($0.kind)") }
    bus.subscribe { log.append("all2:\($0.kind)") }
    bus.send(.memoryWarning)
    bus.send(.runLoopMode(.tracking))
    bus.send(.mainWorkEnded(label: "x"))
    #expect(
      log == [
        "all:memoryWarning", "some:memoryWarning", "all2:memoryWarning",
        "all:runLoopMode", "all2:runLoopMode",
        "all:mainWorkEnded", "some:mainWorkEnded", "all2:mainWorkEnded",
      ])
    bus.removeAllSubscribers()
    log.removeAll()
    bus.send(.memoryWarning)
    #expect(log.isEmpty)
    #expect(bus.subscribers.allSatisfy { $0.isEmpty })
  }

  @Test("removing an owner's subscribers leaves the others, in order")
  func removeByOwner() {
    final class Owner {}
    let bus = ReportBus()
    let owner = Owner()
    let other = Owner()
    var log: [String] = []
    bus.subscribe { log.append("free:\($0.kind)") }
    bus.subscribe(to: [.memoryWarning], owner: owner) { log.append("owned:\($0.kind)") }
    bus.subscribe(owner: other) { log.append("other:\($0.kind)") }
    bus.subscribe(owner: owner) { log.append("owned2:\($0.kind)") }
    bus.send(.memoryWarning)
    #expect(
      log == [
        "free:memoryWarning", "owned:memoryWarning", "other:memoryWarning",
        "owned2:memoryWarning",
      ])
    bus.removeSubscribers(owner: owner)
    log.removeAll()
    bus.send(.memoryWarning)
    bus.send(.mainWorkEnded(label: "x"))
    #expect(
      log == [
        "free:memoryWarning", "other:memoryWarning", "free:mainWorkEnded", "other:mainWorkEnded",
      ])
  }

  @Test("every report's kind is its case")
  func kinds() {
    let reports: [(PlatformReport, PlatformReport.Kind)] = [
      (.memoryWarning, .memoryWarning), (.runLoopMode(.default), .runLoopMode),
      (.mainWorkEnded(label: "frame"), .mainWorkEnded),
      (
        .requestLifecycle(RequestLifecycleReport(id: 1, url: "u", event: .started)),
        .requestLifecycle
      ),
    ]
    for (report, kind) in reports { #expect(report.kind == kind) }
    #expect(Set(PlatformReport.Kind.allCases.map(\.rawValue)).count == 11)
  }
}

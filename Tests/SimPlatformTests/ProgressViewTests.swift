import SimKernel
import Testing

@testable import SimPlatform

/// `ProgressView`, a `UIProgressView`, and `RequestProgress`, a snapshot of
/// `URLSessionTask.progress` that names its request.
@Suite("Progress view")
struct ProgressViewTests {
  @Test("plain values are pinned to 0…1, name no request, and bump the generation")
  func plainValues() {
    let world = World()
    let view = ProgressView(world: world)
    #expect(view.progress == 0 && view.generation == 0 && view.source == nil)
    view.progress = 1.5
    #expect(view.progress == 1)
    view.setProgress(-2, animated: true)
    #expect(view.progress == 0)
    view.setProgress(.nan, animated: false)
    #expect(view.progress == 0)
    #expect(view.generation == 3)
    #expect(view.shown.map { $0.value } == 0)
  }

  @Test("a request's progress shows its fraction and records whose it is; a plain value clears it")
  func requestProgress() {
    let world = World()
    let view = ProgressView(world: world)
    let half = RequestProgress(completed: 500, total: 1_000, url: "u/1", transferID: 4)
    view.setProgress(half, animated: true)
    #expect(view.progress == 0.5)
    #expect(view.source == half)
    view.progress = 0
    #expect(view.source == nil)
    view.isHidden = true
    #expect(view.shown == nil)
    view.isHidden = true
    #expect(view.generation == 3)
  }

  @Test("fractionCompleted is 0 while the total is unknown, and clamped")
  func fraction() {
    #expect(
      RequestProgress(completed: 10, total: -1, url: "u", transferID: 1).fractionCompleted == 0)
    #expect(RequestProgress(completed: 0, total: 0, url: "u", transferID: 1).fractionCompleted == 0)
    #expect(
      RequestProgress(completed: 3, total: 4, url: "u", transferID: 1).fractionCompleted == 0.75)
    #expect(RequestProgress(completed: 9, total: 4, url: "u", transferID: 1).fractionCompleted == 1)
  }

  @Test("setting progress off the main thread is a main-thread violation")
  func offMain() throws {
    let world = World()
    let view = ProgressView(world: world)
    world.main.async { _ in view.progress = 0.25 }
    try world.run(for: .ms(1))
    #expect(world.mainThreadViolations.isEmpty)
    world.globalQueue().async { _ in view.progress = 0.5 }
    try world.run(for: .ms(1))
    #expect(world.mainThreadViolations.map(\.action) == ["ProgressView.setProgress"])
  }
}

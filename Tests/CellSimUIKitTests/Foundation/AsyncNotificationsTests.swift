// Written as iOS code, plus the async simulation that hosts it: KCImageCache's pipeline
// listens for memory warnings with NotificationCenter's async sequence.
import CellSimUIKit
import SimAsync
import SimKernel
import SimPlatform
import Testing

@Suite("NotificationCenter's async notifications(named:) in an async simulation", .serialized)
struct AsyncNotificationsTests {
  @Test("a task hears each post at its instant, none lost while busy; cancelling ends it")
  func notificationsNamed() async throws {
    let world = World(seed: 1, trace: .full)
    let log = Box<[String]>([])
    let name = Notification.Name("feed.refresh")
    let report = try await withAsyncSimulation(world: world) { sim in
      let listener = sim.startTask("listener") {
        for await note in NotificationCenter.default.notifications(named: name) {
          log.value.append(
            "\(note.userInfo?["n"] ?? "-") @\(sim.world.now.nanoseconds / 1_000_000)")
          try? await Task.sleep(for: .milliseconds(15))
        }
        log.value.append("ended @\(sim.world.now.nanoseconds / 1_000_000)")
      }
      for (n, at): (Int, Int64) in [(1, 10), (2, 20), (3, 30)] {
        sim.world.loop.schedule(after: .ms(at)) {
          NotificationCenter.default.post(name: name, object: nil, userInfo: ["n": n])
        }
      }
      sim.world.loop.schedule(after: .ms(70)) { listener.cancel() }
      try sim.run(for: .ms(100))
    }
    // The second and third arrive while the task sleeps; they wait in the buffer.
    #expect(log.value == ["1 @10", "2 @25", "3 @40", "ended @70"])
    #expect(report.isClean)
  }
}

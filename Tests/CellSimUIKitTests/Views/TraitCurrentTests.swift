import CellSimUIKit
import Testing

/// Reads the current traits where a theme manager does: off the main actor.
nonisolated func currentScaleOffMain() -> CGFloat { UITraitCollection.current.displayScale }

@Suite("UITraitCollection.current")
struct TraitCurrentTests {
  @Test("current is read off the main actor; performAsCurrent sets it for its block only")
  @MainActor func current() throws {
    let seen = Box<[String]>([])
    try simulate(for: 100) {
      seen.value.append("screen \(UIScreen.main.scale)")
      DispatchQueue.global().async {
        seen.value.append("worker \(currentScaleOffMain())")
      }
      let dark = UITraitCollection(userInterfaceStyle: .dark)
      dark.performAsCurrent {
        seen.value.append("inside \(UITraitCollection.current.userInterfaceStyle)")
      }
      seen.value.append("after \(UITraitCollection.current.userInterfaceStyle)")
      UITraitCollection.current = dark
      seen.value.append("set \(UITraitCollection.current.userInterfaceStyle)")
    }
    let scale = try #require(seen.value.first?.dropFirst("screen ".count))
    #expect(seen.value.contains("worker \(scale)"))
    #expect(
      seen.value.filter { !$0.hasPrefix("worker") } == [
        "screen \(scale)", "inside dark", "after light", "set dark",
      ])
    // Outside a world: the 3x default screen, and a value set is not kept.
    UITraitCollection.current = UITraitCollection(displayScale: 1)
    #expect(currentScaleOffMain() == 3)
  }
}

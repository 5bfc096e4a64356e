import CellSim
import CellSimUIKit
import CellSimUIKitHost
import Foundation
import Gallery
import ModernGallery

// Prints, for every gallery style, buggy and fixed, the scenario it runs, the invariants it
// violates and its trace digest: `.ci/check-gallery-digests` runs it in two processes and in a
// release build, and requires every line to be the same.
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let fixtures = here.deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Fixtures")
let scenarios = here.appendingPathComponent("Scenarios")

/// Each style's scenario (the one the tests use).
let scenarioOf = [
  "tutorial": "fast-fling.yaml", "completion-blocks": "fast-fling.yaml",
  "operations": "fast-fling.yaml", "prefetching": "prefetch-then-insert.yaml",
  "image-view-extension": "fast-fling.yaml", "diffable": "fast-fling.yaml",
  "actor-task": "fast-fling.yaml",
]

var failed = false
for name in GalleryScreens.names + ModernGalleryScreens.names {
  let modern = ModernGalleryScreens.names.contains(name)
  for fixed in [false, true] {
    let screen = HostedScreen(
      name: name,
      makeViewController: {
        modern
          ? ModernGalleryScreens.make(name, fixed: fixed) : GalleryScreens.make(name, fixed: fixed)
      },
      rows: { controller, urls in
        if modern {
          ModernGalleryScreens.setURLs(urls, of: controller)
        } else {
          GalleryScreens.setURLs(urls, of: controller)
        }
      })
    let file = scenarios.appendingPathComponent(scenarioOf[name]!)
    do {
      let result = try UIKitHost.run(contentsOf: file, screen: screen, fixturesRoot: fixtures)
      let violated = result.violations.violated.map(\.rawValue).joined(separator: ",")
      print(
        "\(name)\t\(fixed ? "fixed" : "buggy")\t\(scenarioOf[name]!)\t"
          + "\(violated.isEmpty ? "-" : violated)\t\(result.digest)")
    } catch {
      print("\(name)\t\(fixed ? "fixed" : "buggy")\terror: \(error)")
      failed = true
    }
  }
}
exit(failed ? 1 : 0)

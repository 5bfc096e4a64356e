import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// Tutorials' "modern" cell: a `Task` per cell that reads the URL with the blocking
/// `Data(contentsOf:)` (off the main actor in a detached task, or on it in a plain one).
final class TaskBlockingViewController: CheckedPhotosViewController {
  var detached = true

  override func load(
    _ url: URL, into cell: PhotoCell, at indexPath: IndexPath, in tableView: UITableView
  ) {
    cell.representedURL = url
    if detached {
      Task.detached {
        let data = try? Data(contentsOf: url)
        await MainActor.run {
          guard cell.representedURL == url, let data else { return }
          cell.imageView?.image = UIImage(data: data)
        }
      }
    } else {
      Task {
        let data = try? Data(contentsOf: url)
        guard cell.representedURL == url, let data else { return }
        cell.imageView?.image = UIImage(data: data)
      }
    }
  }
}

@Suite("Blocking calls inside a Task")
struct TaskBlockingTests {
  static let yaml = """
    cellsim: 1
    name: "hosted: Data(contentsOf:) inside a Task per cell"
    seed: 6
    table: {rows: 40}
    images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
    network: {latency: {min: "40ms", max: "400ms"}}
    run_until: "5s"
    invariants: [no_cross_cell_image, eventually_loaded]
    """

  @Test(
    "Data(contentsOf:) in a Task parks its simulated thread (the main one in a main-actor task)",
    arguments: [true, false])
  func dataInTask(detached: Bool) throws {
    let scenario = try Scenario(yaml: Self.yaml, fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      makeViewController: { () -> TaskBlockingViewController in
        let controller = TaskBlockingViewController()
        controller.detached = detached
        return controller
      }, rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(
      scenario, screen: screen, fixturesRoot: Repository.fixtures, keepTrace: true)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let trace = try #require(result.traceText)
    #expect(trace.contains("image.decode"))
    // The fetch parks a pool thread in a detached task, the main thread in a main-actor one.
    let parked = detached ? "thread=w" : "thread=main"
    #expect(trace.contains("thread.park \(parked)"))
  }
}

/// A cell configured through `Task.immediate`: on a device its body runs at once, in
/// `cellForRowAt`, until its first suspension.
final class ImmediateTaskViewController: CheckedPhotosViewController {
  /// What happened in each `load`, in order: "before", "inside", "after".
  var steps: [String] = []

  override func load(
    _ url: URL, into cell: PhotoCell, at indexPath: IndexPath, in tableView: UITableView
  ) {
    cell.representedURL = url
    steps.append("before")
    Task.immediate { @MainActor in
      self.steps.append("inside")
      let data = try? Data(contentsOf: url)
      guard cell.representedURL == url, let data else { return }
      cell.imageView?.image = UIImage(data: data)
    }
    steps.append("after")
  }
}

extension TaskBlockingTests {
  @Test("Task.immediate on the main actor starts its body inside cellForRowAt, as on a device")
  @MainActor func immediateTask() throws {
    let scenario = try Scenario(yaml: Self.yaml, fixturesRoot: Repository.fixtures)
    let controller = Box<ImmediateTaskViewController?>(nil)
    let screen = HostedScreen(
      makeViewController: { () -> ImmediateTaskViewController in
        let made = ImmediateTaskViewController()
        controller.value = made
        return made
      }, rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.isEmpty, "\(result.violations)")
    let steps = try #require(controller.value?.steps)
    #expect(steps.count >= 30)
    #expect(Array(steps.prefix(6)) == ["before", "inside", "after", "before", "inside", "after"])
  }
}

import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A table screen whose loader keeps its images in a `static` cache, as many libraries' shared
/// pipelines do: the cache outlives the run that filled it.
final class StaticCacheScreen: UITableViewController {
  nonisolated(unsafe) static var cache: [URL: UIImage] = [:]
  var urls: [URL] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    urls.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
    let url = urls[indexPath.row]
    cell.imageView?.image = Self.cache[url]
    guard Self.cache[url] == nil else { return cell }
    URLSession.shared.dataTask(with: url) { data, _, _ in
      DispatchQueue.main.async {
        guard let data, let image = UIImage(data: data) else { return }
        Self.cache[url] = image
        if tableView.indexPath(for: cell) == indexPath { cell.imageView?.image = image }
      }
    }.resume()
    return cell
  }
}

@Suite("State that outlives its run")
struct StaticStateTests {
  @Test("an image a static cache kept from an earlier run is named as such, not as corruption")
  func staticCacheNamed() throws {
    let scenario = try Scenario(
      yaml: """
        cellsim: 1
        name: "a static cache"
        seed: 3
        table: {rows: 40}
        images: {url: "https://img.test/{id}.png", fixtures: ["photos/*.png"]}
        network: {latency: {min: "80ms", max: "80ms"}}
        events:
          - {at: "300ms", drag: {by: 300, over: "300ms"}}
        run_until: "3s"
        invariants: [no_corrupt_image, no_cross_cell_image]
        """, fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      makeViewController: { StaticCacheScreen(style: .plain) },
      rows: { controller, urls in controller.urls = urls })
    StaticCacheScreen.cache = [:]
    defer { StaticCacheScreen.cache = [:] }
    let first = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(first.violations.isEmpty)
    #expect(!StaticCacheScreen.cache.isEmpty)

    let second = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    let flagged = try #require(second.violations.firstViolation(of: .noCorruptImage))
    #expect(flagged.detail.contains("decoded in an earlier run in this process"))
    #expect(!flagged.detail.contains("no complete, successful transfer"))

    // Emptied before the run, as the message says, the state no longer leaks.
    StaticCacheScreen.cache = [:]
    let third = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(third.violations.isEmpty)
    #expect(third.digest == first.digest)
  }
}

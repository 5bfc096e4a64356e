// Swift 5 language mode: a storyboard scene whose outlets a stand-in connects, a data source of
// several sections, and a task suspended from a background queue, as Swift 5 code writes them.
import CellSimUIKit
import Testing

/// A storyboard scene with its outlets (their `@IBOutlet` attributes removed) and sections.
final class Swift5AlbumsScreen: UIViewController, UITableViewDataSource {
  var tableView: UITableView!
  var albums: [[String]] = [["a", "b"], [], ["c"]]

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.dataSource = self
  }

  func numberOfSections(in tableView: UITableView) -> Int { albums.count }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    albums[section].count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
    cell.textLabel?.text = albums[indexPath.section][indexPath.row]
    return cell
  }
}

@Suite("Storyboards, sections and suspended tasks in Swift 5 mode")
struct StoryboardAndSuspendSwift5Tests {
  @Test("a stand-in's outlets connect before viewDidLoad; the table counts the sections")
  @MainActor func storyboardScene() {
    UIStoryboard.standIn(Swift5AlbumsScreen.self, forIdentifier: "albums", inStoryboard: "Swift5") {
      screen in
      let table = UITableView(frame: screen.view.bounds, style: .plain)
      screen.view.addSubview(table)
      screen.tableView = table
    }
    let screen =
      UIStoryboard(name: "Swift5", bundle: nil).instantiateViewController(withIdentifier: "albums")
      as! Swift5AlbumsScreen
    screen.loadViewIfNeeded()
    #expect(screen.tableView.dataSource === screen)
    screen.tableView.reloadData()
    #expect(screen.tableView.numberOfSections == 3)
    #expect(screen.tableView.numberOfRows(inSection: 2) == 1)
  }

  @Test("a task suspended from a background queue loads again once resumed")
  func suspendFromBackground() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a.png": [1, 2]]) {
      let task = URLSession.shared.dataTask(with: URL(string: "https://img.test/a.png")!) {
        data, _, _ in
        log.add("done \(data?.count ?? -1)")
      }
      task.resume()
      DispatchQueue.global().async {
        task.suspend()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { task.resume() }
      }
    }
    #expect(log.lines == ["done 2 @150"])
  }
}

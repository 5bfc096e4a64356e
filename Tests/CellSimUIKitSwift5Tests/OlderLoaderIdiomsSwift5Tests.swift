// Swift 5 language mode: idioms of older loaders and screens, as written for a device. A loader
// cancels a URL's task through `getTasksWithCompletionHandler`; a screen pushes its detail with
// `show(_:sender:)`, hides the bottom bar and keeps a target on its refresh control.
import CellSimUIKit
import Testing

/// A loader in the pre-`getAllTasks` style.
final class OlderImageLoader {
  let session = URLSession(configuration: .default)
  var log: [String] = []

  func load(_ text: String) {
    session.dataTask(with: URL(string: text)!) { data, _, error in
      let cancelled = (error as? URLError)?.code == .cancelled
      self.log.append("\(text.suffix(5)) \(cancelled ? "cancelled" : "\(data?.count ?? -1)")")
    }.resume()
  }

  func cancel(_ text: String) {
    session.getTasksWithCompletionHandler { dataTasks, _, _ in
      for task in dataTasks where task.originalRequest?.url?.absoluteString == text {
        task.cancel()
      }
    }
  }
}

final class OlderListController: UIViewController {
  let refresh = UIRefreshControl()
  override func viewDidLoad() {
    super.viewDidLoad()
    refresh.addTarget(self, action: Selector("reload"), for: .valueChanged)
  }
  func openDetail() {
    let detail = UIViewController()
    detail.hidesBottomBarWhenPushed = true
    show(detail, sender: self)
  }
}

@Suite("Older loader and screen idioms in Swift 5 mode")
struct OlderLoaderIdiomsSwift5Tests {
  @Test("a loader cancels a URL's task found through getTasksWithCompletionHandler")
  func cancelByURL() throws {
    let loader = OlderImageLoader()
    try simulate(serving: ["https://img.test/a.png": [1], "https://img.test/b.png": [2, 2]]) {
      loader.load("https://img.test/a.png")
      loader.load("https://img.test/b.png")
      loader.cancel("https://img.test/a.png")
    }
    #expect(loader.log.sorted() == ["a.png cancelled", "b.png 2"])
  }

  @Test("a screen pushes its detail with show(_:sender:) and keeps its refresh target")
  func showDetail() throws {
    var counts: [Int] = []
    try simulate {
      DispatchQueue.main.async {
        let list = OlderListController()
        let navigation = UINavigationController(rootViewController: list)
        list.loadViewIfNeeded()
        list.openDetail()
        counts = [navigation.viewControllers.count, list.refresh.allTargets.count]
      }
    }
    #expect(counts == [2, 1])
  }
}

// Swift 5 language mode, where a completion handler may call UIKit directly: the classic
// "UI from a background thread" code compiles, runs as it does on a device, and is recorded.
import CellSimUIKit
import Testing

/// A screen as Swift 5 tutorials write it: the download's completion, on the session's
/// delegate queue, updates the screen without a hop to the main queue.
final class OffMainScreen: UIViewController {
  let table = UITableView()
  var log: [String] = []

  func load(_ url: URL) {
    view.addSubview(table)
    URLSession.shared.dataTask(with: url) { _, _, _ in
      self.table.reloadData()
      self.log.append("visible \(self.table.visibleCells.count)")
      self.table.removeFromSuperview()
      let alert = UIAlertController(title: "Done", message: nil, preferredStyle: .alert)
      alert.addAction(UIAlertAction(title: "OK", style: .default))
      self.present(alert, animated: true)
      self.log.append("presented \(self.presentedViewController === alert)")
    }.resume()
  }
}

@Suite("UIKit called from a completion handler, off the main thread (Swift 5)")
struct OffMainUIKitCallsSwift5Tests {
  @Test("reloadData, visibleCells, removeFromSuperview and present run, and are recorded")
  func completionCallsUIKit() throws {
    let screen = Box<OffMainScreen?>(nil)
    let outcome = try simulate(serving: ["https://img.test/a.png": [1, 2, 3]]) {
      let controller = OffMainScreen()
      screen.value = controller
      controller.load(URL(string: "https://img.test/a.png")!)
    }
    #expect(screen.value?.log == ["visible 0", "presented true"])
    #expect(screen.value?.table.superview == nil)
    #expect(outcome.trace.contains("uikit.off_main"))
  }
}

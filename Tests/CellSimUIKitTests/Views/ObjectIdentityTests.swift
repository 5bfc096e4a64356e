// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A cell that keeps the task of each of its image views, as loaders that key by view do.
final class KeyedPhotoCell: UITableViewCell {
  var urls: [UIImageView: URL] = [:]
  var loading: Set<UIImageView> = []
}

@Suite("NSObject subclasses on iOS are Equatable and Hashable by identity")
struct ObjectIdentityTests {
  @Test("views compare, hash and key dictionaries by identity")
  @MainActor func views() throws {
    let cell = KeyedPhotoCell(style: .default, reuseIdentifier: "photo")
    let imageView = UIImageView()
    let other = UIImageView()
    cell.contentView.addSubview(imageView)
    #expect(cell.contentView.subviews.contains(imageView))
    #expect(!cell.contentView.subviews.contains(other))
    #expect(cell.contentView.subviews.firstIndex(of: imageView) == 0)
    #expect(imageView == imageView && imageView != other)
    let url = try #require(URL(string: "https://img.test/1"))
    cell.urls[imageView] = url
    cell.loading.insert(imageView)
    cell.loading.insert(imageView)
    #expect(cell.urls[imageView] == url && cell.urls[other] == nil)
    #expect(cell.loading.count == 1)
    let controller = UIViewController()
    #expect(controller == controller && controller != UIViewController())
    #expect(Set([controller, controller]).count == 1)
  }

  @Test("tasks, operations and queues compare and hash by identity")
  func foundationObjects() throws {
    let log = Log()
    try simulate(serving: ["https://img.test/a": [1], "https://img.test/b": [2]]) {
      let first = URLSession.shared.dataTask(with: URL(string: "https://img.test/a")!)
      let second = URLSession.shared.dataTask(with: URL(string: "https://img.test/b")!)
      var running = [first, second]
      log.add("index \(running.firstIndex(of: second) ?? -1)")
      running.remove(at: running.firstIndex(of: first)!)
      log.add("left \(running == [second])")
      let tasks: Set<URLSessionTask> = [first, second, first]
      log.add("tasks \(tasks.count)")
      let queue = OperationQueue()
      let operation = BlockOperation {}
      let pending = [operation]
      log.add("contains \(pending.contains(operation)) \(pending.contains(BlockOperation {}))")
      log.add("queues \(queue == queue) \(queue != OperationQueue.main)")
      log.add("keyed \([queue: 1][queue] ?? 0)")
    }
    #expect(
      log.lines == [
        "index 1 @0", "left true @0", "tasks 2 @0", "contains true false @0",
        "queues true true @0", "keyed 1 @0",
      ])
  }
}

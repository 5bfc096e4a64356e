// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A cache that keys its observers by `NSObject`, as KFSwiftImageLoader's cache manager keys the
/// image views and buttons waiting for an image.
@MainActor final class ObserverRegistry {
  var observers: [NSObject: Int] = [:]
  func add(_ observer: NSObject, index: Int) { observers[observer] = index }
}

/// A view that is equal to another of its kind with the same tag: `isEqual(_:)` overridden, as
/// iOS code may.
final class TaggedView: UIView {
  override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? TaggedView else { return false }
    return MainActor.assumeIsolated { other.tag == tag }
  }
  override var hash: Int { MainActor.assumeIsolated { tag } }
}

/// A cell that keeps the task of each of its image views, as loaders that key by view do.
final class KeyedPhotoCell: UITableViewCell {
  var urls: [UIImageView: URL] = [:]
  var loading: Set<UIImageView> = []
}

@Suite("NSObject subclasses on iOS are NSObjects, equal by identity unless they override isEqual")
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

  @Test("views, images, colours, tasks and operations are NSObjects: they key [NSObject: Int]")
  @MainActor func nsObjects() throws {
    let registry = ObserverRegistry()
    let imageView = UIImageView()
    let button = UIButton(type: .custom)
    registry.add(imageView, index: 1)
    registry.add(button, index: 2)
    registry.add(imageView, index: 3)
    #expect(registry.observers.count == 2 && registry.observers[imageView] == 3)
    let objects: [NSObject] = [
      UIImage(), UIColor.red, UIFont.systemFont(ofSize: 12), BlockOperation {}, OperationQueue(),
      NSCache<NSString, UIImage>(), UIViewController(), UITableViewCell(),
    ]
    #expect(objects.allSatisfy { $0.isEqual($0) })
    #expect(!objects[0].isEqual(UIImage()))
  }

  @Test("an isEqual(_:) override decides ==, contains and hashing, as on iOS")
  @MainActor func overriddenEquality() {
    let first = TaggedView()
    let second = TaggedView()
    first.tag = 7
    second.tag = 7
    #expect(first == second && first !== second)
    #expect([first].contains(second))
    #expect(Set([first, second]).count == 1)
    second.tag = 8
    #expect(first != second)
  }

  @Test("colours compare their components through isEqual(_:)")
  func colours() {
    #expect(UIColor(red: 1, green: 0, blue: 0, alpha: 1) == UIColor.red)
    #expect(UIColor.red.isEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 1)))
    #expect(UIColor.red != UIColor.blue)
    #expect(Set([UIColor.red, UIColor(red: 1, green: 0, blue: 0, alpha: 1)]).count == 1)
  }
}

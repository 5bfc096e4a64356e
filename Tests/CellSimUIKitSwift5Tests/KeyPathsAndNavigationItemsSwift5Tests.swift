// Swift 5 language mode: identity equality of views off the main actor, a key-path
// asynchronous operation, and navigation items with actions, as Swift 5 code writes them.
import CellSimUIKit
import Testing

/// A Swift 5 asynchronous operation that reports its end with key paths.
final class LegacyKeyPathOperation: Operation, @unchecked Sendable {
  let log: Log
  private var done = false
  init(log: Log) {
    self.log = log
    super.init()
  }
  override var isAsynchronous: Bool { true }
  override var isFinished: Bool { done }
  override func start() {
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) {
      self.willChangeValue(for: \.isFinished)
      self.done = true
      self.didChangeValue(for: \.isFinished)
      self.log.add("finished")
    }
  }
}

/// Swift 5 code that hands an image view to a helper taking `NSObject`, as KFSwiftImageLoader's
/// `UIImageView` extension registers itself with its cache manager.
final class NSObjectObserverCache {
  var observers: [NSObject: Int] = [:]
  func addImageCacheObserver(_ observer: NSObject, initialIndexIdentifier: Int) {
    observers[observer] = initialIndexIdentifier
  }
}

/// A Swift 5 view that stops its work when it leaves the window.
final class WindowWatchingView: UIView {
  var stops = 0
  override func didMoveToWindow() {
    super.didMoveToWindow()
    if window == nil { stops += 1 }
  }
}

/// Nonisolated Swift 5 code that keys image views in a dictionary, as view-keyed loaders do.
final class ViewKeyedLoader {
  var urls: [UIImageView: URL] = [:]
  func track(_ view: UIImageView, _ url: URL) { urls[view] = url }
}

@Suite("Key paths and navigation items in Swift 5 mode")
struct KeyPathsAndNavigationItemsSwift5Tests {
  @Test("a key-path asynchronous operation frees its slot")
  func keyPathOperation() throws {
    let log = Log()
    try simulate {
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      queue.addOperation(LegacyKeyPathOperation(log: log))
      queue.addOperation { log.add("next") }
    }
    #expect(log.lines == ["finished @10", "next @10"])
  }

  @Test("views key dictionaries and navigation items take actions")
  @MainActor func viewsAndNavigation() {
    let loader = ViewKeyedLoader()
    let view = UIImageView()
    loader.track(view, URL(string: "https://img.test/1")!)
    #expect(loader.urls[view] != nil && loader.urls[UIImageView()] == nil)
    let cache = NSObjectObserverCache()
    cache.addImageCacheObserver(view, initialIndexIdentifier: 4)
    cache.addImageCacheObserver(UIButton(), initialIndexIdentifier: 5)
    #expect(cache.observers[view] == 4 && cache.observers.count == 2)
    let window = UIWindow(frame: .zero)
    let watcher = WindowWatchingView()
    window.addSubview(watcher)
    #expect(watcher.window === window && watcher.stops == 0)
    watcher.removeFromSuperview()
    #expect(watcher.window == nil && watcher.stops == 1)
    let controller = UIViewController()
    controller.navigationItem.rightBarButtonItem = UIBarButtonItem(
      primaryAction: UIAction(title: "Reload") { _ in print("reload") })
    #expect(controller.navigationItem.rightBarButtonItem?.title == "Reload")
    let item = UIBarButtonItem(title: "Old")
    item.primaryAction = UIAction(title: "New") { _ in }
    #expect(item.title == "New")
    #expect(controller.navigationController == nil)
  }
}

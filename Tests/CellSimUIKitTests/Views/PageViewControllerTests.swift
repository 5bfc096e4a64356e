import CellSimUIKit
import Testing

/// A page that records its appearance callbacks.
final class RecordingPage: UIViewController {
  let log: Log
  init(title: String, log: Log) {
    self.log = log
    super.init(nibName: nil, bundle: nil)
    self.title = title
  }
  required init?(coder: NSCoder) { nil }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    log.add("\(title!) willAppear")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    log.add("\(title!) didAppear")
  }
}

/// A data source and delegate that log whatever they are asked.
final class LoggingPages: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
  let log: Log
  init(log: Log) { self.log = log }
  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerBefore viewController: UIViewController
  ) -> UIViewController? {
    log.add("before")
    return nil
  }
  func pageViewController(
    _ pageViewController: UIPageViewController,
    viewControllerAfter viewController: UIViewController
  ) -> UIViewController? {
    log.add("after")
    return nil
  }
  func pageViewController(
    _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [UIViewController], transitionCompleted completed: Bool
  ) { log.add("didFinish") }
}

@Suite("UIPageViewController")
struct PageViewControllerTests {
  @Test("pages set in code become children shown in the container; no one is asked or told")
  @MainActor func pages() throws {
    let log = Log()
    let pages = LoggingPages(log: log)
    let pager = UIPageViewController(
      transitionStyle: .scroll, navigationOrientation: .horizontal,
      options: [.interPageSpacing: 8])
    #expect(pager.spineLocation == .none && pager.interPageSpacing == 8)
    pager.dataSource = pages
    pager.delegate = pages
    let first = RecordingPage(title: "first", log: log)
    let second = RecordingPage(title: "second", log: log)
    try simulate(for: 100) {
      pager.setViewControllers([first], direction: .forward, animated: false)
      pager.loadViewIfNeeded()
      #expect(first.view.superview === pager.view && first.parent === pager)
      #expect(first.view.frame == pager.view.bounds)
      pager.viewWillAppear(false)
      pager.viewDidAppear(false)
      pager.setViewControllers([second], direction: .forward, animated: true) { done in
        log.add("completion \(done)")
      }
      #expect(first.parent == nil && first.view.superview == nil)
      #expect(second.view.superview === pager.view && pager.viewControllers == [second])
    }
    #expect(log.lines == ["first willAppear @0", "first didAppear @0", "completion true @0"])
    let curl = UIPageViewController(
      transitionStyle: .pageCurl, navigationOrientation: .vertical,
      options: [.spineLocation: UIPageViewController.SpineLocation.mid.rawValue])
    #expect(curl.spineLocation == .mid && curl.navigationOrientation == .vertical)
    #expect(pages.pageViewController(curl, spineLocationFor: .portrait) == .mid)
  }
}

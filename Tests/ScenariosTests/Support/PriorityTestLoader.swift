import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// A loader shaped like Nuke's pipeline, for `latest_priority_wins`: one fetch operation per
/// URL, named by the URL, in an operation queue; the operation's `queuePriority` is the
/// request's priority — high while a row shows it, low once no displayed row needs it (the
/// loader keeps the request, as a prefetcher deprioritises instead of cancelling) — and its
/// body starts a data task and holds its worker until the task completes.
///
/// With `flaw: stale`, the task takes the operation's priority once, when it is created, and
/// later changes never reach it: a request set to high and then to low in quick succession
/// (its row flew past) keeps the stale high on the wire and wins connection slots over rows
/// now on screen, the outcome of Nuke #918. Without the flaw, every change is applied to the
/// task at once.
final class PriorityTestLoader: CatalogLoader {
  typealias Cell = RepresentingCell
  static let name = "test-priority"
  static let summary = "a pipeline of named fetch operations; flaw stale keeps task priorities"
  static let optionSpecs = [
    LoaderOptionSpec(
      "flaw", .choice(["none", "stale"]), default: "none", "the one rule to break")
  ]

  final class Fetch {
    let operation: SimulatedOperation
    var task: SimulatedDataTask?
    init(operation: SimulatedOperation) { self.operation = operation }
  }

  let env: LoaderEnvironment
  let stale: Bool
  let pipeline: SimulatedOperationQueue
  let session: SimulatedURLSession
  var fetches: [String: Fetch] = [:]
  var images: [String: Image] = [:]
  var displayed: [ObjectIdentifier: String] = [:]
  weak var table: TableView?

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    env = environment
    stale = options.choice("flaw") == "stale"
    pipeline = environment.operationQueue(name: "pipeline")
    pipeline.maxConcurrentOperationCount = 8
    session = environment.urlSession(callbackQueue: .main)
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    self.table = table
    cell.representedURL = item.url
    cell.imageView.image = images[item.url]
    if images[item.url] == nil { fetch(item.url) }
  }

  func willDisplay(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    guard let url = cell.representedURL else { return }
    displayed[ObjectIdentifier(cell)] = url
    setPriority(.high, of: url)
  }

  func didEndDisplaying(_ cell: Cell, at indexPath: IndexPath, in table: TableView) {
    guard let url = displayed.removeValue(forKey: ObjectIdentifier(cell)) else { return }
    if !displayed.values.contains(url) { setPriority(.low, of: url) }
  }

  /// Starts the fetch operation of `url` unless one is under way.
  func fetch(_ url: String) {
    guard fetches[url] == nil else { return }
    let operation = SimulatedBlockOperation { _ in }
    let fetch = Fetch(operation: operation)
    operation.name = url
    operation.queuePriority = .high
    operation.addExecutionBlock { [unowned self, unowned operation] execution in
      let done = Waiter()
      let task = session.dataTask(with: url) { [unowned self] _, result in
        if case .success(let response) = result, let image = env.image(data: response.body) {
          images[url] = image
          for (cell, shown) in displayedCells() where shown == url { cell.imageView.image = image }
        }
        fetches[url] = nil
        done.complete()
      }
      task.priority = operation.queuePriority.taskPriority
      fetch.task = task
      task.resume()
      execution.wait(for: done)
    }
    fetches[url] = fetch
    pipeline.addOperation(operation)
  }

  /// Sets the request's priority on its operation and, unless flawed, on its task.
  func setPriority(_ priority: SimulatedOperation.QueuePriority, of url: String) {
    guard let fetch = fetches[url] else { return }
    fetch.operation.queuePriority = priority
    if !stale { fetch.task?.priority = priority.taskPriority }
  }

  /// The cells on screen and the URL each shows, from the table's own list.
  func displayedCells() -> [(Cell, String)] {
    table?.visibleCells.compactMap { cell in
      guard let cell = cell as? Cell, let url = cell.representedURL else { return nil }
      return (cell, url)
    } ?? []
  }
}

extension SimulatedOperation.QueuePriority {
  /// The same priority on URLSessionTask's scale.
  var taskPriority: Float {
    switch self {
    case .veryLow, .low: return SimulatedDataTask.lowPriority
    case .normal: return SimulatedDataTask.defaultPriority
    case .high, .veryHigh: return SimulatedDataTask.highPriority
    }
  }
}

import CellSim

/// Test-only loaders, each MyLoader-like (Examples/CustomLoader) with one planted bug, so the
/// fuzzer's targets can be checked: it must find each bug and shrink it.
enum PlantedBug: String, CaseIterable, Sendable {
  /// The completion sets the image on the captured cell without checking that the cell still
  /// shows the request's item (seed 002's classical approach).
  case staleCompletionAfterReuse
  /// didEndDisplaying marks the load cancelled, but the running transfer is never stopped
  /// (seed 001: `[operation cancel]` cannot stop `dataWithContentsOfURL:`).
  case cancelCannotStopRunning
  /// The completion looks the cell up by the index path captured when the load began; after
  /// an insert that path names another item (seed 004, WWDC 2012 session 211).
  case indexPathAcrossInsert
  /// The completion is an NSURLConnection callback scheduled in the default run-loop mode,
  /// so nothing is delivered while a finger drags (seed 000 and 003).
  case defaultRunLoopMode
}

/// A cell that remembers the URL it represents.
final class PlantedCell: TableCell {
  var url: String?
}

/// The shared body of the planted loaders; `bug` picks the mistake.
class PlantedLoader {
  let env: LoaderEnvironment
  let session: SimulatedURLSession
  var tasks: [String: SimulatedDataTask] = [:]
  var connections: [String: ConnectionLoad] = [:]
  let bug: PlantedBug

  init(environment: LoaderEnvironment, bug: PlantedBug) {
    env = environment
    session = environment.urlSession(callbackQueue: .queue(environment.globalQueue()))
    self.bug = bug
  }

  func load(_ cell: PlantedCell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    cell.url = item.url
    cell.imageView.image = nil
    let url = item.url
    let size = table.imagePixelSize
    let show: (Image) -> Void = { [weak cell] image in
      switch self.bug {
      case .staleCompletionAfterReuse:
        cell?.imageView.image = image
      case .indexPathAcrossInsert:
        (table.cellForRow(at: indexPath) as? PlantedCell)?.imageView.image = image
      case .cancelCannotStopRunning, .defaultRunLoopMode:
        for case let visible as PlantedCell in table.visibleCells where visible.url == url {
          visible.imageView.image = image
        }
      }
    }
    let decode: ([UInt8], Execution) -> Void = { body, execution in
      self.env.decoder.decode(
        body, target: .aspectFill(width: size.width, height: size.height), on: execution
      ) { decoded in
        self.env.main.async { _ in
          if let image = try? decoded.get() { show(image) }
        }
      }
    }
    if bug == .defaultRunLoopMode {
      guard connections[url] == nil else { return }
      let load = ConnectionLoad { [weak self] body, execution in
        self?.connections[url] = nil
        if let body { decode(body, execution) }
      }
      connections[url] = load
      load.connection = env.connection(url: url, delegate: load)
      return
    }
    if bug != .staleCompletionAfterReuse && bug != .indexPathAcrossInsert, tasks[url] != nil {
      return
    }
    let task = session.dataTask(with: url) { execution, result in
      self.env.main.async { _ in self.tasks[url] = nil }
      if case .success(let response) = result { decode(response.body, execution) }
    }
    tasks[url] = task
    task.resume()
  }

  func endDisplay(_ cell: PlantedCell, in table: TableView) {
    guard let url = cell.url, bug != .cancelCannotStopRunning else { return }
    let stillShown = table.visibleCells.contains {
      ($0 as? PlantedCell)?.url == url && $0 !== cell
    }
    if !stillShown {
      tasks.removeValue(forKey: url)?.cancel()
      connections.removeValue(forKey: url)?.connection?.cancel()
    }
  }
}

/// An NSURLConnection delegate that collects the body and calls back when it ends.
final class ConnectionLoad: SimulatedURLConnectionDelegate {
  var connection: SimulatedURLConnection?
  var body: [UInt8] = []
  let done: ([UInt8]?, Execution) -> Void

  init(done: @escaping ([UInt8]?, Execution) -> Void) { self.done = done }

  func connection(
    _ connection: SimulatedURLConnection, didReceiveResponse status: Int, execution: Execution
  ) {}
  func connection(
    _ connection: SimulatedURLConnection, didReceive data: [UInt8], execution: Execution
  ) { body += data }
  func connectionDidFinishLoading(_ connection: SimulatedURLConnection, execution: Execution) {
    done(body, execution)
  }
  func connection(
    _ connection: SimulatedURLConnection, didFailWithError error: NetworkError,
    execution: Execution
  ) { done(nil, execution) }
}

/// One `CatalogLoader` type per planted bug (the catalog registers types by name).
final class StaleCompletionLoader: PlantedLoader, CatalogLoader {
  typealias Cell = PlantedCell
  static let name = "planted-stale-completion"
  static let summary = "planted bug: a stale completion after reuse"
  required init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    super.init(environment: environment, bug: .staleCompletionAfterReuse)
  }
  func cellForRow(
    _ cell: PlantedCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    load(cell, item: item, at: indexPath, in: table)
  }
  func didEndDisplaying(_ cell: PlantedCell, at indexPath: IndexPath, in table: TableView) {
    endDisplay(cell, in: table)
  }
}

final class RunningCancelLoader: PlantedLoader, CatalogLoader {
  typealias Cell = PlantedCell
  static let name = "planted-running-cancel"
  static let summary = "planted bug: a cancel that cannot stop a running operation"
  required init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    super.init(environment: environment, bug: .cancelCannotStopRunning)
  }
  func cellForRow(
    _ cell: PlantedCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    load(cell, item: item, at: indexPath, in: table)
  }
  func didEndDisplaying(_ cell: PlantedCell, at indexPath: IndexPath, in table: TableView) {
    endDisplay(cell, in: table)
  }
}

final class CapturedIndexPathLoader: PlantedLoader, CatalogLoader {
  typealias Cell = PlantedCell
  static let name = "planted-captured-index-path"
  static let summary = "planted bug: an index path captured across an insert"
  required init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    super.init(environment: environment, bug: .indexPathAcrossInsert)
  }
  func cellForRow(
    _ cell: PlantedCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    load(cell, item: item, at: indexPath, in: table)
  }
  func didEndDisplaying(_ cell: PlantedCell, at indexPath: IndexPath, in table: TableView) {
    endDisplay(cell, in: table)
  }
}

final class DefaultModeLoader: PlantedLoader, CatalogLoader {
  typealias Cell = PlantedCell
  static let name = "planted-default-mode"
  static let summary = "planted bug: a completion waiting in the default run-loop mode"
  required init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    super.init(environment: environment, bug: .defaultRunLoopMode)
  }
  func cellForRow(
    _ cell: PlantedCell, item: TableItem, at indexPath: IndexPath, in table: TableView
  ) {
    load(cell, item: item, at: indexPath, in: table)
  }
  func didEndDisplaying(_ cell: PlantedCell, at indexPath: IndexPath, in table: TableView) {
    endDisplay(cell, in: table)
  }
}

import ImageLoaders
import SimKernel
import SimNetwork
import SimPlatform
import SimTable

/// A loader that shows each row's download progress in its cell's progress view, chosen by its
/// `progress` option (the image itself is never set):
/// - `own`: progress reports apply only while the cell still serves that request.
/// - `stale`: every report of every download reaches the cell that started it (Kingfisher #581).
/// - `cancelled`: the cell cancels its download when configured again, and a report already
///   queued before the cancel still reaches it (the same-URL form).
/// - `plain`: as `stale`, but the values are plain floats that name no request (not judged).
final class ProgressTestLoader: CatalogLoader {
  final class Cell: TableCell {
    var request = 0
    var task: SimulatedDataTask?
  }

  final class Reporter: SimulatedDataTaskDelegate {
    let report: (SimulatedDataTask) -> Void
    init(_ report: @escaping (SimulatedDataTask) -> Void) { self.report = report }
    func dataTask(_ task: SimulatedDataTask, didReceive data: [UInt8], execution: Execution) {
      report(task)
    }
    func dataTask(
      _ task: SimulatedDataTask, didCompleteWithError error: NetworkError?, execution: Execution
    ) {}
  }

  static let name = "test-progress"
  static let summary = "shows download progress, isolated or not"
  static let optionSpecs = [
    LoaderOptionSpec(
      "progress", .choice(["own", "stale", "cancelled", "plain"]), default: "own",
      "which progress reports reach a cell")
  ]

  let env: LoaderEnvironment
  let mode: String
  let session: SimulatedURLSession

  init(environment: LoaderEnvironment, options: LoaderOptions) throws(LoaderError) {
    env = environment
    mode = options.choice("progress")
    session = environment.urlSession()
  }

  func cellForRow(_ cell: Cell, item: TableItem, at indexPath: IndexPath, in table: TableView) {
    if mode == "cancelled" { cell.task?.cancel() }
    cell.request += 1
    let request = cell.request
    cell.progressView.progress = 0
    let (env, mode) = (env, mode)
    let task = session.dataTask(
      with: item.url,
      delegate: Reporter { task in
        let progress = task.progress
        // Reports reach the main thread 30 ms late (a busy progress queue), so some are
        // still on their way when a cell moves on or cancels.
        env.main.asyncAfter(.ms(30)) { _ in
          if mode == "own" && cell.request != request { return }
          if mode == "plain" {
            cell.progressView.setProgress(Float(progress.fractionCompleted), animated: true)
          } else {
            cell.progressView.setProgress(progress, animated: true)
          }
        }
      })
    cell.task = task
    task.resume()
  }
}

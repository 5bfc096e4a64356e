import SimKernel
import SimNetwork
import SimPlatform

/// A URLSession data delegate for one of the reference loader's progress-reporting downloads:
/// each chunk goes to `onChunk` with its task (whose `progress` counts it), the end to `onEnd`
/// with the whole body or the error. Runs on the session's serial callback queue, so chunks
/// arrive in order.
final class ReferenceProgressDelegate: SimulatedDataTaskDelegate {
  let onChunk: (SimulatedDataTask) -> Void
  let onEnd: (Result<[UInt8], NetworkError>) -> Void
  var body: [UInt8] = []

  init(
    onChunk: @escaping (SimulatedDataTask) -> Void,
    onEnd: @escaping (Result<[UInt8], NetworkError>) -> Void
  ) {
    self.onChunk = onChunk
    self.onEnd = onEnd
  }

  func dataTask(_ task: SimulatedDataTask, didReceive data: [UInt8], execution: Execution) {
    // As a URLSession delegate reserves `expectedContentLength` before appending.
    if body.isEmpty, task.countOfBytesExpectedToReceive > 0 {
      body.reserveCapacity(Int(task.countOfBytesExpectedToReceive))
    }
    body += data
    onChunk(task)
  }

  func dataTask(
    _ task: SimulatedDataTask, didCompleteWithError error: NetworkError?, execution: Execution
  ) {
    onEnd(error.map { .failure($0) } ?? .success(body))
    body = []
  }
}

extension ReferenceLoader {
  /// Option `progress`: a delegate task for `load` whose chunks report progress to the main
  /// queue (`progressed`), and whose body is decoded on the concurrent network queue, as the
  /// completion-handler path decodes it.
  func progressTask(
    for load: URLLoad, generation: Int, size: (width: Int, height: Int),
    progress: (session: SimulatedURLSession, decoding: SimulatedQueue)
  ) -> SimulatedDataTask {
    let environment = environment
    let decoding = progress.decoding
    let delegate = ReferenceProgressDelegate(
      onChunk: { [weak self] task in
        let report = task.progress
        environment.main.async(label: "reference.progress") { [weak self] _ in
          self?.progressed(load, generation: generation, report)
        }
      },
      onEnd: { [weak self] result in
        decoding.async(label: "reference.decode") { [weak self] execution in
          self?.received(result, for: load, generation: generation, size: size, on: execution)
        }
      })
    return progress.session.dataTask(with: load.url, delegate: delegate)
  }

  /// On the main thread: shows `report` in the displayed cells that wait for the load (they
  /// claim it and do not show its image yet), only while `load` is the URL's current load and
  /// this is its current task: a report of a cancelled, ended or superseded task, queued before
  /// it ended, is dropped (`progress_isolation`). A cell of the same URL that claims nothing
  /// (it shows the failure image of an earlier load) shows none: the load may be cancelled
  /// when its last claimant leaves, and its bar would be left at that request's value (found
  /// by fuzzing with the option on, shared URLs).
  func progressed(_ load: URLLoad, generation: Int, _ report: RequestProgress) {
    guard loads[load.url] === load, load.generation == generation, load.task != nil else {
      return
    }
    for cell in displayedCells(representing: load.url)
    where cell.loadedURL != load.url && cellClaims[cell.cellID] == load.url {
      cell.progressView.setProgress(report, animated: true)
    }
  }
}

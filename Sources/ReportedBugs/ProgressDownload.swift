import SimKernel
import SimNetwork
import SimPlatform

/// A URLSession data delegate of one download that reports progress, as Kingfisher's and
/// AlamofireImage's downloaders do: every chunk goes to `onProgress` with the task (whose
/// `progress` then counts it), and the end to `onComplete` with the whole body or the error.
/// All calls run on the session's callback queue.
final class ProgressDownload: SimulatedDataTaskDelegate {
  let onProgress: (SimulatedDataTask, Execution) -> Void
  let onComplete: (Result<[UInt8], NetworkError>, Execution) -> Void
  var body: [UInt8] = []

  init(
    onProgress: @escaping (SimulatedDataTask, Execution) -> Void,
    onComplete: @escaping (Result<[UInt8], NetworkError>, Execution) -> Void
  ) {
    self.onProgress = onProgress
    self.onComplete = onComplete
  }

  func dataTask(_ task: SimulatedDataTask, didReceive data: [UInt8], execution: Execution) {
    body += data
    onProgress(task, execution)
  }

  func dataTask(
    _ task: SimulatedDataTask, didCompleteWithError error: NetworkError?, execution: Execution
  ) {
    if let error {
      onComplete(.failure(error), execution)
    } else {
      onComplete(.success(body), execution)
    }
    body = []
  }
}

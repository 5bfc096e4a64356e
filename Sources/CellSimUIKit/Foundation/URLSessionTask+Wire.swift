import Foundation
import SimNetwork

/// The events of a task's transfer on the fake network, in wire order. The body's chunks and
/// the end go through `deliverOrHold`: while a data delegate has not answered the response,
/// they wait for its answer (`URLSessionDelegate.swift`).
extension URLSessionTask {
  func transferDidReceiveResponse(_ transfer: Transfer, status: Int) {
    self.status = status
    response = HTTPURLResponse(
      url: url, statusCode: status, httpVersion: "HTTP/1.1",
      headerFields: Self.headers(status: status, length: transfer.expectedContentLength))
    if transfer.expectedContentLength >= 0 {
      progress.totalUnitCount = transfer.expectedContentLength
      // The body arrives in chunks: one allocation for all of them (the length is the
      // scenario's fixture's, bounded by the scenario's own limits).
      if received.isEmpty {
        received = Data(capacity: Int(min(transfer.expectedContentLength, 1 << 26)))
      }
    }
    notifyResponse()
  }

  /// The headers a server of the scenario's images sends: a 200 carries a PNG
  /// (`Content-Type: image/png`, so `mimeType` is `image/png`) and its length (so
  /// `expectedContentLength` is the body's size); an error status carries an empty HTML body.
  static func headers(status: Int, length: Int64) -> [String: String] {
    if status == 200 {
      return ["Content-Type": "image/png", "Content-Length": String(max(0, length))]
    }
    return ["Content-Type": "text/html", "Content-Length": "0"]
  }

  func transfer(_ transfer: Transfer, didReceive chunk: ArraySlice<UInt8>) {
    guard dispositionWait == nil else {
      let data = Data(chunk)
      deliverOrHold { $0.takeBody(data) }
      return
    }
    // Nothing waits for a delegate's answer: the chunk is kept at once, and copied into a
    // `Data` only for a delegate that hears it.
    received.append(contentsOf: chunk)
    countAndNotify(chunk.count) { Data(chunk) }
  }

  /// Keeps a chunk of the body for the end, and counts it.
  func takeBody(_ chunk: Data) {
    received.append(contentsOf: chunk)
    countAndNotify(chunk.count) { chunk }
  }

  /// Takes a response that did not come from the wire (the cache's, or a `URLProtocol`'s): the
  /// status, the progress total (its `expectedContentLength`, when known), the delegate.
  func didReceive(_ response: URLResponse) {
    self.response = response
    if let http = response as? HTTPURLResponse { status = http.statusCode }
    if response.expectedContentLength >= 0 {
      progress.totalUnitCount = response.expectedContentLength
    }
    notifyResponse()
  }

  /// Counts a chunk of `count` bytes (`countOfBytesReceived`, `progress`) and tells the
  /// delegate, if there is one to hear it, the bytes `chunk` gives.
  func countAndNotify(_ count: Int, _ chunk: () -> Data) {
    countOfBytesReceived += Int64(count)
    progress.completedUnitCount = countOfBytesReceived
    notifyData(count, chunk)
  }

  func transfer(_ transfer: Transfer, didEndWith outcome: TransferOutcome) {
    if case .http(let status) = outcome, response == nil {
      transferDidReceiveResponse(transfer, status: status)
    }
    deliverOrHold { $0.finish(outcome) }
  }

  /// Completes the task as the transfer ended.
  func finish(_ outcome: TransferOutcome) {
    guard let world else { return }
    switch outcome {
    case .success:
      let body = received
      received = Data()
      storeInCache(body)
      complete(data: body, error: nil, in: world)
    case .http:
      complete(data: Data(), error: nil, in: world)
    case .timedOut:
      complete(data: nil, error: urlError(.timedOut, failureInfo), in: world)
    case .connectionReset:
      complete(data: nil, error: urlError(.networkConnectionLost, failureInfo), in: world)
    case .offline:
      complete(
        data: nil, error: urlError(.notConnectedToInternet, failureInfo), in: world)
    case .cancelled:
      complete(data: nil, error: urlError(.cancelled, errorInfo), in: world)
    }
  }

  func networkDidTearDown() {
    handler = nil
    directCompletion = nil
    dispositionWait = nil
  }
}

/// The transfer's client: forwards the wire events to its task, which it holds until the end,
/// or until the task is suspended (the transfer then ends unheard).
final class TaskClient: TransferClient {
  var task: URLSessionTask?
  init(task: URLSessionTask) { self.task = task }
  func transferDidReceiveResponse(_ transfer: Transfer, status: Int) {
    task?.transferDidReceiveResponse(transfer, status: status)
  }
  func transfer(_ transfer: Transfer, didReceive chunk: ArraySlice<UInt8>) {
    task?.transfer(transfer, didReceive: chunk)
  }
  func transfer(_ transfer: Transfer, didEndWith outcome: TransferOutcome) {
    task?.transfer(transfer, didEndWith: outcome)
  }
  func networkDidTearDown() { task?.networkDidTearDown() }
}

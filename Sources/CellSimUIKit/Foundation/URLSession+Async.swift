import Foundation
import SimAsync

extension URLSession {
  /// Fetches `url` from a task of an async simulation (SimAsync): the task waits in virtual
  /// time for the transfer and resumes at its end (the delegate queue is not involved, as in
  /// URLSession). Cancelling the task cancels the transfer and throws `URLError(.cancelled)`.
  /// An HTTP error status returns normally, with the status in the `HTTPURLResponse`.
  /// `delegate` is accepted and never called. Stops the process outside an async simulation.
  public func data(
    from url: URL, delegate: (any URLSessionTaskDelegate)? = nil
  ) async throws -> (Data, URLResponse) {
    try await asyncData(URLRequest(url: url), "URLSession.data(from:)")
  }

  /// Fetches `request`'s URL; see `data(from:delegate:)`.
  public func data(
    for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil
  ) async throws -> (Data, URLResponse) {
    try await asyncData(request, "URLSession.data(for:)")
  }

  func asyncData(_ request: URLRequest, _ api: StaticString) async throws -> (Data, URLResponse) {
    guard let simulation = AsyncSimulation.running else {
      preconditionFailure(
        "CellSimUIKit: \(api) was called outside an async simulation's tasks (SimAsync); "
          + "async URL loading is modelled only there")
    }
    let result: Unchecked<(Data, URLResponse)> = try await simulation.awaitCallback(
      "GET \(request.url?.absoluteString ?? "?")"
    ) { complete in
      let task = makeTask(request, nil)
      task.directCompletion = { data, response, error in
        if let error {
          complete(.failure(error))
        } else {
          let response =
            response
            ?? URLResponse(
              url: task.url, mimeType: nil, expectedContentLength: -1, textEncodingName: nil)
          complete(.success(Unchecked((data ?? Data(), response))))
        }
      }
      task.resume()
      return { task.cancel() }
    }
    return result.value
  }
}

import Foundation

/// Foundation's `NSURLConnection`, deprecated since iOS 9 and still in tutorials written before
/// it: only its block form, `sendAsynchronousRequest(_:queue:completionHandler:)`. The request
/// goes through `URLSession.shared` on the fake network (its per-host connection limit
/// included), and the handler is added to `queue` when the transfer ends, as Apple documents.
/// Not modelled: the delegate forms (`init(request:delegate:)`, run-loop scheduling) and
/// `sendSynchronousRequest(_:returning:)`.
open class NSURLConnection {
  /// `sendAsynchronousRequest(_:queue:completionHandler:)`: loads `request` and adds
  /// `handler` to `queue` with the response, the body (nil on failure) and the error (a
  /// `URLError`, or nil).
  @available(iOS, introduced: 5.0, deprecated: 9.0, message: "Use URLSession")
  open class func sendAsynchronousRequest(
    _ request: URLRequest, queue: OperationQueue,
    completionHandler handler: @escaping @Sendable (URLResponse?, Data?, (any Error)?) -> Void
  ) {
    let target = Unchecked(value: queue)
    URLSession.shared.dataTask(with: request) { data, response, error in
      target.value.addOperation { handler(response, data, error) }
    }.resume()
  }
}

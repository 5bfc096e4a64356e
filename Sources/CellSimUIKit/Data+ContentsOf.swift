import Foundation
import SimNetwork
import SimThreads

extension Data {
  /// Foundation's `Data(contentsOf:options:)`.
  ///
  /// A file URL reads the real file (fixtures), at once. An http(s) URL is a blocking fetch on
  /// the world's fake network (`dataWithContentsOfURL`): the calling simulated thread is held,
  /// without CPU, for the whole transfer, which nothing can cancel, and it must be blocking
  /// code. A failed transfer (an HTTP error status included, where Foundation would return the
  /// error page's body) throws `CocoaError(.fileReadUnknown)` with the URL and the network's
  /// error. `options` are accepted and ignored.
  public init(contentsOf url: __shared URL, options: Data.ReadingOptions = []) throws {
    self = try Data.simulatedContents(of: url)
  }

  /// What `Data(contentsOf:)` reads (a name of its own, which the layer's other calls use).
  static func simulatedContents(of url: URL) throws -> Data {
    if url.isFileURL {
      guard let data = FileManager.default.contents(atPath: url.path) else {
        throw CocoaError(
          .fileReadNoSuchFile, userInfo: [NSURLErrorKey: url, NSFilePathErrorKey: url.path])
      }
      return data
    }
    let world = SimulationContext.world(for: "Data(contentsOf:)")
    guard let network = LayerHost.network(of: world) else {
      preconditionFailure(
        "CellSimUIKit: Data(contentsOf: \(url.absoluteString)) needs the world's network, and "
          + "none is attached (LayerHost.attach(network:to:))")
    }
    SimulationContext.requireBlocking("Data(contentsOf:)")
    let text = url.absoluteString
    let ticket = network.startBlockingFetch(text)
    _ = Blocking.wait(for: ticket.waiter, reason: "fetch", detail: text)
    switch network.finishBlockingFetch(ticket) {
    case .success(let bytes):
      return Data(bytes)
    case .failure(let error):
      throw CocoaError(
        .fileReadUnknown,
        userInfo: [
          NSURLErrorKey: url, NSLocalizedDescriptionKey: "\(text): \(error.description)",
        ])
    }
  }
}

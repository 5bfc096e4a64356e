import Foundation
import SimNetwork
import SimThreads

extension Data {
  /// Foundation's `Data(contentsOf:options:)`.
  ///
  /// A file URL in the app's sandbox reads the world's file (`FileManager`), at the device's
  /// disk cost; any other file URL reads the real file (fixtures), at once. An http(s) URL is a blocking fetch on
  /// the world's fake network (`dataWithContentsOfURL`): the calling simulated thread is held,
  /// without CPU, for the whole transfer, which nothing can cancel, and it must be blocking
  /// code. A failed transfer (an HTTP error status included, where Foundation would return the
  /// error page's body) throws `CocoaError(.fileReadUnknown)` with the URL and the network's
  /// error. A fetch the end of the run interrupts returns the URL's bytes (or throws the error
  /// its script plans), so the code after it runs as on a device, where nothing cancels it.
  /// `options` are accepted and ignored.
  public init(contentsOf url: __shared URL, options: Data.ReadingOptions = []) throws {
    self = try Data.simulatedContents(of: url)
  }

  /// What `Data(contentsOf:)` reads (a name of its own, which the layer's other calls use).
  static func simulatedContents(of url: URL) throws -> Data {
    if url.isFileURL {
      if case (let world, let inside)? = Sandbox.resolve(url.path) {
        guard case .file(let data, _) = Sandbox.of(world).nodes[inside] else {
          throw CocoaError(
            .fileReadNoSuchFile, userInfo: [NSURLErrorKey: url, NSFilePathErrorKey: url.path])
        }
        Sandbox.spend(world, reading: data.count)
        return data
      }
      guard let data = Foundation.FileManager.default.contents(atPath: url.path) else {
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

extension Data {
  /// Foundation's `write(to:options:)`. A file URL in the app's sandbox writes the world's
  /// in-memory file (`FileManager`), at the device's disk cost; the parent directory must
  /// exist, as on a device. `.withoutOverwriting` throws if the file exists; other options are
  /// accepted and ignored. Any other URL is Foundation's real write.
  public func write(to url: URL, options: Data.WritingOptions = []) throws {
    guard url.isFileURL, case (let world, let inside)? = Sandbox.resolve(url.path) else {
      try (self as NSData).write(
        to: url, options: NSData.WritingOptions(rawValue: options.rawValue))
      return
    }
    let sandbox = Sandbox.of(world)
    if options.contains(.withoutOverwriting), sandbox.nodes[inside] != nil {
      throw CocoaError(.fileWriteFileExists, userInfo: [NSURLErrorKey: url])
    }
    Sandbox.spend(world, writing: count)
    try sandbox.write(self, at: inside, now: world.now)
  }
}

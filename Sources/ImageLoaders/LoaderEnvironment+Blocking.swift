package import PNGRender
package import SimKernel
package import SimNetwork
package import SimPlatform
import SimThreads

/// Blocking calls for loaders written in blocking style: each holds the calling simulated
/// thread in virtual time, and may be called only from code started with
/// `async(label:blocking:)` (a queue, the main thread) or `addOperation(label:blocking:)`.
extension LoaderEnvironment {
  /// `Data(contentsOf:)` on a remote URL: fetches `url` holding the calling thread (no CPU)
  /// for the whole transfer; nothing can cancel it.
  package func fetchBlocking(_ url: String, priority: Float = 0.5) -> Result<
    [UInt8], NetworkError
  > {
    let ticket = network.startBlockingFetch(url, priority: priority)
    _ = Blocking.wait(for: ticket.waiter, reason: "fetch", detail: url)
    return network.finishBlockingFetch(ticket)
  }

  /// Decodes `data` on the calling thread (holding a CPU slot for the decode's cost), as
  /// `UIImage(data:)` followed by a forced draw does.
  package func decodeBlocking(_ data: [UInt8], target: DecodeTarget = .fullSize) -> Result<
    Image, PNGError
  > {
    var outcome: Result<Image, PNGError>?
    let decoder: DecoderService = world.decoder
    let finished = Blocking.perform("decode") { execution, done in
      decoder.decode(data, target: target, on: execution) { result in
        outcome = result
        done()
      }
    }
    let unfinished = PNGError.truncated(detail: "the run ended before the decode")
    return finished ? outcome ?? .failure(unfinished) : .failure(unfinished)
  }

  /// Parks the calling simulated thread for `duration` of virtual time (the blocking-style
  /// pause iOS code writes with its thread class), through SimThreads' park.
  package func sleepBlocking(for duration: SimDuration) { Blocking.sleep(for: duration) }
}

public import SimKernel

/// How a declared request ended: the outcome its terminal callback reported.
public enum RequestOutcome: String, Sendable {
  /// With an image (or the data it asked for).
  case success
  /// With an error other than a cancellation.
  case failure
  /// Cancelled.
  case cancelled
}

/// A request of a loader's own API (`loadImage(with:completion:)`, a download token),
/// declared so that the oracle can hold it to its contract: a request that starts ends exactly
/// once, with one terminal callback (`one_terminal_callback`).
///
/// Make one where the loader's API starts a request (`LoaderEnvironment.declareRequest(for:)`),
/// and call `ended(_:)` exactly where the loader calls the request's completion: with the
/// result, or with a cancellation. Two calls (a cancel path that reports "cancelled" while the
/// queued result still fires) and none (a completion dropped on cancel) both break the rule.
/// A loader that declares nothing is never judged by it.
public final class DeclaredRequest {
  /// The request's number in the run (1, 2, …, in declaration order).
  public let id: Int
  /// The URL it loads.
  public let url: String
  /// How many times it ended so far.
  public private(set) var endings = 0
  unowned let world: World

  /// Declares a request for `url` in `world` now.
  package init(url: String, world: World) {
    world.declaredRequests += 1
    id = world.declaredRequests
    self.url = url
    self.world = world
    world.trace.record(at: world.now, "request.declared") {
      $0.field("id", id)
      $0.field("url", url)
    }
    world.reports.send(.requestLifecycle(RequestLifecycleReport(id: id, url: url, event: .started)))
  }

  /// The request's terminal callback ran with `outcome`. Call it once, exactly where the
  /// loader calls the request's completion.
  public func ended(_ outcome: RequestOutcome) {
    endings += 1
    world.trace.record(at: world.now, "request.ended") {
      $0.field("id", id)
      $0.field("outcome", outcome.rawValue)
    }
    world.reports.send(
      .requestLifecycle(RequestLifecycleReport(id: id, url: url, event: .ended(outcome))))
  }
}

/// A declared request started or ended.
package struct RequestLifecycleReport: Sendable {
  /// What happened.
  package enum Event: Sendable, Equatable {
    /// The loader declared it.
    case started
    /// Its terminal callback ran with this outcome.
    case ended(RequestOutcome)
  }
  /// The request's number.
  package let id: Int
  /// Its URL.
  package let url: String
  /// What happened.
  package let event: Event

  /// A report that request `id` of `url` had `event`.
  package init(id: Int, url: String, event: Event) {
    self.id = id
    self.url = url
    self.event = event
  }
}

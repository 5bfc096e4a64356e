import PNGRender
import SimNetwork
import SimPlatform
import Synchronization

/// An actor that coalesces image loads: one load (fetch, then decode to a target) per URL,
/// shared by every task that asks for it while it runs, as Nuke's `ImagePipeline` and
/// Kingfisher's `ImageDownloader` share one task per request.
///
/// A load's transfer runs at the highest priority any of its claimants asked for: a prefetch
/// starts it low, and a displayed cell that joins raises it to the default, as URLSession lets a
/// task's priority change while it waits.
///
/// A load is cancelled when its last claimant is: each `image(for:target:)` call claims the
/// load, and cancelling the calling task releases its claim at the instant of the cancel (in
/// its cancellation handler, which runs synchronously inside the cancelling code, such as a
/// `didEndDisplaying`); the load's own task is cancelled with the last claim, which cancels
/// its transfer then and there.
actor ImagePipeline {
  let environment: AsyncLoaderEnvironment
  /// Loads in flight, by URL (looked up only, never iterated).
  var loads: [String: SharedLoad] = [:]

  init(environment: AsyncLoaderEnvironment) { self.environment = environment }

  /// The image at `url` decoded to `target`: joins the URL's load in flight or starts one.
  /// Throws the load's error; a caller cancelled while waiting gets whatever the load ends
  /// with (`NetworkError.cancelled` if it was the last claimant), and must check
  /// `Task.isCancelled` itself afterwards.
  ///
  /// `replacing`, if given, is a task whose claim this call takes over (a prefetch of the row
  /// that is now displayed): it is cancelled once this call holds its own claim, so the load
  /// never loses its last claimant in between.
  func image(
    for url: String, target: DecodeTarget,
    priority: Float = SimulatedDataTask.defaultPriority, replacing: Task<Void, Never>? = nil
  ) async throws -> Image {
    let load = join(url, target: target, priority: priority)
    replacing?.cancel()
    // Every claimant returns only once the load's task has ended: the first one forgets it.
    defer { if loads[url] === load { loads[url] = nil } }
    return try await environment.simulation.waiting(on: "load of \(url)") {
      try await withTaskCancellationHandler {
        try await load.task.value
      } onCancel: {
        load.release()
      }
    }
  }

  /// The live load of `url` (raised to `priority` if that is higher), or a new one at
  /// `priority`, claimed once more.
  func join(_ url: String, target: DecodeTarget, priority: Float) -> SharedLoad {
    if let load = loads[url], load.claim() {
      load.transfer.raise(to: priority)
      return load
    }
    let environment = self.environment
    let transfer = TransferPriority(priority)
    let load = SharedLoad(
      Task {
        // Abandoned before its first job (its last claimant was cancelled at once, say by a
        // reload): no transfer at all. A new claimant has started a new load meanwhile, and a
        // transfer started and cancelled here would overlap that one's.
        try Task.checkCancellation()
        let data = try await environment.data(for: url, transfer: transfer)
        try Task.checkCancellation()
        return try await environment.decode(data, target: target)
      }, transfer: transfer)
    _ = load.claim()
    loads[url] = load
    return load
  }
}

/// One URL's load in flight and how many tasks still want it.
final class SharedLoad: Sendable {
  let task: Task<Image, any Error>
  /// The priority of the load's transfer.
  let transfer: TransferPriority
  /// Claims; nil once the load was abandoned (cancelled with its last claim).
  let claims = Mutex<Int?>(0)

  init(_ task: Task<Image, any Error>, transfer: TransferPriority) {
    self.task = task
    self.transfer = transfer
  }

  /// Adds a claim; false if the load was abandoned, so the caller starts a new one.
  func claim() -> Bool {
    claims.withLock { count in
      guard let current = count else { return false }
      count = current + 1
      return true
    }
  }

  /// Drops a claim; the last one cancels the load.
  func release() {
    let abandoned = claims.withLock { count -> Bool in
      guard let current = count else { return false }
      count = current > 1 ? current - 1 : nil
      return count == nil
    }
    if abandoned { task.cancel() }
  }
}

/// The priority of one load's transfer, which later claimants may raise while it runs.
///
/// Used on the simulation's thread only (every job of a simulation runs there).
final class TransferPriority: @unchecked Sendable {
  /// The highest priority asked for so far.
  private(set) var priority: Float
  /// The transfer, once started.
  var task: SimulatedDataTask?

  init(_ priority: Float) { self.priority = priority }

  /// Raises the priority to `priority` if that is higher, on the transfer too if it runs.
  func raise(to priority: Float) {
    guard priority > self.priority else { return }
    self.priority = priority
    task?.priority = priority
  }
}

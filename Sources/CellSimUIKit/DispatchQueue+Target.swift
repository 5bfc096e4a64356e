import SimPlatform

/// The blocks a queue that runs on its target holds back while it is suspended or not yet
/// activated (see `DispatchQueue`, target queues).
extension DispatchQueue {
  /// One world's held blocks of a queue, and its suspension count.
  final class HeldBlocks {
    /// `suspend()` calls not yet matched by `resume()`.
    var suspensions = 0
    /// False until `activate()` for an `.initiallyInactive` queue.
    var isActive: Bool
    /// The blocks submitted while held, in order, with their barrier flags.
    var blocks: [(barrier: Bool, block: () -> Void)] = []

    init(isActive: Bool) { self.isActive = isActive }

    /// Whether blocks are held now.
    var isHolding: Bool { suspensions > 0 || !isActive }

    /// Keeps `block` if the queue holds its blocks now; whether it did.
    func keep(barrier: Bool, _ block: @escaping () -> Void) -> Bool {
      guard isHolding else { return false }
      blocks.append((barrier, block))
      return true
    }
  }

  /// The queue's held blocks in `world`.
  func hold(in world: World) -> HeldBlocks {
    holds.value(in: world) { HeldBlocks(isActive: !initiallyInactive) }
  }

  /// Enqueues the blocks `hold` kept, in order, once it no longer holds them.
  func release(_ hold: HeldBlocks, in world: World) {
    guard !hold.isHolding else { return }
    let blocks = hold.blocks
    hold.blocks = []
    for (barrier, block) in blocks { enqueue(block, barrier: barrier, in: world) }
  }
}

/// Setting a queue's target after it is made.
extension DispatchQueue {
  /// `setTarget(queue:)`: from now on the queue runs its blocks on `queue` (or on a queue of its
  /// own, for nil), as if made with `init(label:…target:)`. Set it before the queue's first use
  /// in a run (made `.initiallyInactive` and not yet used, or not yet used at all), as GCD
  /// expects; changing the target of a queue in use is not modelled and stops the run with a
  /// message naming the queue. A global queue's target cannot be changed, and GCD ignores the
  /// call, as here; the main queue's stops the run.
  public func setTarget(queue: DispatchQueue?) {
    switch kind {
    case .global: return
    case .main:
      preconditionFailure("DispatchQueue.setTarget(queue:): the main queue's target cannot be set")
    case .serial, .concurrent: break
    }
    var next = queue
    while let candidate = next {
      precondition(
        candidate !== self,
        "DispatchQueue.setTarget(queue:): targeting \(queue!.label) would make \(label) its own "
          + "target")
      next = candidate.targetQueue
    }
    precondition(
      !bindings.hasOpenValues && !holds.hasOpenValues,
      "DispatchQueue.setTarget(queue:) on \(label) after its first use in the run is not "
        + "modelled: give the target when the queue is made (init(label:…target:)), or set it "
        + "before the queue is used")
    specificsLock.lock()
    defer { specificsLock.unlock() }
    targetQueue = queue
    runsOn = queue.flatMap { Self.executionTarget(of: kind, on: $0) }
  }
}

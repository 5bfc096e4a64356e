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

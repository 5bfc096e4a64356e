import SimThreads

/// Where a diffable data source updates its view.
///
/// Apple documents that `apply` and `applySnapshotUsingReloadData` may be called from a
/// background queue ("You can safely call this method from a background queue, but you must do
/// so consistently in your app"), and UIKit's engineers describe what happens then: only the
/// diff of the old and new snapshots is computed on that queue; the view's update, with its
/// cell provider, always runs on the main queue, and the completion is called from it. So an
/// apply from a simulated worker makes the snapshot current at once and hands the view update
/// to the main queue, waiting for it as `DispatchQueue.main.sync` does (a main thread that
/// waits for that worker deadlocks, as UIKit warns it can).
enum DiffableMainQueue {
  /// Runs `update` on the main thread: at once when called there (or from code that cannot
  /// block: the thread driving a world, code outside any world); from another simulated
  /// thread's blocking code, through the main queue, which the caller waits for.
  @MainActor static func perform(_ update: @MainActor () -> Void) {
    guard Blocking.canBlock, let world = SimulationContext.world,
      SimulationContext.currentThread(in: world)?.isMain == false
    else {
      update()
      return
    }
    // The block runs on the simulated main thread, as SimTable's callbacks do.
    DispatchQueue.main.sync { onMainActor(update) }
  }
}

import SimKernel
import SimPlatform
import SimThreads

extension DispatchQueue {
  /// `concurrentPerform(iterations:execute:)`: runs `work` once for each index in
  /// `0..<iterations` and returns when every iteration has returned, as GCD documents.
  ///
  /// The iterations are blocks of a concurrent queue of their own as wide as the device has
  /// cores (GCD's width for `dispatch_apply`), started in index order on the world's worker
  /// threads, each as blocking code (an iteration may sleep, lock or decode). The caller holds
  /// its thread, without CPU, until the last one ends: virtual time passes as the iterations'
  /// own work does, spread over the cores. Real GCD also runs iterations on the calling thread;
  /// here the caller only waits, which changes which thread runs an iteration, not the time
  /// they take on a device whose cores are all free. Only blocking code may call it.
  public class func concurrentPerform(iterations: Int, execute work: (Int) -> Void) {
    guard iterations > 0 else { return }
    let world = SimulationContext.world(for: "DispatchQueue.concurrentPerform")
    SimulationContext.requireBlocking("DispatchQueue.concurrentPerform")
    withoutActuallyEscaping(work) { work in
      let box = IterationBox(work)
      let group = SimGroup(name: "concurrentPerform")
      let queue = world.concurrentQueue(label: "concurrentPerform", width: world.device.cores)
      for index in 0..<iterations {
        group.enter()
        queue.async(label: "concurrentPerform") {
          box.work?(index)
          group.leave()
        }
      }
      group.wait()
      // A world that tore down may drop queued iterations later: none may call `work` after
      // this returns.
      box.work = nil
    }
  }
}

/// The iterations' non-escaping body, cleared before `concurrentPerform` returns.
private final class IterationBox {
  var work: ((Int) -> Void)?
  init(_ work: @escaping (Int) -> Void) { self.work = work }
}

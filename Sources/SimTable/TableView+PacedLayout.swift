import SimKernel
import SimPlatform

extension TableView {
  /// A frame's layout pass with paced cell work (`cell_timing: paced`): the entering rows get
  /// `cellForRow` and `willDisplay` one after another over the frame's duration, each at the
  /// instant the main thread has paid for the cells before it, instead of all at the vsync.
  ///
  /// On a device a frame that creates five cells at 6 ms each configures the fifth about 24 ms
  /// after the vsync; a background thread that checks "is this cell still mine?" in that gap
  /// sees the old answer. Between two cells the pass is open (`pass`): queries see the cells
  /// placed so far, and a change to the table from another thread meanwhile throws
  /// `TableError.mutationDuringLayout`. Leaving rows end, in the configured `layout_order`,
  /// and `finish` runs once every entering row is done.
  func applyPaced(
    target: Range<Int>, survivors: [TableCell], on execution: Execution,
    then finish: @escaping () -> Void
  ) {
    let leaving = beginPass(target: target, survivors: survivors, deleted: [], reloaded: [])
    if configuration.layoutOrder == .endFirst { endDisplay(deleted: [], leaving: leaving) }
    fillPaced(from: 0, target: target, on: execution) { [self] in
      if configuration.layoutOrder == .displayFirst { endDisplay(deleted: [], leaving: leaving) }
      endPass(target: target, reloaded: [])
      finish()
    }
  }

  /// Configures the first empty slot at or after `start`, then continues with the next once
  /// the main thread has spent what this one cost; `done` when no empty slot is left.
  func fillPaced(
    from start: Int, target: Range<Int>, on execution: Execution,
    done: @escaping () -> Void
  ) {
    var index = start
    while index < target.count, pass!.slots[index] != nil { index += 1 }
    guard index < target.count else {
      done()
      return
    }
    let row = target.lowerBound + index
    let cell = takePrepared(row: row) ?? configuredCell(row: row)
    pass!.slots[index] = cell
    display(cell, at: row)
    execution.then { [self] in
      fillPaced(from: index + 1, target: target, on: execution, done: done)
    }
  }
}

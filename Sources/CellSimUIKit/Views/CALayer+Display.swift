import SimPlatform

/// A world's layers marked with `setNeedsDisplay()`, displayed in the next frame after its
/// layout pass (an attachment of the world, with one frame observer made at the first mark).
/// Core Animation's commit lays out, then displays the marked layers, then draws the frame;
/// here the frame's layout-phase observers run in the order they were made, and this one is
/// made at the first mark, after the screen's table or collection view made its own.
final class LayersToDisplay {
  private var marked: [CALayer] = []
  private var observing = false

  static func of(_ world: World) -> LayersToDisplay {
    world.layerAttachment { LayersToDisplay() }
  }

  func mark(_ layer: CALayer, in world: World) {
    marked.append(layer)
    guard !observing else { return }
    observing = true
    world.main.addFrameObserver(.layout, owner: self) { [weak self] _ in self?.displayAll() }
  }

  /// Displays the layers marked, in the order marked; a layer marked again while displaying
  /// (an animation that marks itself each time) waits for the next frame.
  func displayAll() {
    let due = marked
    marked = []
    for layer in due { layer.displayIfNeeded() }
  }
}

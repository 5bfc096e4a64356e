import SimKernel
import SimPlatform

/// UIKit's graphics context stack: `UIGraphicsBeginImageContextWithOptions` and its family.
///
/// UIKit keeps a stack of graphics contexts for each thread; these functions "may be called from
/// any thread of your app" (Apple's documentation of `UIGraphicsBeginImageContext(_:)`). Here
/// each simulated thread has its own stack, so a worker whose redraw blocks it (a decode priced
/// on it) between the begin and the end never sees, or ends, another thread's context. A worker
/// of the pool keeps its stack between blocks, as a real GCD thread does: a block that began a
/// context and never ended it leaves it to the next block on that thread.
///
/// An image context is a bitmap `CGContext` of `size × scale` pixels: `UIImage.draw(in:)` into
/// it prices the decode and resample on the calling thread at the draw, as
/// `CGContext.draw(_:in:)` does (`CGContext.swift`), and
/// `UIGraphicsGetImageFromCurrentImageContext()` gives what was drawn, keeping its provenance
/// (a placeholder of the canvas's size when nothing with content was drawn).
extension ViewLayerState {
  /// The calling simulated thread's stack, innermost last.
  var currentContexts: [CGContext] { contextStacks[Self.threadKey] ?? [] }

  /// Makes `context` the calling thread's current context.
  func pushContext(_ context: CGContext) {
    contextStacks[Self.threadKey, default: []].append(context)
  }

  /// Removes the calling thread's current context; when `expected` is given, only if it is that
  /// one. Returns the context removed.
  @discardableResult
  func popContext(_ expected: CGContext? = nil) -> CGContext? {
    let key = Self.threadKey
    guard var stack = contextStacks[key], let top = stack.last else { return nil }
    if let expected, top !== expected { return nil }
    stack.removeLast()
    contextStacks[key] = stack.isEmpty ? nil : stack
    return top
  }

  /// The stack's key: the calling simulated thread, or one key for code outside any.
  private static var threadKey: ObjectIdentifier {
    guard let world = SimulationContext.world,
      let thread = SimulationContext.currentThread(in: world)
    else { return ObjectIdentifier(ViewLayerState.self) }
    return ObjectIdentifier(thread)
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `UIGraphicsBeginImageContext(_:)`: an image context of `size` points at scale 1, not opaque.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
  UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `UIGraphicsBeginImageContextWithOptions(_:_:_:)`: pushes a bitmap context of `size` points at
/// `scale` (0: the device's screen scale) onto the calling thread's stack and makes it current.
/// `opaque` is kept as the context's alpha (none-skip-last when opaque). An empty size makes no
/// usable context in UIKit; here it makes a 1 × 1 pixel one, so that the matching end pops it.
public func UIGraphicsBeginImageContextWithOptions(
  _ size: CGSize, _ opaque: Bool, _ scale: CGFloat
) {
  let world = SimulationContext.world(for: "UIGraphicsBeginImageContextWithOptions")
  let resolved = scale > 0 ? scale : CGFloat(world.device.scale)
  let alpha: CGImageAlphaInfo = opaque ? .noneSkipLast : .premultipliedLast
  let context = CGContext(
    width: max(1, Int((size.width * resolved).rounded())),
    height: max(1, Int((size.height * resolved).rounded())), bitsPerComponent: 8, bytesPerRow: 0,
    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue))
  context.imageContextScale = resolved
  ViewLayerState.of(world).pushContext(context)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `UIGraphicsGetImageFromCurrentImageContext()`: what the current image context shows, as an
/// image of the context's size in points at its scale; nil when the current context is not an
/// image context (none, or one pushed with `UIGraphicsPushContext`), as in UIKit. It may be
/// called more than once; each call gives the same content.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
  guard let context = CGContext.current, let scale = context.imageContextScale,
    let cgImage = context.makeImage()
  else { return nil }
  return UIImage(cgImage: cgImage, scale: scale, orientation: .up)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `UIGraphicsEndImageContext()`: pops the current context if it is an image context; does
/// nothing otherwise (no context, or a pushed one on top).
public func UIGraphicsEndImageContext() {
  guard let world = SimulationContext.world, CGContext.current?.imageContextScale != nil else {
    return
  }
  ViewLayerState.of(world).popContext()
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `UIGraphicsGetCurrentContext()`: the calling thread's current context (an image context, a
/// pushed context, or a `UIGraphicsImageRenderer`'s while its actions run); nil when there is
/// none.
public func UIGraphicsGetCurrentContext() -> CGContext? { CGContext.current }

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `UIGraphicsPushContext(_:)`: makes `context` the calling thread's current context, so that
/// `UIImage.draw(in:)` and `UIBezierPath` draw into it.
public func UIGraphicsPushContext(_ context: CGContext) {
  let world = SimulationContext.world(for: "UIGraphicsPushContext")
  ViewLayerState.of(world).pushContext(context)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `UIGraphicsPopContext()`: removes the calling thread's current context, whatever it is.
public func UIGraphicsPopContext() {
  guard let world = SimulationContext.world else { return }
  ViewLayerState.of(world).popContext()
}

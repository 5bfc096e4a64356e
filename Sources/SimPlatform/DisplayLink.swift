public import SimKernel

/// `CADisplayLink` for loaders: a callback at every vsync, on the main thread, inside the frame,
/// after the scroll position updates and before the layout pass, as animated-image views step
/// their frames.
///
/// Core Animation's documentation: a display link "is a timer object that allows your
/// application to synchronize its drawing to the refresh rate of the display"; its callback
/// runs once per frame, before the frame is rendered, and the run loop keeps the link (and so
/// its target) until `invalidate()`. So here: the world's main thread keeps the link, and its
/// callback, until `invalidate()`; `isPaused` skips callbacks without removing it. A link made
/// during a frame fires from the next one. The callback runs in the frame's execution, so what
/// it does on the main thread (set an image, spend CPU) is charged to the frame, and a slow
/// callback makes the frame late.
public final class DisplayLink {
  /// What a callback is told.
  public struct Tick: Sendable {
    /// The vsync of the frame being prepared (`CADisplayLink.timestamp`).
    public let timestamp: SimTime
    /// The vsync after it, by which the frame should be ready
    /// (`CADisplayLink.targetTimestamp`).
    public let targetTimestamp: SimTime
    /// The frame's number (its vsync index).
    public let frame: Int64
  }

  unowned let main: MainThread
  /// The callback; dropped by `invalidate()`, with whatever it holds.
  @exclusivity(unchecked) var callback: ((Tick) -> Void)?
  /// Whether callbacks are skipped (`CADisplayLink.isPaused`); the link stays registered.
  @exclusivity(unchecked) public var isPaused = false
  /// False once `invalidate()` was called.
  @exclusivity(unchecked) public private(set) var isValid = true

  /// A link on `main` calling `callback` at every vsync from the next frame on.
  package init(main: MainThread, _ callback: @escaping (Tick) -> Void) {
    self.main = main
    self.callback = callback
    // The observer holds the link strongly, as the run loop holds a CADisplayLink, until
    // `invalidate()` removes it.
    main.addFrameObserver(.displayLink, owner: self) { [self] context in fire(context) }
    main.displayLinks.append(self)
  }

  /// Stops the link for good and lets it go (`CADisplayLink.invalidate()`).
  public func invalidate() {
    guard isValid else { return }
    isValid = false
    callback = nil
    main.removeFrameObservers(owner: self)
    main.displayLinks.removeAll { $0 === self }
  }

  func fire(_ context: FrameContext) {
    // A link invalidated earlier in this frame (by another link's callback) is still in the
    // frame's copy of the observers.
    guard isValid, !isPaused, let callback else { return }
    callback(
      Tick(
        timestamp: context.vsync, targetTimestamp: main.device.vsync(context.number + 1),
        frame: context.number))
  }
}

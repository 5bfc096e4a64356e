import SimKernel

/// The main thread's own kernel events — the 120 Hz vsync and the wake that takes a run-loop
/// turn — scheduled through `EventLoop.schedule(at:target:tag:)` instead of a fresh closure
/// each time: together they are more than half of a scrolling run's events, and a closure
/// context per event was an allocation, a retain and a free each. The events run
/// at the same `(time, seq)` as the closures they replace, so traces and digests are unchanged.
final class MainThreadEvents: EventTarget {
  /// The tag of a wake; any other tag is a vsync number (zero or more).
  static let wakeTag = -1

  /// The main thread, which owns this object; the world keeps both alive while its loop runs.
  ///
  /// Unretained, not `unowned`: an `unowned` read is a checked retain and a release, at more
  /// than half of a scrolling run's events. It is safe because the main thread's `deinit`
  /// clears `mainAlive` before its memory goes, and this object outlives that (the main thread
  /// holds it, and so does the loop while one of its events is pending): an event still
  /// pending after the main thread is gone does nothing.
  let main: Unmanaged<MainThread>
  /// False once the main thread has been deinitialized.
  var mainAlive = true

  /// Creates the events of `main`.
  init(_ main: MainThread) { self.main = .passUnretained(main) }

  /// Runs a wake (`wakeTag`) or the vsync numbered `tag`.
  func fire(tag: Int) {
    guard mainAlive else { return }
    // The loop runs one event at a time, and nothing an event does frees the main thread
    // while it runs (the world holds it): the reference is used without a retain.
    main._withUnsafeGuaranteedRef { main in
      if tag == Self.wakeTag {
        main.wake()
      } else {
        main.vsync(number: Int64(tag))
      }
    }
  }
}

import SimKernel

/// The main thread's own kernel events — the 120 Hz vsync and the wake that takes a run-loop
/// turn — scheduled through `EventLoop.schedule(at:target:tag:)` instead of a fresh closure
/// each time: together they are more than half of a scrolling run's events, and a closure
/// context per event was an allocation, a retain and a free each (issue 14 §6). The events run
/// at the same `(time, seq)` as the closures they replace, so traces and digests are unchanged.
final class MainThreadEvents: EventTarget {
  /// The tag of a wake; any other tag is a vsync number (zero or more).
  static let wakeTag = -1

  /// The main thread, which owns this object; the world keeps both alive while its loop runs.
  unowned let main: MainThread

  /// Creates the events of `main`.
  init(_ main: MainThread) { self.main = main }

  /// Runs a wake (`wakeTag`) or the vsync numbered `tag`.
  func fire(tag: Int) {
    if tag == Self.wakeTag {
      main.wake()
    } else {
      main.vsync(number: Int64(tag))
    }
  }
}

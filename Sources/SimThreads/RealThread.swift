#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Detached POSIX threads for the few places outside the baton that need one: SimAsync's
/// simulation thread, and the measurements' partner thread. Carriers are joinable threads of
/// their own (`Carrier`).
package enum RealThread {
  final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts a detached thread running `run`.
  package static func start(_ run: @escaping @Sendable () -> Void) {
    let body = Unmanaged.passRetained(Body(run)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let status = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
      }, body)
    precondition(status == 0, "could not start a thread (pthread_create: \(status))")
    #if canImport(Glibc)
      pthread_detach(thread)
    #else
      pthread_detach(thread!)
    #endif
  }

  /// Never returns: the thread of an abandoned run waits here for the life of the process.
  package static func parkForever() -> Never {
    while true { _ = sleep(3_600) }
  }
}

import CSimThreads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real OS thread that carries simulated threads' blocking code, one body at a time.
///
/// A carrier waits on its parker. Woken with a job, it runs the job; the job is the whole body
/// of one blocking execution, which may park in the middle (the carrier then waits on its parker
/// again, inside the job) any number of times before it returns. When the body returns, the
/// carrier waits for the next job. Only the thread holding the baton runs simulation code, so
/// a carrier touches shared state only between being woken and handing the baton on.
final class Carrier: @unchecked Sendable {
  let parker: Parker
  /// The job to run when woken; set by the baton holder just before it wakes the carrier.
  var job: (() -> Void)?
  /// The fiber whose body the carrier runs now.
  var fiber: Fiber?
  /// The scheduler, told when a body returns. It outlives its carriers' bodies: it ends every
  /// carrier before it goes.
  unowned(unsafe) let scheduler: BlockingThreads
  /// How many callbacks run right now on this carrier inside its fiber's body, started by it
  /// at once (`hostEveryCallback`): while any does, nothing may park, since their stack sits on
  /// top of the fiber's.
  var inlineDepth = 0
  /// Set (with no job) to make the carrier's thread end.
  var exitRequested = false
  /// The CPU to bind the thread to, if any.
  let cpu: Int?
  /// The OS thread, joined when the carrier stops (so that it is gone, not just leaving).
  #if canImport(Glibc)
    var thread = pthread_t()
  #else
    var thread: pthread_t?
  #endif

  init(spins: Int, yields: Int, cpu: Int?, scheduler: BlockingThreads) {
    self.scheduler = scheduler
    self.parker = Parker(spins: spins, yields: yields, gate: scheduler.spinGate)
    self.cpu = cpu
  }

  /// Starts the OS thread (joinable); it waits for its first job.
  func start() {
    let box = Unmanaged.passRetained(self).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    // 8 MiB, as a main thread gets: blocking code recurses as deep as any app code.
    pthread_attr_setstacksize(&attributes, 8 << 20)
    let status = pthread_create(
      &thread, &attributes,
      { raw in
        let carrier = Unmanaged<Carrier>.fromOpaque(raw!).takeRetainedValue()
        carrier.main()
        return nil
      }, box)
    pthread_attr_destroy(&attributes)
    guard status == 0 else {
      Unmanaged<Carrier>.fromOpaque(box).release()
      fatalError("SimThreads: could not start a carrier thread (pthread_create: \(status))")
    }
  }

  private func main() {
    Carrier.setCurrent(self)
    csimthreads_install_trap_handler()
    if let cpu { _ = csimthreads_pin_to_cpu(Int32(cpu)) }
    while true {
      parker.park()
      if exitRequested { break }
      guard var body = job else { continue }
      job = nil
      if let fiber {
        fiber.threadName.withCString { thread in
          fiber.label.withCString { csimthreads_set_trap_note_parts(thread, $0) }
        }
      }
      body()
      csimthreads_set_trap_note(nil)
      // Everything the body captured is released here, while this thread still holds the
      // baton: a deinit it triggers runs as part of the body, never beside another thread.
      body = {}
      scheduler.bodyReturned(on: self)
    }
    Carrier.setCurrent(nil)
  }

  /// Ends the thread once it is idle (waiting for a job), and waits until it has ended.
  func stopAndWait() {
    exitRequested = true
    parker.unpark()
    #if canImport(Glibc)
      pthread_join(thread, nil)
    #else
      pthread_join(thread!, nil)
    #endif
  }

  /// Lets an abandoned carrier's thread go on its own: nobody will join it.
  func detach() {
    #if canImport(Glibc)
      pthread_detach(thread)
    #else
      pthread_detach(thread!)
    #endif
  }

  // MARK: The carrier running on this OS thread

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "SimThreads: pthread_key_create failed (\(status))")
    return key
  }()

  /// The carrier whose thread is calling, or nil on any other thread.
  static var current: Carrier? {
    guard let raw = pthread_getspecific(key) else { return nil }
    return Unmanaged<Carrier>.fromOpaque(raw).takeUnretainedValue()
  }

  private static func setCurrent(_ carrier: Carrier?) {
    pthread_setspecific(key, carrier.map { Unmanaged.passUnretained($0).toOpaque() })
  }
}

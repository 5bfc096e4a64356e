import Foundation
import SimKernel
import SimPlatform

/// The one source class behind every kind (see `DispatchSource`).
final class SimDispatchSource: DispatchSource, @unchecked Sendable {
  enum Kind { case timer, memoryPressure, userDataAdd, userDataOr }

  let kind: Kind
  let queue: DispatchQueue
  weak var world: World?
  var eventHandler: (() -> Void)?
  var cancelHandler: (() -> Void)?
  var registrationHandler: (() -> Void)?
  /// Inactive until activated; then suspended while `suspendCount > 0`.
  var isActive = false
  var suspendCount = 0
  private(set) var cancelled = false
  /// What the next delivery reports, accumulated since the last one started.
  var pending: UInt = 0
  /// Whether a delivery is submitted and has not ended: Dispatch never runs a source's handler
  /// beside itself, even on a concurrent queue, so events meanwhile wait for it to end.
  var deliveryInFlight = false
  /// What the delivery now running reports.
  private(set) var currentData: UInt = 0
  var maskBits: UInt = 0
  /// The timer's next firing.
  var timerEvent: EventHandle?

  init(kind: Kind, queue: DispatchQueue?, api: StaticString) {
    self.kind = kind
    self.queue = queue ?? .global()
    let world = SimulationContext.world(for: api)
    self.world = world
    super.init()
    SourceRegistry.of(world).sources.append(WeakSource(source: self))
  }

  /// Forgets the handlers and the timer, and delivers nothing more: the world has ended. A
  /// handler that captures its own source (the common `timer.setEventHandler { … timer … }`)
  /// holds the source, which holds the handler; in an app the cycle lasts until `cancel()`, and
  /// a run that ended without one would otherwise keep both for the life of the process.
  func worldEnded() {
    cancelled = true
    eventHandler = nil
    cancelHandler = nil
    registrationHandler = nil
    timerEvent = nil
  }

  // MARK: State

  func activateSource() {
    guard !isActive else { return }
    isActive = true
    if let registration = registrationHandler {
      registrationHandler = nil
      submit(registration)
    }
    deliverIfReady()
  }

  func resumeSource() {
    if !isActive {
      activateSource()
      return
    }
    guard suspendCount > 0 else {
      preconditionFailure(
        "BUG IN CLIENT OF LIBDISPATCH: Over-resume of an object (CellSimUIKit: a dispatch "
          + "source resumed more times than it was suspended)")
    }
    suspendCount -= 1
    deliverIfReady()
  }

  func cancelSource() {
    guard !cancelled else { return }
    cancelled = true
    if let event = timerEvent, let world { _ = world.loop.cancel(event) }
    timerEvent = nil
    eventHandler = nil
    if let handler = cancelHandler {
      cancelHandler = nil
      submit(handler)
    }
  }

  // MARK: Events

  /// Records an event worth `amount` (or-ed for an or source) and delivers it when it can.
  func signal(_ amount: UInt) {
    guard !cancelled else { return }
    let ors = kind == .userDataOr || kind == .memoryPressure
    pending = ors ? pending | amount : pending &+ amount
    deliverIfReady()
  }

  /// Submits one delivery of what is pending, unless one is already submitted or running, the
  /// source is inactive or suspended, or nothing is pending. A delivery that starts while the
  /// source is suspended or cancelled returns at once, leaving what is pending.
  func deliverIfReady() {
    guard isActive, suspendCount == 0, !cancelled, !deliveryInFlight, pending != 0 else {
      return
    }
    deliveryInFlight = true
    submit { [self] in
      if !cancelled, suspendCount == 0 {
        currentData = pending
        pending = 0
        eventHandler?()
      }
      deliveryInFlight = false
      deliverIfReady()
    }
  }

  func submit(_ block: @escaping () -> Void) {
    guard let world else { return }
    let box = Unchecked(block)
    queue.submit(in: world, delay: nil, group: nil, flags: []) { box.value() }
  }

  // MARK: Timers

  /// Replaces the timer's schedule (clearing what was pending, as Dispatch does): first firing
  /// after `delay` (nil: never), then every `interval` (nil or not positive: once). The event
  /// holds the source weakly: as in Dispatch, a timer nobody keeps is freed and never fires.
  func start(after delay: SimDuration?, every interval: SimDuration?) {
    guard !cancelled, let world else { return }
    if let event = timerEvent { _ = world.loop.cancel(event) }
    timerEvent = nil
    pending = 0
    guard let delay else { return }
    let period = interval.flatMap { $0 > .zero ? $0 : nil }
    timerEvent = world.loop.schedule(after: delay) { [weak self] in self?.fire(every: period) }
  }

  func fire(every period: SimDuration?) {
    timerEvent = nil
    guard !cancelled, let world else { return }
    if let period {
      timerEvent = world.loop.schedule(after: period) { [weak self] in self?.fire(every: period) }
    }
    signal(1)
  }

  // MARK: Memory pressure

  /// Hears the world's memory warnings while the source lives.
  func listenForMemoryWarnings() {
    guard let world else { return }
    world.reports.subscribe(to: [.memoryWarning], owner: self) { [weak self] _ in
      guard let self, maskBits & DispatchSource.MemoryPressureEvent.warning.rawValue != 0 else {
        return
      }
      signal(DispatchSource.MemoryPressureEvent.warning.rawValue)
    }
  }
}

/// The sources made in one world, weakly, attached to it: when the world drops its attachments
/// (`World.tearDown`), each source still alive forgets its handlers.
final class SourceRegistry {
  var sources: [WeakSource] = []

  static func of(_ world: World) -> SourceRegistry { world.layerAttachment { SourceRegistry() } }

  deinit {
    for entry in sources { entry.source?.worldEnded() }
  }
}

/// A source, held weakly.
struct WeakSource {
  weak var source: SimDispatchSource?
}

#if os(Linux)
  // The layer's `RunLoop` and `OperationQueue` as Combine schedulers, as in Apple's Foundation.
  // `receive(on: RunLoop.main)` runs each delivery as a block performed in the default mode,
  // so, as on a device, deliveries wait while the table scrolls (the main run loop is then in
  // `.tracking`); `DispatchQueue.main` does not wait.
  public import Combine
  import Foundation

  extension RunLoop: Scheduler {
    /// A point in a run loop's time: a `Date` on the virtual wall clock.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
      /// The point in time.
      public var date: Date

      /// The point `date`.
      public init(_ date: Date) { self.date = date }

      public func distance(to other: SchedulerTimeType) -> Stride {
        Stride(other.date.timeIntervalSince(date))
      }

      public func advanced(by n: Stride) -> SchedulerTimeType {
        SchedulerTimeType(date.addingTimeInterval(n.timeInterval))
      }

      /// An interval in seconds.
      public typealias Stride = SecondsStride
    }

    /// Run-loop scheduling takes no options.
    public struct SchedulerOptions: Sendable {}

    /// The virtual wall clock's current date.
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// No tolerance: timers fire at their date exactly.
    public var minimumTolerance: SchedulerTimeType.Stride { SecondsStride(0) }

    /// Performs `action` on a later pass of the run loop, in the default mode.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
      guard schedulingHasWorld("RunLoop.schedule(options:_:)") else { return }
      let action = Unchecked(action)
      perform(inModes: [.default]) { action.value() }
    }

    /// Runs `action` from a one-shot timer at `date`, in the default mode.
    public func schedule(
      after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
      options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
      guard schedulingHasWorld("RunLoop.schedule(after:tolerance:options:_:)") else { return }
      let action = Unchecked(action)
      let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in action.value() }
      add(timer, forMode: .default)
    }

    /// Runs `action` from a repeating timer from `date`, in the default mode; cancelling
    /// invalidates the timer.
    public func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) -> any Cancellable {
      let action = Unchecked(action)
      let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in
        action.value()
      }
      add(timer, forMode: .default)
      return AnyCancellable { timer.invalidate() }
    }
  }

  extension OperationQueue: Scheduler {
    /// A point in an operation queue's time: a `Date` on the virtual wall clock.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
      /// The point in time.
      public var date: Date

      /// The point `date`.
      public init(_ date: Date) { self.date = date }

      public func distance(to other: SchedulerTimeType) -> Stride {
        Stride(other.date.timeIntervalSince(date))
      }

      public func advanced(by n: Stride) -> SchedulerTimeType {
        SchedulerTimeType(date.addingTimeInterval(n.timeInterval))
      }

      /// An interval in seconds.
      public typealias Stride = SecondsStride
    }

    /// Operation-queue scheduling takes no options.
    public struct SchedulerOptions: Sendable {}

    /// The virtual wall clock's current date.
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// No tolerance.
    public var minimumTolerance: SchedulerTimeType.Stride { SecondsStride(0) }

    /// Adds `action` to the queue as an operation.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
      guard schedulingHasWorld("OperationQueue.schedule(options:_:)") else { return }
      let action = Unchecked(action)
      addOperation { action.value() }
    }

    /// Adds `action` to the queue as an operation at `date` (a global queue's block adds it
    /// then).
    public func schedule(
      after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
      options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
      guard schedulingHasWorld("OperationQueue.schedule(after:tolerance:options:_:)") else {
        return
      }
      let action = Unchecked(action)
      DispatchQueue.global().asyncAfter(deadline: Self.deadline(of: date.date)) { [self] in
        addOperation { action.value() }
      }
    }

    /// Adds `action` as an operation at `date` and every `interval` after it until cancelled.
    public func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) -> any Cancellable {
      let repeating = RepeatingAction(action)
      repeating.start(
        at: Self.deadline(of: date.date),
        every: .nanoseconds(Int((interval.timeInterval * 1e9).rounded()))
      ) { [weak self] deadline, fire in
        let fire = Unchecked(fire)
        DispatchQueue.global().asyncAfter(deadline: deadline) { [weak self] in
          self?.addOperation { fire.value() }
        }
      }
      return repeating
    }

    /// The uptime deadline of the wall-clock `date`.
    static func deadline(of date: Date) -> DispatchTime {
      DispatchTime.now() + max(0, date.timeIntervalSince(Date()))
    }
  }

  /// An interval in seconds: the stride of `RunLoop`'s and `OperationQueue`'s scheduler time
  /// (Apple's are two identical types; here they are one).
  public struct SecondsStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
    ExpressibleByFloatLiteral, Hashable, Codable, Sendable
  {
    public typealias FloatLiteralType = TimeInterval
    public typealias IntegerLiteralType = TimeInterval
    public typealias Magnitude = TimeInterval

    /// The interval in seconds.
    public var magnitude: TimeInterval

    /// The interval in seconds.
    public var timeInterval: TimeInterval { magnitude }

    /// `timeInterval` seconds.
    public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
    public init(floatLiteral value: TimeInterval) { magnitude = value }
    public init(integerLiteral value: TimeInterval) { magnitude = value }
    public init?<T: BinaryInteger>(exactly source: T) {
      guard let value = TimeInterval(exactly: source) else { return nil }
      magnitude = value
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude + rhs.magnitude) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude - rhs.magnitude) }
    public static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude * rhs.magnitude) }
    public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
    public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
    public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }

    public static func seconds(_ s: Int) -> Self { Self(TimeInterval(s)) }
    public static func seconds(_ s: Double) -> Self { Self(s) }
    public static func milliseconds(_ ms: Int) -> Self { Self(TimeInterval(ms) / 1e3) }
    public static func microseconds(_ us: Int) -> Self { Self(TimeInterval(us) / 1e6) }
    public static func nanoseconds(_ ns: Int) -> Self { Self(TimeInterval(ns) / 1e9) }
  }
#endif

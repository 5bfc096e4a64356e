#if os(Linux)
  // The layer's `DispatchQueue` as a Combine scheduler, as Apple's overlay makes Dispatch's:
  // `receive(on: DispatchQueue.main)`, `subscribe(on: DispatchQueue.global())`, `debounce` and
  // `delay` on a queue run on the world's simulated queues, in virtual time.
  public import Combine
  import Foundation

  extension DispatchQueue: Scheduler {
    /// A point in a queue's time: a `DispatchTime` (the layer's, in virtual time).
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
      /// The point in time.
      public var dispatchTime: DispatchTime

      /// The point `time`.
      public init(_ time: DispatchTime) { dispatchTime = time }

      /// Decodes the point from its uptime in nanoseconds.
      public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        dispatchTime = DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self))
      }

      /// Encodes the point as its uptime in nanoseconds.
      public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(dispatchTime.uptimeNanoseconds)
      }

      /// The interval from this point to `other`.
      public func distance(to other: SchedulerTimeType) -> Stride {
        Stride(
          magnitude: Int(
            Int64(
              bitPattern: other.dispatchTime.uptimeNanoseconds &- dispatchTime.uptimeNanoseconds)
          ))
      }

      /// This point moved by `n`.
      public func advanced(by n: Stride) -> SchedulerTimeType {
        SchedulerTimeType(dispatchTime + .nanoseconds(n.magnitude))
      }

      /// An interval of a queue's time, in nanoseconds.
      public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
        ExpressibleByFloatLiteral, Hashable, Codable, Sendable
      {
        public typealias FloatLiteralType = Double
        public typealias IntegerLiteralType = Int
        public typealias Magnitude = Int

        /// The interval in nanoseconds.
        public var magnitude: Int

        init(magnitude: Int) { self.magnitude = magnitude }

        /// The interval as a `DispatchTimeInterval`.
        public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

        /// The interval `timeInterval`.
        public init(_ timeInterval: DispatchTimeInterval) {
          switch timeInterval {
          case .seconds(let s): magnitude = s &* 1_000_000_000
          case .milliseconds(let ms): magnitude = ms &* 1_000_000
          case .microseconds(let us): magnitude = us &* 1_000
          case .nanoseconds(let ns): magnitude = ns
          case .never: magnitude = .max
          @unknown default: magnitude = .max
          }
        }

        /// `timeInterval` seconds.
        public init(_ timeInterval: Double) { magnitude = Int((timeInterval * 1e9).rounded()) }
        /// `value` seconds.
        public init(floatLiteral value: Double) { self.init(value) }
        /// `value` seconds.
        public init(integerLiteral value: Int) { magnitude = value &* 1_000_000_000 }
        /// `source` nanoseconds, if it fits.
        public init?<T: BinaryInteger>(exactly source: T) {
          guard let value = Int(exactly: source) else { return nil }
          magnitude = value
        }

        public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
        public static func + (lhs: Stride, rhs: Stride) -> Stride {
          Stride(magnitude: lhs.magnitude + rhs.magnitude)
        }
        public static func - (lhs: Stride, rhs: Stride) -> Stride {
          Stride(magnitude: lhs.magnitude - rhs.magnitude)
        }
        public static func * (lhs: Stride, rhs: Stride) -> Stride {
          Stride(magnitude: lhs.magnitude * rhs.magnitude)
        }
        public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
        public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
        public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

        public static func seconds(_ s: Int) -> Stride { Stride(.seconds(s)) }
        public static func seconds(_ s: Double) -> Stride { Stride(s) }
        public static func milliseconds(_ ms: Int) -> Stride { Stride(.milliseconds(ms)) }
        public static func microseconds(_ us: Int) -> Stride { Stride(.microseconds(us)) }
        public static func nanoseconds(_ ns: Int) -> Stride { Stride(.nanoseconds(ns)) }
      }
    }

    /// How a scheduled block is submitted: its quality of service and flags (accepted; only
    /// `.barrier` changes anything, as for `async`) and a group it enters.
    public struct SchedulerOptions: @unchecked Sendable {
      public var qos: DispatchQoS
      public var flags: DispatchWorkItemFlags
      public var group: DispatchGroup?

      public init(
        qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        group: DispatchGroup? = nil
      ) {
        self.qos = qos
        self.flags = flags
        self.group = group
      }
    }

    /// The calling world's virtual time.
    public var now: SchedulerTimeType { SchedulerTimeType(DispatchTime.now()) }

    /// No tolerance: blocks run at their deadline exactly.
    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(magnitude: 0) }

    /// Runs `action` on the queue (`async`).
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
      guard schedulingHasWorld("DispatchQueue.schedule(options:_:)") else { return }
      let action = Unchecked(action)
      async(
        group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []
      ) { action.value() }
    }

    /// Runs `action` on the queue at `date` (`asyncAfter`).
    public func schedule(
      after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
      options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
      guard schedulingHasWorld("DispatchQueue.schedule(after:tolerance:options:_:)") else { return }
      let action = Unchecked(action)
      asyncAfter(
        deadline: date.dispatchTime, qos: options?.qos ?? .unspecified,
        flags: options?.flags ?? []
      ) { action.value() }
    }

    /// Runs `action` on the queue at `date` and every `interval` after it until cancelled.
    public func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) -> any Cancellable {
      let repeating = RepeatingAction(action)
      repeating.start(at: date.dispatchTime, every: .nanoseconds(interval.magnitude)) {
        [weak self] deadline, fire in
        self?.schedule(after: SchedulerTimeType(deadline), tolerance: tolerance, options: options) {
          fire()
        }
      }
      return repeating
    }
  }

  /// Whether a scheduling has a world to run in. Outside any world a cancel that
  /// `subscribe(on:)` sends to its scheduler (typically from a subscription cancelled when its
  /// owner is deallocated after the run) has nothing to run it and is dropped: false. Any other
  /// scheduling there stops the process, naming `api`, as other layer calls outside a world do:
  /// dropping it would lose a value or a completion without a word.
  func schedulingHasWorld(_ api: StaticString) -> Bool {
    if SimulationContext.world != nil { return true }
    if _CancelScheduling.isCancel { return false }
    _ = SimulationContext.world(for: api)
    return false
  }

  /// An action run at a deadline and every interval after it, until cancelled; each firing
  /// schedules the next at the previous deadline plus the interval, so the schedule does not
  /// drift.
  final class RepeatingAction: Cancellable, @unchecked Sendable {
    private var action: (() -> Void)?

    init(_ action: @escaping () -> Void) { self.action = action }

    /// Schedules the firings with `scheduleAt` (a deadline, and what to run then).
    func start(
      at first: DispatchTime, every interval: DispatchTimeInterval,
      _ scheduleAt: @escaping (DispatchTime, @escaping () -> Void) -> Void
    ) {
      func fire(at deadline: DispatchTime) {
        scheduleAt(deadline) { [weak self] in
          guard let self, let action = self.action else { return }
          action()
          fire(at: deadline + interval)
        }
      }
      fire(at: first)
    }

    func cancel() { action = nil }
  }
#endif

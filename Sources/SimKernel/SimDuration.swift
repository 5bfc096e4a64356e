/// A span of virtual time in whole nanoseconds.
///
/// Time in CellSim is never a `Double`: every duration is an `Int64` count of nanoseconds, so
/// arithmetic is exact and identical in every build and on every machine. Durations may be
/// negative as the result of a subtraction, but APIs that wait or schedule reject negative ones.
public struct SimDuration: Hashable, Comparable, Sendable {
  /// The number of nanoseconds.
  public var nanoseconds: Int64

  /// Creates a duration of `nanoseconds` nanoseconds.
  @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  /// No time at all.
  @inlinable public static var zero: SimDuration { SimDuration(nanoseconds: 0) }

  /// `n` nanoseconds.
  @inlinable public static func ns(_ n: Int64) -> SimDuration { SimDuration(nanoseconds: n) }
  /// `n` microseconds.
  @inlinable public static func us(_ n: Int64) -> SimDuration {
    SimDuration(nanoseconds: n * 1_000)
  }
  /// `n` milliseconds.
  @inlinable public static func ms(_ n: Int64) -> SimDuration {
    SimDuration(nanoseconds: n * 1_000_000)
  }
  /// `n` seconds.
  @inlinable public static func s(_ n: Int64) -> SimDuration {
    SimDuration(nanoseconds: n * 1_000_000_000)
  }
  /// A fractional number of milliseconds, rounded to the nearest nanosecond (halves away from
  /// zero). Use for model parameters given in ms; never for accumulating time.
  public static func milliseconds(_ value: Double) -> SimDuration {
    SimDuration(nanoseconds: Int64((value * 1_000_000).rounded()))
  }

  /// The duration in milliseconds, for reports only (never feed it back into the clock).
  public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }
  /// The duration in seconds, for reports only.
  public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

  @inlinable public static func < (a: SimDuration, b: SimDuration) -> Bool {
    a.nanoseconds < b.nanoseconds
  }
  @inlinable public static func + (a: SimDuration, b: SimDuration) -> SimDuration {
    SimDuration(nanoseconds: a.nanoseconds + b.nanoseconds)
  }
  @inlinable public static func - (a: SimDuration, b: SimDuration) -> SimDuration {
    SimDuration(nanoseconds: a.nanoseconds - b.nanoseconds)
  }
  @inlinable public static func += (a: inout SimDuration, b: SimDuration) {
    a.nanoseconds += b.nanoseconds
  }
  @inlinable public static func * (a: SimDuration, k: Int64) -> SimDuration {
    SimDuration(nanoseconds: a.nanoseconds * k)
  }
}

/// An instant of virtual time: nanoseconds since the start of a run.
public struct SimTime: Hashable, Comparable, Sendable {
  /// Nanoseconds since the start of the run.
  public var nanoseconds: Int64

  /// Creates the instant `nanoseconds` after the start of the run.
  @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  /// The start of every run.
  @inlinable public static var zero: SimTime { SimTime(nanoseconds: 0) }
  /// A time later than any run reaches; useful as "no deadline".
  @inlinable public static var distantFuture: SimTime { SimTime(nanoseconds: Int64.max / 2) }

  /// The time since the start of the run, as a duration.
  @inlinable public var sinceStart: SimDuration { SimDuration(nanoseconds: nanoseconds) }

  @inlinable public static func < (a: SimTime, b: SimTime) -> Bool {
    a.nanoseconds < b.nanoseconds
  }
  @inlinable public static func + (a: SimTime, d: SimDuration) -> SimTime {
    SimTime(nanoseconds: a.nanoseconds + d.nanoseconds)
  }
  @inlinable public static func - (a: SimTime, d: SimDuration) -> SimTime {
    SimTime(nanoseconds: a.nanoseconds - d.nanoseconds)
  }
  @inlinable public static func - (a: SimTime, b: SimTime) -> SimDuration {
    SimDuration(nanoseconds: a.nanoseconds - b.nanoseconds)
  }
  @inlinable public static func += (a: inout SimTime, d: SimDuration) {
    a.nanoseconds += d.nanoseconds
  }
}

extension SimTime: CustomStringConvertible {
  /// The instant printed as its offset from the start, e.g. `1.5s`.
  public var description: String { sinceStart.description }
}

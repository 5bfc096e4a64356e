import Foundation

/// Dispatch's `DispatchTime`: a point on the device's uptime clock, in the world's virtual time.
public struct DispatchTime: Comparable, Hashable, Sendable {
  /// Nanoseconds since the device booted (`UInt64.max`: `distantFuture`).
  public let uptimeNanoseconds: UInt64

  /// The point `uptimeNanoseconds` after boot.
  public init(uptimeNanoseconds: UInt64) { self.uptimeNanoseconds = uptimeNanoseconds }

  /// The current virtual time. Outside any world it stops the process, naming the call.
  public static func now() -> DispatchTime {
    DispatchTime(
      uptimeNanoseconds: VirtualClock.uptimeNanoseconds(
        at: VirtualClock.now(for: "DispatchTime.now()")))
  }

  /// A point that never comes: a wait until it is a wait for ever.
  public static let distantFuture = DispatchTime(uptimeNanoseconds: .max)

  /// Whether `a` comes before `b`.
  public static func < (a: DispatchTime, b: DispatchTime) -> Bool {
    a.uptimeNanoseconds < b.uptimeNanoseconds
  }

  /// This point moved by `n` (saturating; `.never` gives `distantFuture`).
  public func advanced(by n: DispatchTimeInterval) -> DispatchTime { self + n }

  /// The interval from this point to `other`, in nanoseconds.
  public func distance(to other: DispatchTime) -> DispatchTimeInterval {
    .nanoseconds(Int(Int64(bitPattern: other.uptimeNanoseconds &- uptimeNanoseconds)))
  }
}

/// Dispatch's `DispatchWallTime`: a point on the wall clock, in the world's virtual time.
public struct DispatchWallTime: Comparable, Hashable, Sendable {
  /// Nanoseconds since 1970 (`UInt64.max`: `distantFuture`).
  let nanosecondsSince1970: UInt64

  /// The point `nanosecondsSince1970` after 1970.
  init(nanosecondsSince1970: UInt64) { self.nanosecondsSince1970 = nanosecondsSince1970 }

  /// The wall-clock point of `timespec`.
  public init(timespec: timespec) {
    nanosecondsSince1970 = UInt64(timespec.tv_sec) * 1_000_000_000 + UInt64(timespec.tv_nsec)
  }

  /// The current virtual wall-clock time.
  public static func now() -> DispatchWallTime {
    DispatchWallTime(
      nanosecondsSince1970: VirtualClock.wallNanoseconds(
        at: VirtualClock.now(for: "DispatchWallTime.now()")))
  }

  /// A point that never comes.
  public static let distantFuture = DispatchWallTime(nanosecondsSince1970: .max)

  /// Whether `a` comes before `b`.
  public static func < (a: DispatchWallTime, b: DispatchWallTime) -> Bool {
    a.nanosecondsSince1970 < b.nanosecondsSince1970
  }
}

/// `base` (nanoseconds; `UInt64.max` is never) moved by `nanoseconds` (nil: for ever), kept
/// between 1 and just short of never, as Dispatch's time arithmetic saturates.
func moved(_ base: UInt64, by nanoseconds: Int64?) -> UInt64 {
  guard base != .max, let nanoseconds else { return .max }
  if nanoseconds >= 0 {
    let (sum, overflow) = base.addingReportingOverflow(UInt64(nanoseconds))
    return overflow ? .max - 1 : min(sum, .max - 1)
  }
  let magnitude = UInt64(-(nanoseconds + 1)) + 1
  return base > magnitude ? base - magnitude : 1
}

/// `seconds` in whole nanoseconds, rounded; nil when too far ahead to count (for ever).
func nanoseconds(_ seconds: Double) -> Int64? {
  guard seconds.isFinite else { return seconds < 0 ? Int64.min / 2 : nil }
  let value = (seconds * 1_000_000_000).rounded()
  if value >= 9.2e18 { return nil }
  return value <= -9.2e18 ? Int64.min / 2 : Int64(value)
}

/// `time` moved later by `interval`.
public func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
  DispatchTime(
    uptimeNanoseconds: moved(
      time.uptimeNanoseconds, by: VirtualClock.duration(interval)?.nanoseconds))
}

/// `time` moved earlier by `interval`.
public func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
  DispatchTime(
    uptimeNanoseconds: moved(
      time.uptimeNanoseconds, by: VirtualClock.duration(interval).map { -$0.nanoseconds }))
}

/// `time` moved later by `seconds`.
public func + (time: DispatchTime, seconds: Double) -> DispatchTime {
  DispatchTime(uptimeNanoseconds: moved(time.uptimeNanoseconds, by: nanoseconds(seconds)))
}

/// `time` moved earlier by `seconds`.
public func - (time: DispatchTime, seconds: Double) -> DispatchTime {
  DispatchTime(uptimeNanoseconds: moved(time.uptimeNanoseconds, by: nanoseconds(-seconds)))
}

/// `time` moved later by `interval`.
public func + (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime {
  DispatchWallTime(
    nanosecondsSince1970: moved(
      time.nanosecondsSince1970, by: VirtualClock.duration(interval)?.nanoseconds))
}

/// `time` moved earlier by `interval`.
public func - (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime {
  DispatchWallTime(
    nanosecondsSince1970: moved(
      time.nanosecondsSince1970, by: VirtualClock.duration(interval).map { -$0.nanoseconds }))
}

/// `time` moved later by `seconds`.
public func + (time: DispatchWallTime, seconds: Double) -> DispatchWallTime {
  DispatchWallTime(nanosecondsSince1970: moved(time.nanosecondsSince1970, by: nanoseconds(seconds)))
}

/// `time` moved earlier by `seconds`.
public func - (time: DispatchWallTime, seconds: Double) -> DispatchWallTime {
  DispatchWallTime(
    nanosecondsSince1970: moved(time.nanosecondsSince1970, by: nanoseconds(-seconds)))
}

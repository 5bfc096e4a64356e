import Foundation
import SimKernel
import SimPlatform

/// The clocks user code reads, all in the world's virtual time.
///
/// Virtual time zero is 1,000 s after the device booted (so an uptime is never zero, which
/// Dispatch reads as "now") and 2026-01-01 00:00:00 UTC on the wall clock. Both are model
/// choices: nothing may depend on them but the printed value.
package enum VirtualClock {
  /// The device's uptime at virtual time zero, in nanoseconds.
  package static let bootOffsetNanoseconds: Int64 = 1_000_000_000_000
  /// The wall clock at virtual time zero, in seconds since 1970.
  package static let epochSince1970: Int64 = 1_767_225_600

  /// The calling world's virtual time; stops with a message naming `api` outside any world.
  static func now(for api: StaticString) -> SimTime {
    SimulationContext.world(for: api).now
  }

  /// Uptime in nanoseconds at virtual time `time`.
  static func uptimeNanoseconds(at time: SimTime) -> UInt64 {
    UInt64(bootOffsetNanoseconds + time.nanoseconds)
  }

  /// Uptime in seconds at virtual time `time` (for `TimeInterval`-typed clocks).
  static func uptimeSeconds(at time: SimTime) -> Double {
    Double(bootOffsetNanoseconds + time.nanoseconds) / 1_000_000_000
  }

  /// Wall-clock nanoseconds since 1970 at virtual time `time`.
  static func wallNanoseconds(at time: SimTime) -> UInt64 {
    UInt64(epochSince1970 * 1_000_000_000 + time.nanoseconds)
  }

  /// A duration of `seconds` (a `TimeInterval`), rounded to the nearest nanosecond; negative
  /// and NaN give zero, and anything past about 292 years gives nil (for ever).
  static func duration(seconds: Double) -> SimDuration? {
    if seconds.isNaN || seconds <= 0 { return .zero }
    guard seconds.isFinite else { return nil }
    let nanoseconds = (seconds * 1_000_000_000).rounded()
    guard nanoseconds < 9.2e18 else { return nil }
    return SimDuration(nanoseconds: Int64(nanoseconds))
  }

  /// The duration of a `DispatchTimeInterval` (nil: `.never`).
  static func duration(_ interval: DispatchTimeInterval) -> SimDuration? {
    switch interval {
    case .seconds(let n):
      let (value, overflow) = Int64(n).multipliedReportingOverflow(by: 1_000_000_000)
      return overflow ? nil : .ns(value)
    case .milliseconds(let n): return .ns(Int64(n) * 1_000_000)
    case .microseconds(let n): return .ns(Int64(n) * 1_000)
    case .nanoseconds(let n): return .ns(Int64(n))
    case .never: return nil
    @unknown default: return nil
    }
  }

  /// The virtual wall clock's `Date` at virtual time `time`.
  static func date(at time: SimTime) -> Date {
    Date(
      timeIntervalSince1970: Double(epochSince1970) + Double(time.nanoseconds) / 1_000_000_000)
  }

  /// The virtual time of `date`. A `Date` near the epoch holds about a quarter of a microsecond
  /// of precision, so it is read to the nearest microsecond: `Date() + 0.005` is exactly 5 ms
  /// after now.
  static func time(of date: Date) -> SimTime {
    let microseconds = ((date.timeIntervalSince1970 - Double(epochSince1970)) * 1e6).rounded()
    let limit = 9.2e12
    return SimTime(nanoseconds: Int64(max(-limit, min(limit, microseconds))) * 1_000)
  }

  /// The time from `now` until `date` (nil: `date` is too far to come), never negative.
  static func delay(until date: Date, now: SimTime) -> SimDuration? {
    let target = time(of: date)
    if target.nanoseconds >= 9_200_000_000_000_000_000 { return nil }
    return target > now ? target - now : .zero
  }

  /// The time from now until the uptime `deadline` (nil: never), never negative.
  static func delay(untilUptime deadline: UInt64, now: SimTime) -> SimDuration? {
    guard deadline != UInt64.max else { return nil }
    let current = uptimeNanoseconds(at: now)
    return deadline > current ? .ns(Int64(deadline - current)) : .zero
  }

  /// The time from now until the wall-clock `deadline` (nil: never), never negative.
  static func delay(untilWall deadline: UInt64, now: SimTime) -> SimDuration? {
    guard deadline != UInt64.max else { return nil }
    let current = wallNanoseconds(at: now)
    return deadline > current ? .ns(Int64(deadline - current)) : .zero
  }
}

extension Date {
  /// Foundation's `Date()`: the world's virtual wall clock (see `VirtualClock`). Outside any
  /// world it stops the process, naming the call.
  public init() {
    self = VirtualClock.date(at: VirtualClock.now(for: "Date()"))
  }

  /// Foundation's `Date.now`: the world's virtual wall clock.
  public static var now: Date { Date() }
}

extension ProcessInfo {
  /// Foundation's `systemUptime`: the device's uptime in the world's virtual time.
  public var systemUptime: TimeInterval {
    VirtualClock.uptimeSeconds(at: VirtualClock.now(for: "ProcessInfo.systemUptime"))
  }
}

/// Core Animation's `CFTimeInterval` (a `Double` count of seconds).
public typealias CFTimeInterval = Double

/// Core Animation's `CACurrentMediaTime()`: the host's uptime (`mach_absolute_time`) in
/// seconds, here in the world's virtual time.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CACurrentMediaTime() -> CFTimeInterval {
  VirtualClock.uptimeSeconds(at: VirtualClock.now(for: "CACurrentMediaTime()"))
}

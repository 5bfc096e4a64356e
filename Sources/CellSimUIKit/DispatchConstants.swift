/// Dispatch's time constants (`<dispatch/time.h>`), which iOS code multiplies by (`500 *
/// NSEC_PER_MSEC`); the Linux Dispatch module does not export them to a file that imports only
/// the layer.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds per millisecond.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Nanoseconds per microsecond.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let NSEC_PER_USEC: UInt64 = 1_000
/// Microseconds per second.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let USEC_PER_SEC: UInt64 = 1_000_000

/// `OS_dispatch_queue_serial`, the Objective-C class of a serial queue on Darwin, which some iOS
/// code constructs directly (`OS_dispatch_queue_serial(label:)`): the layer's `DispatchQueue`,
/// whose `init(label:)` makes a serial queue, as Darwin's does.
public typealias OS_dispatch_queue_serial = DispatchQueue
/// `OS_dispatch_queue_concurrent`: the layer's `DispatchQueue` (pass `.concurrent`, as on Darwin,
/// where `init(label:)` on this class still makes a serial queue).
public typealias OS_dispatch_queue_concurrent = DispatchQueue
/// `DispatchSerialQueue` (iOS 17), Dispatch's name for a serial queue's class: the layer's
/// `DispatchQueue`, whose `init(label:)` makes a serial queue, as this class's does. (Its
/// executor conformance, `asUnownedSerialExecutor()`, is not declared; nor is
/// `DispatchConcurrentQueue`, whose `init(label:)` makes a concurrent queue, which an alias of
/// `DispatchQueue` cannot do.)
public typealias DispatchSerialQueue = DispatchQueue

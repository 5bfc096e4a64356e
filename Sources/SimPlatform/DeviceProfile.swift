public import SimKernel

/// The model parameters of a simulated device: screen, frame rate, CPU, and every cost the
/// simulator charges.
///
/// These are model parameters, not measurements of a particular phone. The defaults were
/// derived from public benchmarks and Apple's material (docs/design.md, Device profiles), several
/// are estimates, and a scenario can override any of them by its snake_case name
/// (`device: {profile: iphone-se, cores: 2, decode_ns_per_pixel: 20}`).
public struct DeviceProfile: Hashable, Sendable {
  /// The profile name, e.g. `iphone-se`.
  public var name: String
  /// Screen width in points (`screen_width`).
  public var screenWidth: Double
  /// Screen height in points (`screen_height`).
  public var screenHeight: Double
  /// Pixels per point (`scale`): 2 for @2x, 3 for @3x.
  public var scale: Double
  /// Display refresh rate in Hz (`refresh_hz`); vsync k happens at `k × 1e9 / refresh_hz` ns.
  public var refreshHz: Int
  /// CPU slots for background work (`cores`). The main thread has its own core.
  public var cores: Int
  /// PNG decode cost per pixel (`decode_ns_per_pixel`).
  public var decodeNsPerPixel: Double
  /// PNG decode fixed cost per image (`decode_fixed`).
  public var decodeFixed: SimDuration
  /// Resample cost per source pixel (`resample_ns_per_pixel`).
  public var resampleNsPerPixel: Double
  /// Main-thread cost of `cellForRow` when the cell is recycled (`cell_for_row_reused`).
  public var cellForRowReused: SimDuration
  /// Main-thread cost of `cellForRow` when a new cell is created (`cell_for_row_new`).
  public var cellForRowNew: SimDuration
  /// Main-thread cost of laying out one cell in a layout pass (`layout_per_cell`).
  public var layoutPerCell: SimDuration
  /// Main-thread cost of a `willDisplay` callback (`will_display`).
  public var willDisplay: SimDuration
  /// Main-thread cost of setting an already decoded image on an image view (`set_image`).
  public var setImage: SimDuration
  /// Fixed cost of a disk read (`disk_read_fixed`); with `disk_ns_per_byte`, a read of about
  /// 100 KB takes 0.5 ms on `iphone-se` and 0.25 ms on `iphone-15-pro`.
  public var diskReadFixed: SimDuration
  /// Disk transfer cost per byte for reads (`disk_ns_per_byte`); writes cost twice as much.
  public var diskNsPerByte: Double
  /// The decoded-memory budget in bytes (`memory_budget`), the default of the
  /// `memory_budget` invariant.
  public var memoryBudget: Int64
  /// Connections per host (`max_connections_per_host`).
  public var maxConnectionsPerHost: Int
  /// How long a transfer may go without receiving a byte before it times out
  /// (`request_timeout`): URLSessionConfiguration's `timeoutIntervalForRequest`, an idle
  /// timer that each arriving chunk restarts.
  public var requestTimeout: SimDuration
  /// How long a whole transfer may take, from its creation, before it times out
  /// (`resource_timeout`): URLSessionConfiguration's `timeoutIntervalForResource`, whose
  /// default is 7 days.
  public var resourceTimeout: SimDuration = .s(604_800)
  /// CPU time a worker thread spends on each dispatched block or operation besides the block's
  /// own work (`queue_hop_cost`): GCD's dequeue and the thread hand-off. Zero by default (see
  /// `docs/design.md`, *Scheduling noise*, for device-like figures).
  public var queueHopCost: SimDuration = .zero
  /// Main-thread time each main-queue block, run-loop source or timer firing costs besides its
  /// own work (`main_block_cost`): the run loop's turn and GCD's main-queue drain. Zero by
  /// default; with a device-like figure, a loader that does its per-image bookkeeping in many
  /// small main-queue blocks makes hitches, as it does on a device.
  public var mainBlockCost: SimDuration = .zero

  /// The time between two vsyncs, rounded down to whole nanoseconds (display only: vsync times
  /// themselves are computed exactly from `refreshHz`).
  public var frameInterval: SimDuration { .ns(1_000_000_000 / Int64(refreshHz)) }

  /// The instant of vsync number `k`: `k × 1e9 / refresh_hz`, exact, with no drift.
  public func vsync(_ k: Int64) -> SimTime {
    SimTime(nanoseconds: k * 1_000_000_000 / Int64(refreshHz))
  }

  /// The modelled cost of decoding a `width × height` PNG.
  public func decodeCost(width: Int, height: Int) -> SimDuration {
    decodeFixed + .ns(Int64((decodeNsPerPixel * Double(width) * Double(height)).rounded()))
  }

  /// The modelled cost of resampling from a `width × height` source.
  public func resampleCost(sourceWidth width: Int, sourceHeight height: Int) -> SimDuration {
    .ns(Int64((resampleNsPerPixel * Double(width) * Double(height)).rounded()))
  }

  /// The modelled time to read `bytes` from disk.
  public func diskReadCost(bytes: Int) -> SimDuration {
    diskReadFixed + .ns(Int64((diskNsPerByte * Double(bytes)).rounded()))
  }

  /// The modelled time to write `bytes` to disk: twice the per-byte cost of a read.
  public func diskWriteCost(bytes: Int) -> SimDuration {
    diskReadFixed + .ns(Int64((2 * diskNsPerByte * Double(bytes)).rounded()))
  }
}

extension DeviceProfile {
  /// iPhone SE (2nd generation): A13, 375×667 pt @2x, 60 Hz.
  public static let iPhoneSE = DeviceProfile(
    name: "iphone-se", screenWidth: 375, screenHeight: 667, scale: 2, refreshHz: 60, cores: 2,
    decodeNsPerPixel: 25, decodeFixed: .us(150), resampleNsPerPixel: 2.0,
    cellForRowReused: .us(250), cellForRowNew: .ms(1), layoutPerCell: .us(150),
    willDisplay: .us(20), setImage: .us(30), diskReadFixed: .us(100), diskNsPerByte: 4,
    memoryBudget: 420_000_000, maxConnectionsPerHost: 6, requestTimeout: .s(60))

  /// iPhone 15 Pro: A17 Pro, 393×852 pt @3x, 120 Hz.
  public static let iPhone15Pro = DeviceProfile(
    name: "iphone-15-pro", screenWidth: 393, screenHeight: 852, scale: 3, refreshHz: 120,
    cores: 3, decodeNsPerPixel: 15, decodeFixed: .us(80), resampleNsPerPixel: 1.2,
    cellForRowReused: .us(150), cellForRowNew: .us(600), layoutPerCell: .us(80),
    willDisplay: .us(10), setImage: .us(20), diskReadFixed: .us(50), diskNsPerByte: 2,
    memoryBudget: 768_000_000, maxConnectionsPerHost: 6, requestTimeout: .s(60))

  /// Every built-in profile, by name.
  public static let builtIn: [DeviceProfile] = [.iPhoneSE, .iPhone15Pro]

  /// The built-in profile called `name`, or nil.
  public static func named(_ name: String) -> DeviceProfile? {
    builtIn.first { $0.name == name }
  }
}

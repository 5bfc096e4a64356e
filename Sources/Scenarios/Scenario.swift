public import SimKernel
public import SimPlatform

/// A scenario, format version 1 (`docs/scenario-format.md`): a table, its images, a network
/// script, a trace of events, the loader under test, the invariants to check, and the outcome
/// the run must reach.
///
/// A plain value: read it from YAML with `init(contentsOf:)` or `init(yaml:)`, which validate
/// everything that can be checked without running, or build it in Swift. `yamlText()` writes
/// it back; reading that text gives an equal scenario.
///
/// Defaults that the format fixes (`seed: 0`, `row_height: 88`, …) are filled in when
/// reading. Fields the format leaves to the runner or to another section stay optional, and
/// nil means "not given": `loader`, `device`, `run_until`, the network's latency.
public struct Scenario: Sendable, Equatable {
  /// The only format version this reader supports (`cellsim: 1`).
  public static let formatVersion = 1
  /// The built-in loader names of `cellsim loaders`, the default `knownLoaders` when reading.
  public static let builtInLoaderNames = [
    "naive", "block-operation", "image-provider", "filo-queue", "runloop-buffered", "wwdc211",
    "reference", "blocking-fetch", "blocking-semaphore", "blocking-lock", "blocking-sync-deadlock",
    "blocking-lock-order", "animated-image", "async-reference", "async-image", "async-unchecked",
    "async-uncancelled", "async-progressive",
  ]
  /// The device profile used when a scenario names none. The format leaves this open; CellSim
  /// uses the newer of its two built-in profiles.
  public static let defaultDeviceProfile = "iphone-15-pro"

  /// A short title (`name`, required).
  public var name: String
  /// Prose saying what the scenario shows (`about`).
  public var about: String?
  /// The run seed (`seed`, default 0).
  public var seed: UInt64
  /// The loader under test (`loader`); nil when the file names none, in which case the caller
  /// (`--loader`, or the Swift API's loader argument) decides.
  public var loader: Loader?
  /// The device (`device`); nil when the file names none (see `defaultDeviceProfile`).
  public var device: Device?
  /// The table (`table`, required).
  public var table: Table
  /// The images (`images`, required).
  public var images: Images
  /// The network script (`network`); every field has its default when the section is absent.
  public var network: Network
  /// The trace (`events`), in the order they apply: by `at`, then file order.
  public var events: [Event]
  /// When the run ends (`run_until`); nil means the last event plus 5 s (see `endTime`).
  public var runUntil: SimTime?
  /// The invariants to check (`invariants`, default: every standard invariant).
  public var invariants: Invariants
  /// The outcome the run must reach (`expect`, default `pass`).
  public var expect: Expectation
  /// Seeded scheduling noise (`noise`): wake-up latencies and start orders a device has; nil
  /// (the default) runs without any.
  public var noise: SchedulingNoise?

  /// A scenario built in Swift; every optional part has the format's default.
  public init(
    name: String, about: String? = nil, seed: UInt64 = 0, loader: Loader? = nil,
    device: Device? = nil, table: Table, images: Images, network: Network = Network(),
    events: [Event] = [], runUntil: SimTime? = nil, invariants: Invariants = .standard,
    expect: Expectation = .pass, noise: SchedulingNoise? = nil
  ) {
    self.name = name
    self.about = about
    self.seed = seed
    self.loader = loader
    self.device = device
    self.table = table
    self.images = images
    self.network = network
    self.events = events
    self.runUntil = runUntil
    self.invariants = invariants
    self.expect = expect
    self.noise = noise
  }

  /// When the run ends: `run_until`, or else the last event's `at` plus 5 s.
  public var endTime: SimTime {
    runUntil ?? (events.last?.at ?? .zero) + .s(5)
  }

  /// The device profile with the scenario's overrides applied (the default profile when the
  /// scenario names none); nil only for a hand-built `Device` that names an unknown profile or
  /// an invalid override.
  public var resolvedDevice: DeviceProfile? {
    (device ?? Device(profile: Self.defaultDeviceProfile)).resolvedProfile
  }
}

extension Scenario {
  /// The loader under test: a name, plus options in file order (`{name: …, <options>}`).
  ///
  /// Options are kept as written so that the loader catalog can validate them against each
  /// loader's own option list.
  public struct Loader: Sendable, Equatable {
    /// The loader's name, such as `reference`.
    public var name: String
    /// The options, in file order; keys are unique.
    public var options: [Option]

    /// The loader called `name` with `options`.
    public init(name: String, options: [Option] = []) {
      self.name = name
      self.options = options
    }

    /// The value of the option `key`, if given.
    public func option(_ key: String) -> OptionValue? {
      options.first { $0.key == key }?.value
    }
  }

  /// One loader option: a key and a typed scalar value.
  public struct Option: Sendable, Equatable {
    /// The option's name, such as `memory_cache`.
    public var key: String
    /// Its value.
    public var value: OptionValue

    /// The option `key: value`.
    public init(key: String, value: OptionValue) {
      self.key = key
      self.value = value
    }
  }

  /// The value of a loader option, typed as YAML wrote it (plain `true`/`false` is a flag,
  /// plain digits an integer, a plain decimal a number, anything else text).
  public enum OptionValue: Sendable, Equatable {
    /// `true` or `false`.
    case flag(Bool)
    /// A whole number.
    case integer(Int64)
    /// A decimal number.
    case number(Double)
    /// Text, such as `common` or `"20MB"`.
    case text(String)
  }

  /// The simulated device: a profile name plus parameter overrides in file order
  /// (`{profile: iphone-se, cores: 2}`), validated against `DeviceProfile.parameters`.
  public struct Device: Sendable, Equatable {
    /// The built-in profile's name, such as `iphone-se`.
    public var profile: String
    /// Overrides of model parameters, in file order; names are unique.
    public var overrides: [DeviceOverride]

    /// The profile `profile` with `overrides`.
    public init(profile: String, overrides: [DeviceOverride] = []) {
      self.profile = profile
      self.overrides = overrides
    }

    /// The profile with every override applied, or nil if the profile is unknown or an
    /// override is invalid (which the reader refuses, so only hand-built values can be nil).
    public var resolvedProfile: DeviceProfile? {
      guard var result = DeviceProfile.named(profile) else { return nil }
      for override in overrides {
        do { try result.override(override.name, with: override.value) } catch { return nil }
      }
      return result
    }
  }

  /// One device parameter override, such as `cores: 2` or `decode_fixed: "80us"`.
  public struct DeviceOverride: Sendable, Equatable {
    /// The parameter's snake_case name (`DeviceParameter.name`).
    public var name: String
    /// The value as written: a number, or text for durations and sizes with units.
    public var value: DeviceParameterValue

    /// The override `name: value`.
    public init(name: String, value: DeviceParameterValue) {
      self.name = name
      self.value = value
    }
  }
}

extension Scenario {
  /// Bounds on what one scenario may ask for, so that no file can make the simulator allocate
  /// without limit or run for hours: larger values are refused with a typed error at their
  /// line. These are CellSim's, not the format's.
  public enum Limits {
    /// The most rows a table may hold, at the start or after inserts.
    public static let maxRows = 1_000_000
    /// The longest simulated run (`run_until`, and any event's `at`).
    public static let maxDuration = SimDuration.s(3_600)
    /// The largest magnitude of any plain number (points, velocities, parameters).
    public static let maxMagnitude = 1e12
    /// The tallest row, in points.
    public static let maxRowHeight = 10_000.0
    /// The largest image side, in points (times the device scale, it is the decode target).
    public static let maxImageSide = 1_000.0
    /// The largest preload margin, in points.
    public static let maxPreloadMargin = 1_000_000.0
    /// The largest `device.scale` (pixels per point). iPhones are 2 or 3; with
    /// ``maxImageSide`` it bounds a decode target at 4,000 × 4,000 px (64 MB of RGBA8), where a
    /// scale of 1e6 made aspect-fill upscale to 7200² (about 3 GB).
    public static let maxScale = 4.0
    /// The largest `device.screen_width` / `screen_height`, in points.
    public static let maxScreenSide = 10_000.0
  }
}

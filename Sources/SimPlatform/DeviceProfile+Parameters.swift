import SimKernel

/// A value given for a device parameter override.
public enum DeviceParameterValue: Sendable, Equatable {
  /// A plain number (points, Hz, ns per pixel, bytes, or milliseconds for durations).
  case number(Double)
  /// Text: a duration such as `"250us"` or a size such as `"420MB"`.
  case text(String)
}

/// Why a device override was refused.
package enum DeviceParameterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No parameter has this name; `suggestion` is the nearest valid one.
  case unknownParameter(String, suggestion: String?)
  /// The value has the wrong shape or is out of range.
  case invalidValue(parameter: String, expected: String, got: String)

  package var description: String {
    switch self {
    case .unknownParameter(let name, let suggestion):
      let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
      return "unknown device parameter \"\(name)\"\(hint)"
    case .invalidValue(let parameter, let expected, let got):
      return "device parameter \(parameter): expected \(expected), got \(got)"
    }
  }
}

/// One overridable model parameter: its scenario name, its meaning, and how to set it.
package struct DeviceParameter: Sendable {
  /// The kind of value a parameter takes.
  package enum Kind: Sendable {
    /// A positive number.
    case positiveNumber
    /// A positive whole number.
    case positiveInteger
    /// A non-negative duration (a number of ms or a string with a unit).
    case duration
    /// A positive byte count (a number or a string like `"420MB"`).
    case bytes
  }

  /// The snake_case name used in scenario files.
  package let name: String
  /// What the parameter means, for docs and `cellsim` help.
  package let summary: String
  /// The kind of value it takes.
  package let kind: Kind
  let apply: @Sendable (inout DeviceProfile, Double) -> Void
  let read: @Sendable (DeviceProfile) -> String
}

extension DeviceProfile {
  /// Every parameter a scenario may override, in documentation order.
  package static let parameters: [DeviceParameter] = [
    .init(
      name: "screen_width", summary: "screen width in points", kind: .positiveNumber,
      apply: { $0.screenWidth = $1 }, read: { "\($0.screenWidth)" }),
    .init(
      name: "screen_height", summary: "screen height in points", kind: .positiveNumber,
      apply: { $0.screenHeight = $1 }, read: { "\($0.screenHeight)" }),
    .init(
      name: "scale", summary: "pixels per point", kind: .positiveNumber,
      apply: { $0.scale = $1 }, read: { "\($0.scale)" }),
    .init(
      name: "refresh_hz", summary: "display refresh rate (Hz)", kind: .positiveInteger,
      apply: { $0.refreshHz = Int($1) }, read: { "\($0.refreshHz)" }),
    .init(
      name: "cores", summary: "CPU slots for background work", kind: .positiveInteger,
      apply: { $0.cores = Int($1) }, read: { "\($0.cores)" }),
    .init(
      name: "decode_ns_per_pixel", summary: "PNG decode cost per pixel (ns)",
      kind: .positiveNumber, apply: { $0.decodeNsPerPixel = $1 },
      read: { "\($0.decodeNsPerPixel)" }),
    .init(
      name: "decode_fixed", summary: "PNG decode fixed cost per image", kind: .duration,
      apply: { $0.decodeFixed = .ns(Int64($1)) }, read: { "\($0.decodeFixed)" }),
    .init(
      name: "resample_ns_per_pixel", summary: "resample cost per source pixel (ns)",
      kind: .positiveNumber, apply: { $0.resampleNsPerPixel = $1 },
      read: { "\($0.resampleNsPerPixel)" }),
    .init(
      name: "cell_for_row_reused", summary: "main-thread cost of cellForRow, recycled cell",
      kind: .duration, apply: { $0.cellForRowReused = .ns(Int64($1)) },
      read: { "\($0.cellForRowReused)" }),
    .init(
      name: "cell_for_row_new", summary: "main-thread cost of cellForRow, new cell",
      kind: .duration, apply: { $0.cellForRowNew = .ns(Int64($1)) },
      read: { "\($0.cellForRowNew)" }),
    .init(
      name: "layout_per_cell", summary: "main-thread layout cost per cell per pass",
      kind: .duration, apply: { $0.layoutPerCell = .ns(Int64($1)) },
      read: { "\($0.layoutPerCell)" }),
    .init(
      name: "will_display", summary: "main-thread cost of willDisplay", kind: .duration,
      apply: { $0.willDisplay = .ns(Int64($1)) }, read: { "\($0.willDisplay)" }),
    .init(
      name: "set_image", summary: "main-thread cost of setting a decoded image",
      kind: .duration, apply: { $0.setImage = .ns(Int64($1)) }, read: { "\($0.setImage)" }),
    .init(
      name: "disk_read_fixed", summary: "fixed cost of a disk read or write",
      kind: .duration, apply: { $0.diskReadFixed = .ns(Int64($1)) },
      read: { "\($0.diskReadFixed)" }),
    .init(
      name: "disk_ns_per_byte", summary: "disk read cost per byte (ns); writes cost 2×",
      kind: .positiveNumber, apply: { $0.diskNsPerByte = $1 }, read: { "\($0.diskNsPerByte)" }),
    .init(
      name: "memory_budget", summary: "decoded-memory budget", kind: .bytes,
      apply: { $0.memoryBudget = Int64($1) }, read: { "\($0.memoryBudget)" }),
    .init(
      name: "max_connections_per_host", summary: "network connections per host",
      kind: .positiveInteger, apply: { $0.maxConnectionsPerHost = Int($1) },
      read: { "\($0.maxConnectionsPerHost)" }),
    .init(
      name: "request_timeout", summary: "time without a received byte before a request times out",
      kind: .duration, apply: { $0.requestTimeout = .ns(Int64($1)) },
      read: { "\($0.requestTimeout)" }),
    .init(
      name: "resource_timeout", summary: "time a whole transfer may take (7 days, as URLSession)",
      kind: .duration, apply: { $0.resourceTimeout = .ns(Int64($1)) },
      read: { "\($0.resourceTimeout)" }),
    .init(
      name: "queue_hop_cost", summary: "worker CPU time per dispatched block or operation",
      kind: .duration, apply: { $0.queueHopCost = .ns(Int64($1)) },
      read: { "\($0.queueHopCost)" }),
    .init(
      name: "main_block_cost", summary: "main-thread time per main-queue block, source or timer",
      kind: .duration, apply: { $0.mainBlockCost = .ns(Int64($1)) },
      read: { "\($0.mainBlockCost)" }),
  ]

  /// The current value of the parameter called `name`, as text, or nil if there is none.
  package func value(of name: String) -> String? {
    Self.parameters.first { $0.name == name }?.read(self)
  }

  /// Sets the parameter called `name`, validating the value for its kind.
  package mutating func override(
    _ name: String, with value: DeviceParameterValue
  ) throws(DeviceParameterError) {
    guard let parameter = Self.parameters.first(where: { $0.name == name }) else {
      throw .unknownParameter(
        name, suggestion: nearestName(to: name, in: Self.parameters.map(\.name)))
    }
    let number = try parameter.numericValue(of: value)
    parameter.apply(&self, number)
  }
}

extension DeviceParameter {
  func numericValue(of value: DeviceParameterValue) throws(DeviceParameterError) -> Double {
    func invalid(_ expected: String) -> DeviceParameterError {
      let got: String
      switch value {
      case .number(let n): got = "\(n)"
      case .text(let t): got = "\"\(t)\""
      }
      return .invalidValue(parameter: name, expected: expected, got: got)
    }
    switch (kind, value) {
    case (.positiveNumber, .number(let n)):
      guard n > 0, n.isFinite, n <= 1_000_000 else {
        throw invalid("a positive number up to 1,000,000")
      }
      return n
    case (.positiveInteger, .number(let n)):
      guard n >= 1, n.isFinite, n == n.rounded(), n <= 1_000_000 else {
        throw invalid("a positive whole number")
      }
      return n
    case (.duration, .number(let ms)):
      guard ms >= 0, ms.isFinite, ms < 1e12 else { throw invalid("a duration of zero or more") }
      return Double(SimDuration.milliseconds(ms).nanoseconds)
    case (.duration, .text(let text)):
      guard let d = try? SimDuration(parsing: text) else {
        throw invalid("a duration such as \"250us\" or \"1.5ms\"")
      }
      return Double(d.nanoseconds)
    case (.bytes, .number(let n)):
      guard n > 0, n.isFinite, n == n.rounded(), n <= 1e15 else {
        throw invalid("a positive byte count")
      }
      return n
    case (.bytes, .text(let text)):
      guard let bytes = try? ByteSize(parsing: text), bytes.bytes > 0 else {
        throw invalid("a size such as \"420MB\"")
      }
      return Double(bytes.bytes)
    case (.positiveNumber, .text), (.positiveInteger, .text):
      throw invalid("a number")
    }
  }
}

/// The candidate closest to `name` by edit distance, if it is close enough to be a typo.
package func nearestName(to name: String, in candidates: [String]) -> String? {
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let d = editDistance(name, candidate)
    if d <= max(2, candidate.count / 3), d < (best?.distance ?? .max) {
      best = (candidate, d)
    }
  }
  return best?.name
}

/// Levenshtein distance between two strings, by Unicode scalar.
package func editDistance(_ a: String, _ b: String) -> Int {
  let x = Array(a.unicodeScalars)
  let y = Array(b.unicodeScalars)
  if x.isEmpty { return y.count }
  var previous = Array(0...y.count)
  for i in 1...x.count {
    var current = [i] + [Int](repeating: 0, count: y.count)
    for j in stride(from: 1, through: y.count, by: 1) {
      let cost = x[i - 1] == y[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    previous = current
  }
  return previous[y.count]
}

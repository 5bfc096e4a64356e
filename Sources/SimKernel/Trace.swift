/// The record of every observable action of a run, one stable text line each, folded into a
/// 64-bit digest.
///
/// A line reads `t=<ns> <kind> key=value …`. Values are integers in decimal, booleans as
/// `true`/`false`, doubles in Swift's shortest round-trip form, and strings bare when they hold
/// only `[A-Za-z0-9._/:*?@%+-]`, otherwise double-quoted with `\"`, `\\` and `\n`-style escapes.
/// The digest is FNV-1a 64 over each line's UTF-8 bytes followed by `\n`, so it equals the
/// FNV-1a of the full text. Every 1,024 lines the running digest is saved as a checkpoint, so
/// two runs that diverge can be compared checkpoint by checkpoint to find the first difference.
package final class Trace {
  /// What a trace keeps besides its digest.
  package enum Retention: Sendable {
    /// Keep the full text (for `--trace FILE`, replay and debugging).
    case full
    /// Keep only the digest and checkpoints (the default).
    case digestOnly
    /// Record nothing: no line is written, and the digest stays that of the empty trace. For
    /// runs whose digest nobody reads (a fuzz case and its shrink candidates, which are judged
    /// by their violations alone; a finding is replayed with a trace).
    case none
  }

  /// Lines between checkpoint digests.
  package static let checkpointInterval = 1_024

  /// What this trace keeps.
  package let retention: Retention
  /// The number of lines recorded.
  @exclusivity(unchecked) package private(set) var lineCount = 0
  /// The running digest of every line so far.
  @exclusivity(unchecked) package private(set) var digest: UInt64 = 0xcbf2_9ce4_8422_2325
  /// The digest after every `checkpointInterval` lines, in order.
  @exclusivity(unchecked) package private(set) var checkpoints: [UInt64] = []

  @exclusivity(unchecked) var text: [UInt8] = []
  /// The buffer lines are written into, reused from line to line (owned by the trace).
  @exclusivity(unchecked) var scratchBase: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) var scratchCapacity = 256
  /// Set while a line is being written into the scratch buffer: a line recorded from inside
  /// another's `fields` gets a buffer of its own.
  @exclusivity(unchecked) var writing = false

  /// Creates an empty trace.
  package init(retention: Retention = .digestOnly) {
    self.retention = retention
    scratchBase = .allocate(capacity: scratchCapacity)
  }

  deinit { scratchBase.deallocate() }

  /// Records one line at `time` of the given `kind`; `fields` appends its key/value pairs.
  ///
  /// ```swift
  /// trace.record(at: now, "frame") { $0.field("n", 12); $0.field("hitch_ns", 0) }
  /// ```
  ///
  /// Kinds and keys are static strings, written from the binary with no reference counting
  /// (a trace writes a line for nearly every event); `record(at:named:_:)` takes a kind made
  /// at run time.
  package func record(
    at time: SimTime, _ kind: StaticString = "event",
    _ fields: (inout TraceLine) -> Void = { _ in }
  ) {
    if retention == .none { return }
    kind.withUTF8Buffer { record(at: time, kind: $0, fields) }
  }

  /// `record(at:_:_:)` with a kind made at run time.
  package func record(
    at time: SimTime, named kind: String, _ fields: (inout TraceLine) -> Void = { _ in }
  ) {
    if retention == .none { return }
    var kind = kind
    kind.withUTF8 { record(at: time, kind: $0, fields) }
  }

  func record(
    at time: SimTime, kind: UnsafeBufferPointer<UInt8>, _ fields: (inout TraceLine) -> Void
  ) {
    let owned = !writing
    var line =
      owned
      ? TraceLine(base: scratchBase, capacity: scratchCapacity)
      : TraceLine(base: .allocate(capacity: 64), capacity: 64)
    writing = true
    line.append(0x74)  // t
    line.append(0x3D)  // =
    line.appendInteger(time.nanoseconds)
    line.append(0x20)
    line.appendToken(utf8: kind)
    fields(&line)
    commit(UnsafeBufferPointer(start: line.base, count: line.count))
    if owned {
      scratchBase = line.base
      scratchCapacity = line.capacity
      writing = false
    } else {
      line.base.deallocate()
    }
  }

  /// The digest as 16 lowercase hex digits.
  package var digestHex: String { Self.hex(digest) }

  /// The full text, one line per record, each ending in `\n`; empty unless retention is
  /// `.full`.
  package var fullText: String { String(decoding: text, as: UTF8.self) }

  /// 16 lowercase hex digits of `value`.
  package static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  func commit(_ bytes: UnsafeBufferPointer<UInt8>) {
    var h = digest
    for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    h = (h ^ 0x0A) &* 0x0000_0100_0000_01b3
    digest = h
    lineCount += 1
    if lineCount % Self.checkpointInterval == 0 { checkpoints.append(h) }
    if retention == .full {
      text.append(contentsOf: bytes)
      text.append(0x0A)
    }
  }
}

/// A trace line being written: append fields with `field(_:_:)`.
///
/// The bytes live in a buffer the trace owns and reuses from line to line (a line is written
/// for every frame: an array's growth checks and `String` appends cost more than the text).
/// A line exists only during `Trace.record`'s `fields` closure and must not escape it.
package struct TraceLine {
  var base: UnsafeMutablePointer<UInt8>
  var capacity: Int
  var count = 0

  init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
    self.base = base
    self.capacity = capacity
  }

  /// Appends ` key=value` with an integer value.
  package mutating func field(_ key: StaticString, _ value: Int) {
    beginField(key)
    appendInteger(Int64(value))
  }

  /// Appends ` key=value` with an integer value.
  package mutating func field(_ key: StaticString, _ value: Int64) {
    beginField(key)
    appendInteger(value)
  }

  /// Appends ` key=<ns>` for a duration, in integer nanoseconds.
  package mutating func field(_ key: StaticString, _ value: SimDuration) {
    beginField(key)
    appendInteger(value.nanoseconds)
  }

  /// Appends ` key=true` or ` key=false`.
  package mutating func field(_ key: StaticString, _ value: Bool) {
    beginField(key)
    appendASCII(value ? "true" : "false")
  }

  /// Appends ` key=value` with the shortest round-trip text of a double.
  package mutating func field(_ key: StaticString, _ value: Double) {
    beginField(key)
    appendASCII(value.description)
  }

  /// Appends ` key=value`, quoting the string if it holds anything but safe characters.
  package mutating func field(_ key: StaticString, _ value: String) {
    beginField(key)
    appendToken(value)
  }

  /// Appends ` key=value` with the value given as UTF-8 bytes, quoted as a string would be.
  package mutating func field(_ key: StaticString, utf8 value: [UInt8]) {
    beginField(key)
    value.withUnsafeBufferPointer { appendToken(utf8: $0) }
  }

  /// Appends ` key=<16 hex digits>` for a digest.
  package mutating func field(_ key: StaticString, hex value: UInt64) {
    beginField(key)
    appendASCII(Trace.hex(value))
  }

  /// Keys are static strings: written straight from the binary, with no reference counting.
  mutating func beginField(_ key: StaticString) {
    // ` key=` with one capacity check. (A one-letter key may be stored as a scalar, not a
    // pointer: `withUTF8Buffer` reads both.)
    key.withUTF8Buffer { utf8 in
      reserve(utf8.count + 2)
      base[count] = 0x20
      if let source = utf8.baseAddress {
        (base + count + 1).initialize(from: source, count: utf8.count)
      }
      base[count + 1 + utf8.count] = 0x3D
      count += utf8.count + 2
    }
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  mutating func grow(to needed: Int) {
    let newCapacity = Swift.max(needed, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (base + count).initialize(from: source, count: bytes.count)
    count += bytes.count
  }

  /// Appends the UTF-8 bytes of `s` as they are.
  mutating func appendASCII(_ s: String) {
    var s = s
    s.withUTF8 { append($0) }
  }

  mutating func appendInteger(_ value: Int64) {
    // Written in place from the last digit, two at a time from a table of the pairs 00…99 (a
    // time has 10–11 digits, and each division waits for the one before it).
    reserve(21)
    if value < 0 {
      base[count] = 0x2D
      count += 1
    }
    var magnitude = value.magnitude
    var end = count + Self.digitCount(magnitude)
    count = end
    let pairs = Self.digitPairs.utf8Start
    while magnitude >= 100 {
      let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
      magnitude /= 100
      end -= 2
      base[end] = pairs[pair]
      base[end + 1] = pairs[pair + 1]
    }
    if magnitude >= 10 {
      let pair = Int(truncatingIfNeeded: magnitude) &* 2
      base[end - 2] = pairs[pair]
      base[end - 1] = pairs[pair + 1]
    } else {
      base[end - 1] = 0x30 + UInt8(truncatingIfNeeded: magnitude)
    }
  }

  /// "00", "01", … "99", back to back.
  static let digitPairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """

  /// How many decimal digits `value` has (1 for 0): comparisons only, no multiplication chain.
  static func digitCount(_ value: UInt64) -> Int {
    if value < 10_000_000_000 {
      if value < 100_000 {
        if value < 100 { return value < 10 ? 1 : 2 }
        return value < 1_000 ? 3 : (value < 10_000 ? 4 : 5)
      }
      if value < 10_000_000 { return value < 1_000_000 ? 6 : 7 }
      return value < 100_000_000 ? 8 : (value < 1_000_000_000 ? 9 : 10)
    }
    var digits = 11
    var bound: UInt64 = 100_000_000_000
    while digits < 20, value >= bound {
      digits += 1
      bound &*= 10
    }
    return digits
  }

  mutating func appendToken(_ s: String) {
    // Strings are contiguous UTF-8 here (`withUTF8` makes a bridged one so).
    var s = s
    s.withUTF8 { appendToken(utf8: $0) }
  }

  /// A token from its UTF-8 bytes: bare when every byte is safe (checked and copied in one
  /// pass over the buffer), else quoted with escapes.
  mutating func appendToken(utf8: UnsafeBufferPointer<UInt8>) {
    if !utf8.isEmpty, utf8.allSatisfy(Self.isSafe) {
      append(utf8)
      return
    }
    append(0x22)
    for byte in utf8 {
      switch byte {
      case 0x22:
        append(0x5C)
        append(0x22)
      case 0x5C:
        append(0x5C)
        append(0x5C)
      case 0x0A:
        append(0x5C)
        append(0x6E)
      case 0x0D:
        append(0x5C)
        append(0x72)
      case 0x09:
        append(0x5C)
        append(0x74)
      case 0..<0x20: appendASCII("\\u{\(String(byte, radix: 16))}")
      default: append(byte)
      }
    }
    append(0x22)
  }

  static func isSafe(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    case 0x2E, 0x5F, 0x2F, 0x3A, 0x2A, 0x3F, 0x40, 0x25, 0x2B, 0x2D: return true
    default: return false
    }
  }
}

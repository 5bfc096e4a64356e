/// One line of a run's trace text, `t=<ns> kind key=value …`, read back.
///
/// The trace text is CellSim's own record of a run (`--trace FILE`). Values are tokens of safe
/// characters, or quoted strings with `\"`, `\\`, `\n`, `\r`, `\t` and `\u{hex}` escapes, as
/// `TraceLine` writes them. Reports are built from it so that they show exactly what the
/// digest covers, and nothing a loader could change after the fact.
package struct TraceRecord: Sendable, Equatable {
  /// Virtual time, in nanoseconds.
  package var time: Int64
  /// The kind, such as `net.start` or `table.show`.
  package var kind: String
  /// The fields in the order they were written.
  package var fields: [(key: String, value: String)]

  package static func == (a: TraceRecord, b: TraceRecord) -> Bool {
    a.time == b.time && a.kind == b.kind && a.fields.elementsEqual(b.fields) { $0 == $1 }
  }

  /// The value of `key`, if the line has it.
  package subscript(_ key: String) -> String? {
    fields.first { $0.key == key }?.value
  }

  /// The integer value of `key`, if the line has it and it is an integer.
  package func int(_ key: String) -> Int64? {
    self[key].flatMap { Int64($0) }
  }
}

/// Reads trace text back into records.
package enum TraceRecords {
  /// The records of `text`; lines that do not start with `t=<integer> <kind>` are skipped.
  package static func parse(_ text: String) -> [TraceRecord] {
    var records: [TraceRecord] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if let record = parseLine(Array(line.utf8)) { records.append(record) }
    }
    return records
  }

  /// One line, or nil if it is not a record.
  package static func parseLine(_ bytes: [UInt8]) -> TraceRecord? {
    var index = 0
    guard let timeToken = token(bytes, &index), timeToken.hasPrefix("t="),
      let time = Int64(timeToken.dropFirst(2))
    else { return nil }
    skipSpaces(bytes, &index)
    guard let kind = token(bytes, &index), !kind.isEmpty else { return nil }
    var fields: [(key: String, value: String)] = []
    while true {
      skipSpaces(bytes, &index)
      guard index < bytes.count else { break }
      let keyStart = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != 0x20 {
        index += 1
      }
      let key = String(decoding: bytes[keyStart..<index], as: UTF8.self)
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        fields.append((key, ""))
        continue
      }
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
        fields.append((key, quoted(bytes, &index)))
      } else {
        fields.append((key, token(bytes, &index) ?? ""))
      }
    }
    return TraceRecord(time: time, kind: kind, fields: fields)
  }

  static func skipSpaces(_ bytes: [UInt8], _ index: inout Int) {
    while index < bytes.count, bytes[index] == 0x20 { index += 1 }
  }

  static func token(_ bytes: [UInt8], _ index: inout Int) -> String? {
    guard index < bytes.count else { return nil }
    let start = index
    while index < bytes.count, bytes[index] != 0x20 { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// A quoted value starting at `index` (on the opening quote); stops after the closing one.
  static func quoted(_ bytes: [UInt8], _ index: inout Int) -> String {
    var out: [UInt8] = []
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\"") { break }
      guard byte == UInt8(ascii: "\\"), index < bytes.count else {
        out.append(byte)
        continue
      }
      let escaped = bytes[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        // `\u{hex}`
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { break }
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "}") { end += 1 }
        let hex = String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self)
        if let value = UInt8(hex, radix: 16) { out.append(value) }
        index = min(end + 1, bytes.count)
      default: out.append(escaped)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

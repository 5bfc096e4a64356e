import Foundation

/// What is wrong with a report page, as sentences (none when it is right): every element opened
/// is closed in order (void elements and `/>` excepted), and nothing is loaded from elsewhere
/// (no script, no link, no external `src`/`href`/`url(`).
///
/// Shared by the report tests and the bundled suite's test, which renders a report of every
/// bundled run. A page is mostly base64 images, so the scan jumps between the bytes that can
/// start what it looks for (`<`, `"`, `(`, `@`), none of which base64 uses; regular expressions
/// over whole pages were a tenth of the bundled suite's time in a debug build.
public func reportPageProblems(_ html: String) -> [String] {
  let bytes = Array(html.utf8)
  return bytes.withUnsafeBufferPointer { PageScan(bytes: $0).problems() }
}

private struct PageScan {
  let bytes: UnsafeBufferPointer<UInt8>

  static let void: Set<String> = ["meta", "img", "br", "hr", "input", "link", "source", "!doctype"]
  /// Checked case-insensitively anywhere on the page, in this order.
  static let forbidden = ["<script", "<link", "<iframe", "<object", "<embed", "url(", "@import"]

  func problems() -> [String] {
    var problems = tagProblems()
    let found = forbiddenFound()
    problems += Self.forbidden.filter(found.contains).map { "contains \($0)" }
    problems += externalReferences()
    return problems
  }

  /// Every element opened is closed in order: `<(/?)([A-Za-z!][A-Za-z0-9]*)([^>]*)>`, matched
  /// left to right without overlap.
  func tagProblems() -> [String] {
    var problems: [String] = []
    var stack: [String] = []
    var from = 0
    while let open = index(of: UInt8(ascii: "<"), from: from) {
      from = open + 1
      var cursor = open + 1
      let closing = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "/")
      if closing { cursor += 1 }
      guard cursor < bytes.count, isLetter(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "!")
      else { continue }
      let nameStart = cursor
      cursor += 1
      while cursor < bytes.count, isLetter(bytes[cursor]) || isDigit(bytes[cursor]) { cursor += 1 }
      guard let end = index(of: UInt8(ascii: ">"), from: cursor) else { break }
      let name = text(nameStart..<cursor).lowercased()
      let selfClosing = end > cursor && bytes[end - 1] == UInt8(ascii: "/")
      if closing {
        let top = stack.popLast()
        if top != name { problems.append("</\(name)> closes \(top ?? "nothing")") }
      } else if !Self.void.contains(name) && !selfClosing {
        stack.append(name)
      }
      from = end + 1
    }
    if !stack.isEmpty { problems.append("left open: \(stack)") }
    return problems
  }

  /// The forbidden strings that occur on the page, ignoring case: each is looked for where its
  /// first byte (or, for `url(`, its last) occurs.
  func forbiddenFound() -> Set<String> {
    var found = Set<String>()
    for at in positions(of: "<") {
      for string in Self.forbidden where string.hasPrefix("<") && matches(string, at: at) {
        found.insert(string)
      }
    }
    for at in positions(of: "@") where matches("@import", at: at) { found.insert("@import") }
    for at in positions(of: "(") where at >= 3 && matches("url(", at: at - 3) {
      found.insert("url(")
    }
    return found
  }

  /// Every index of `byte`, in order.
  func positions(of byte: Unicode.Scalar) -> [Int] {
    var positions: [Int] = []
    var from = 0
    while let at = index(of: UInt8(ascii: byte), from: from) {
      positions.append(at)
      from = at + 1
    }
    return positions
  }

  /// Every `src="…"` and `href="…"` (left to right, without overlap) that is neither an
  /// embedded PNG nor a page of the report's own.
  func externalReferences() -> [String] {
    var problems: [String] = []
    var from = 0
    while let quote = index(of: UInt8(ascii: "\""), from: from) {
      from = quote + 1
      guard quote >= 1, bytes[quote - 1] == UInt8(ascii: "=") else { continue }
      let named =
        (quote >= 4 && text((quote - 4)..<(quote - 1)) == "src")
        || (quote >= 5 && text((quote - 5)..<(quote - 1)) == "href")
      guard named, let close = index(of: UInt8(ascii: "\""), from: quote + 1) else { continue }
      let value = text((quote + 1)..<close)
      if !(value.hasPrefix("data:image/png;base64,") || value.hasPrefix("runs/")) {
        problems.append("external reference \(value.prefix(60))")
      }
      from = close + 1
    }
    return problems
  }

  func index(of byte: UInt8, from: Int) -> Int? {
    guard from < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + from, Int32(byte), bytes.count - from)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Whether `string` (ASCII, lowercase) starts at `at`, ignoring ASCII case.
  func matches(_ string: String, at: Int) -> Bool {
    let pattern = Array(string.utf8)
    guard at + pattern.count <= bytes.count else { return false }
    for (offset, expected) in pattern.enumerated() {
      var byte = bytes[at + offset]
      if byte >= 65 && byte <= 90 { byte += 32 }
      if byte != expected { return false }
    }
    return true
  }

  func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
  func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}

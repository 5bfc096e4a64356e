import Foundation

// Reading a document into an attributed string (UIKit's `NSAttributedString` document
// additions), as cells that show an HTML summary call it. A stand-in: HTML is reduced to its
// text (tags stripped, the common entities decoded, line breaks and paragraph ends kept as
// newlines) and no styling is kept; plain text is read as it is; other types throw. Foundation
// on Darwin declares all of this, so it is declared only where Foundation lacks it.
#if !canImport(Darwin)
  /// `AutoreleasingUnsafeMutablePointer`: there is no Objective-C runtime here, so it is an
  /// `UnsafeMutablePointer`, which `nil` and `&dictionary` both pass as on a device.
  public typealias AutoreleasingUnsafeMutablePointer<Pointee> = UnsafeMutablePointer<Pointee>

  extension NSAttributedString {
    /// UIKit's `NSAttributedString.DocumentReadingOptionKey`, with its raw values: options for
    /// reading a document.
    public struct DocumentReadingOptionKey: RawRepresentable, Hashable, Sendable {
      /// The key's name.
      public let rawValue: String
      /// The key named `rawValue`.
      public init(rawValue: String) { self.rawValue = rawValue }
      /// The key named `rawValue`.
      public init(_ rawValue: String) { self.rawValue = rawValue }
      /// The document's type (an `NSAttributedString.DocumentType`).
      public static let documentType = DocumentReadingOptionKey("DocumentType")
      /// The encoding of the document's bytes (a `String.Encoding`'s raw value).
      public static let characterEncoding = DocumentReadingOptionKey("CharacterEncoding")
      /// The attributes for text with none (accepted, ignored: no styling is kept).
      public static let defaultAttributes = DocumentReadingOptionKey("DefaultAttributes")
    }

    /// UIKit's `NSAttributedString.DocumentType`, with its raw values.
    public struct DocumentType: RawRepresentable, Hashable, Sendable {
      /// The type's name.
      public let rawValue: String
      /// The type named `rawValue`.
      public init(rawValue: String) { self.rawValue = rawValue }
      /// The type named `rawValue`.
      public init(_ rawValue: String) { self.rawValue = rawValue }
      /// A plain text document.
      public static let plain = DocumentType("NSPlainText")
      /// A Rich Text Format document (not read here: reading one throws).
      public static let rtf = DocumentType("NSRTF")
      /// A Rich Text Format document with attachments (not read here: reading one throws).
      public static let rtfd = DocumentType("NSRTFD")
      /// A Hypertext Markup Language (HTML) document.
      public static let html = DocumentType("NSHTML")
    }

    /// `NSAttributedString(data:options:documentAttributes:)`: an attributed string from the
    /// contents of `data`, without attributes. `.documentType` says how to read it: `.html`
    /// keeps the text only (see the file's notes), `.plain` is the text itself; without one,
    /// bytes that hold a tag are read as HTML and others as plain text. The bytes are decoded
    /// with `.characterEncoding`, UTF-8 without one. Throws `CocoaError(.featureUnsupported)`
    /// for any other type and `CocoaError(.fileReadCorruptFile)` for bytes the encoding cannot
    /// decode. `dict`, if given, receives the type and encoding read.
    public convenience init(
      data: Data, options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:],
      documentAttributes dict: AutoreleasingUnsafeMutablePointer<NSDictionary?>?
    ) throws {
      let encoding = DocumentReader.encoding(options[.characterEncoding])
      guard let source = String(data: data, encoding: encoding) else {
        throw CocoaError(.fileReadCorruptFile)
      }
      let type = DocumentReader.type(options[.documentType]) ?? DocumentReader.guessedType(source)
      let text: String
      switch type {
      case .html: text = DocumentReader.text(ofHTML: source)
      case .plain: text = source
      default:
        throw CocoaError(
          .featureUnsupported,
          userInfo: [NSLocalizedDescriptionKey: "Reading \(type.rawValue) is not modelled"])
      }
      dict?.pointee = NSDictionary(dictionary: [
        "DocumentType": type.rawValue, "CharacterEncoding": encoding.rawValue,
      ])
      self.init(string: text)
    }
  }

  /// The stand-in reader behind `NSAttributedString(data:options:documentAttributes:)`.
  enum DocumentReader {
    /// The elements whose content is not text shown.
    static let hiddenElements: Set<String> = ["head", "title", "script", "style"]
    /// The elements that end (and begin) a line.
    static let blockElements: Set<String> = [
      "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote",
    ]
    /// The named entities decoded.
    static let entities: [String: String] = [
      "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
    ]

    static func encoding(_ value: Any?) -> String.Encoding {
      if let raw = value as? UInt { return String.Encoding(rawValue: raw) }
      if let raw = value as? Int { return String.Encoding(rawValue: UInt(raw)) }
      if let raw = value as? NSNumber { return String.Encoding(rawValue: raw.uintValue) }
      if let encoding = value as? String.Encoding { return encoding }
      return .utf8
    }

    static func type(_ value: Any?) -> NSAttributedString.DocumentType? {
      if let type = value as? NSAttributedString.DocumentType { return type }
      if let name = value as? String { return NSAttributedString.DocumentType(name) }
      return nil
    }

    /// HTML if `source` holds something shaped like a tag, else plain text.
    static func guessedType(_ source: String) -> NSAttributedString.DocumentType {
      let scalars = Array(source.unicodeScalars)
      for (index, scalar) in scalars.enumerated() where scalar == "<" {
        guard index + 1 < scalars.count else { break }
        let next = scalars[index + 1]
        if next == "/" || next == "!" || CharacterSet.letters.contains(next) { return .html }
      }
      return .plain
    }

    /// The text of `html`: tags stripped (with the content of `head`, `title`, `script` and
    /// `style`), runs of white space collapsed to one space, `<br>` and the end of a block
    /// element (`p`, `div`, `li`, headings…) a newline, and entities decoded.
    static func text(ofHTML html: String) -> String {
      let characters = Array(html)
      var output = ""
      var pendingSpace = false
      var index = 0
      func endLine() {
        if !output.isEmpty && !output.hasSuffix("\n") { output += "\n" }
        pendingSpace = false
      }
      func append(_ text: String) {
        if pendingSpace && !output.isEmpty && !output.hasSuffix("\n") { output += " " }
        pendingSpace = false
        output += text
      }
      while index < characters.count {
        let character = characters[index]
        if character == "<" {
          if characters[index...].starts(with: "<!--") {
            index =
              position(of: "-->", in: characters, from: index + 4).map { $0 + 3 }
              ?? characters.count
            continue
          }
          let close = characters[index...].firstIndex(of: ">") ?? characters.count - 1
          let tag = String(characters[(index + 1)..<max(close, index + 1)])
          let closing = tag.hasPrefix("/")
          let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
          index = close + 1
          if name == "br" {
            output += "\n"
            pendingSpace = false
          } else if blockElements.contains(name) {
            endLine()
          } else if !closing, hiddenElements.contains(name), !tag.hasSuffix("/") {
            let end = position(of: "</\(name)", in: characters, from: index, caseInsensitive: true)
            let after = end.flatMap { characters[$0...].firstIndex(of: ">") }
            index = after.map { $0 + 1 } ?? characters.count
          }
        } else if character == "&", let (decoded, next) = entity(in: characters, at: index) {
          append(decoded)
          index = next
        } else if character.isWhitespace && character != "\u{00A0}" {
          pendingSpace = true
          index += 1
        } else {
          append(String(character))
          index += 1
        }
      }
      return output
    }

    /// The entity at `index` (`&name;`, `&#NNN;` or `&#xHH;`) and the index after it, or nil.
    static func entity(in characters: [Character], at index: Int) -> (String, Int)? {
      guard let end = characters[index...].prefix(12).firstIndex(of: ";") else { return nil }
      let body = String(characters[(index + 1)..<end])
      if let named = entities[body] { return (named, end + 1) }
      guard body.hasPrefix("#") else { return nil }
      let digits = body.dropFirst()
      let value =
        digits.lowercased().hasPrefix("x")
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      guard let value, let scalar = Unicode.Scalar(value) else { return nil }
      return (String(Character(scalar)), end + 1)
    }

    /// Where `needle` next occurs in `characters` at or after `start`.
    static func position(
      of needle: String, in characters: [Character], from start: Int,
      caseInsensitive: Bool = false
    ) -> Int? {
      let target = caseInsensitive ? needle.lowercased() : needle
      let length = needle.count
      guard length > 0, start + length <= characters.count else { return nil }
      for candidate in start...(characters.count - length) {
        let window = String(characters[candidate..<(candidate + length)])
        if (caseInsensitive ? window.lowercased() : window) == target { return candidate }
      }
      return nil
    }
  }
#endif

extension NSLayoutConstraint {
  /// UIKit's `NSLayoutConstraint.FormatOptions`, with its raw values: the edges a visual
  /// format's views align on, and the direction of a horizontal format.
  public struct FormatOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
    public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
    public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
    public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
    public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
    public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
    public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
    public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
    public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
    public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
    public static let directionLeadingToTrailing = FormatOptions([])
    public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
    public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
    public static let directionMask = FormatOptions(rawValue: 0x3 << 16)
    public static let spacingEdgeToEdge = FormatOptions([])
    public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
    public static let spacingMask = FormatOptions(rawValue: 0x1 << 19)
  }

  /// `constraints(withVisualFormat:options:metrics:views:)`: the constraints an Auto Layout
  /// visual format describes (`"H:|-16-[image(60)]-8-[title]-|"`), inactive, in the order the
  /// format names them, as UIKit makes them: a spacing between two views constrains the later
  /// view's leading (or top) edge to the earlier one's trailing (or bottom) edge; one to the
  /// superview (`|`, the first view's superview) constrains the view's edge to the
  /// superview's, or the superview's trailing edge to the view's; `-` is the standard spacing
  /// (8 points between views, 20 to the superview), and `[a(==b)]` relates sizes. A format UIKit
  /// cannot parse, or one that names a view or metric it was not given, stops the program
  /// with a message naming the place, as UIKit raises there.
  /// `directionRightToLeft` is laid out as leading to trailing.
  public class func constraints(
    withVisualFormat format: String, options opts: FormatOptions = [], metrics: [String: Any]?,
    views: [String: Any]
  ) -> [NSLayoutConstraint] {
    var parser = VisualFormatParser(
      format: format, options: opts, metrics: metrics ?? [:], views: views)
    do {
      return try parser.parse()
    } catch {
      fatalError("Unable to parse constraint format: \(error.message)\n\(format)")
    }
  }
}

/// Why a visual format could not be read.
struct VisualFormatError: Error {
  let message: String
}

/// Reads one visual format into constraints (`NSLayoutConstraint.constraints(withVisualFormat:...)`).
@MainActor
struct VisualFormatParser {
  let characters: [Character]
  let options: NSLayoutConstraint.FormatOptions
  let metrics: [String: Any]
  let views: [String: Any]
  var index = 0
  var vertical = false
  var made: [NSLayoutConstraint] = []

  init(
    format: String, options: NSLayoutConstraint.FormatOptions, metrics: [String: Any],
    views: [String: Any]
  ) {
    characters = Array(format.filter { !$0.isWhitespace })
    self.options = options
    self.metrics = metrics
    self.views = views
  }

  /// One predicate: a relation, what the edge or size is related to, and a priority.
  struct Predicate {
    var relation = NSLayoutConstraint.Relation.equal
    var constant: CGFloat = 0
    var view: UIView?
    var priority: Float = 1000
  }

  typealias Attribute = NSLayoutConstraint.Attribute

  var startEdge: Attribute {
    vertical ? .top : (options.contains(.directionLeftToRight) ? .left : .leading)
  }
  var endEdge: Attribute {
    vertical ? .bottom : (options.contains(.directionLeftToRight) ? .right : .trailing)
  }

  mutating func parse() throws(VisualFormatError) -> [NSLayoutConstraint] {
    if characters.count >= 2, characters[1] == ":" {
      guard characters[0] == "H" || characters[0] == "V" else {
        throw fail("the orientation must be H or V")
      }
      vertical = characters[0] == "V"
      index = 2
    }
    var ordered: [UIView] = []
    var pending: [Predicate]? = nil
    var startsAtSuperview = false
    if peek == "|" {
      index += 1
      startsAtSuperview = true
      pending = try connection(toSuperview: true)
    }
    while peek == "[" {
      let view = try viewTerm()
      if let previous = ordered.last {
        for predicate in pending ?? [Predicate()] {
          edge(view, startEdge, previous, endEdge, predicate)
        }
      } else if startsAtSuperview, let predicates = pending {
        let superview = try superview(of: view)
        for predicate in predicates { edge(view, startEdge, superview, startEdge, predicate) }
      }
      ordered.append(view)
      pending = try connection(toSuperview: false)
      if peek == "|" {
        index += 1
        let superview = try superview(of: view)
        for predicate in pending ?? [Predicate()] {
          edge(superview, endEdge, view, endEdge, predicate)
        }
        pending = nil
        break
      }
    }
    guard index == characters.count else { throw fail("unexpected \"\(characters[index])\"") }
    guard !ordered.isEmpty else { throw fail("a format names at least one view") }
    if pending != nil { throw fail("a spacing ends the format with no view or | after it") }
    try align(ordered)
    return made
  }

  var peek: Character? { index < characters.count ? characters[index] : nil }

  func fail(_ message: String) -> VisualFormatError {
    VisualFormatError(message: "\(message) (at character \(index))")
  }

  /// A connection after `|` or a view: nil when the next view follows flush (`][`), else its
  /// predicates (`-`, `-10-`, `-(>=8@750)-`).
  mutating func connection(toSuperview: Bool) throws(VisualFormatError) -> [Predicate]? {
    guard peek == "-" else { return nil }
    index += 1
    if peek == "[" || peek == "|" {
      let towardsBar = peek == "|"
      return [Predicate(constant: toSuperview || towardsBar ? 20 : 8)]
    }
    let predicates: [Predicate]
    if peek == "(" {
      predicates = try predicateList(sizes: false)
    } else {
      var predicate = Predicate()
      predicate.constant = try number(orMetric: true)
      predicates = [predicate]
    }
    guard peek == "-" else { throw fail("a spacing must end with -") }
    index += 1
    return predicates
  }

  /// `[name]` or `[name(predicates)]`: the view, after making its size constraints.
  mutating func viewTerm() throws(VisualFormatError) -> UIView {
    index += 1
    let name = identifier()
    guard !name.isEmpty else { throw fail("a view needs a name") }
    guard let view = views[name] as? UIView else {
      throw fail("no view named \"\(name)\" in the views dictionary")
    }
    if peek == "(" {
      let size: Attribute = vertical ? .height : .width
      for predicate in try predicateList(sizes: true) {
        let constraint = NSLayoutConstraint(
          item: view, attribute: size, relatedBy: predicate.relation, toItem: predicate.view,
          attribute: predicate.view == nil ? .notAnAttribute : size, multiplier: 1,
          constant: predicate.constant)
        constraint.priority = UILayoutPriority(predicate.priority)
        made.append(constraint)
      }
    }
    guard peek == "]" else { throw fail("a view must end with ]") }
    index += 1
    return view
  }

  /// `(predicate, predicate, …)`.
  mutating func predicateList(sizes: Bool) throws(VisualFormatError) -> [Predicate] {
    index += 1
    var list: [Predicate] = []
    while true {
      var predicate = Predicate()
      if let relation = relation() { predicate.relation = relation }
      if let next = peek, next.isLetter || next == "_" {
        let name = identifier()
        if let view = views[name] as? UIView, sizes {
          predicate.view = view
        } else if let value = metric(name) {
          predicate.constant = value
        } else {
          throw fail("no metric or view named \"\(name)\"")
        }
      } else {
        predicate.constant = try number(orMetric: false)
      }
      if peek == "@" {
        index += 1
        predicate.priority = Float(try number(orMetric: true))
      }
      list.append(predicate)
      if peek == "," {
        index += 1
        continue
      }
      guard peek == ")" else { throw fail("a predicate list must end with )") }
      index += 1
      return list
    }
  }

  mutating func relation() -> NSLayoutConstraint.Relation? {
    guard index + 1 < characters.count, characters[index + 1] == "=" else { return nil }
    let relation: NSLayoutConstraint.Relation
    switch characters[index] {
    case "=": relation = .equal
    case "<": relation = .lessThanOrEqual
    case ">": relation = .greaterThanOrEqual
    default: return nil
    }
    index += 2
    return relation
  }

  mutating func identifier() -> String {
    var name = ""
    while let next = peek, next.isLetter || next.isNumber || next == "_" {
      name.append(next)
      index += 1
    }
    return name
  }

  /// A number (`10`, `-4`, `0.5`), or a metric's name when `orMetric`.
  mutating func number(orMetric: Bool) throws(VisualFormatError) -> CGFloat {
    if orMetric, let next = peek, next.isLetter || next == "_" {
      let name = identifier()
      guard let value = metric(name) else { throw fail("no metric named \"\(name)\"") }
      return value
    }
    var text = ""
    if peek == "-" || peek == "+" {
      text.append(peek!)
      index += 1
    }
    while let next = peek, next.isNumber || next == "." {
      text.append(next)
      index += 1
    }
    guard let value = Double(text) else { throw fail("expected a number") }
    return CGFloat(value)
  }

  func metric(_ name: String) -> CGFloat? {
    switch metrics[name] {
    case let value as CGFloat: return value
    case let value as Double: return CGFloat(value)
    case let value as Float: return CGFloat(value)
    case let value as Int: return CGFloat(value)
    case let value as NSNumber: return CGFloat(value.doubleValue)
    default: return nil
    }
  }

  func superview(of view: UIView) throws(VisualFormatError) -> UIView {
    guard let superview = view.superview else {
      throw fail("| needs the view to have a superview")
    }
    return superview
  }

  /// `first.firstEdge r second.secondEdge + constant`, with the predicate's priority.
  mutating func edge(
    _ first: UIView, _ firstEdge: Attribute, _ second: UIView, _ secondEdge: Attribute,
    _ predicate: Predicate
  ) {
    let constraint = NSLayoutConstraint(
      item: first, attribute: firstEdge, relatedBy: predicate.relation, toItem: second,
      attribute: secondEdge, multiplier: 1, constant: predicate.constant)
    constraint.priority = UILayoutPriority(predicate.priority)
    made.append(constraint)
  }

  /// The `alignAll…` options: each view after the first aligned with the one before it.
  mutating func align(_ ordered: [UIView]) throws(VisualFormatError) {
    let pairs: [(NSLayoutConstraint.FormatOptions, Attribute, vertical: Bool)] = [
      (.alignAllLeft, .left, true), (.alignAllRight, .right, true),
      (.alignAllLeading, .leading, true), (.alignAllTrailing, .trailing, true),
      (.alignAllCenterX, .centerX, true), (.alignAllTop, .top, false),
      (.alignAllBottom, .bottom, false), (.alignAllCenterY, .centerY, false),
      (.alignAllLastBaseline, .lastBaseline, false),
      (.alignAllFirstBaseline, .firstBaseline, false),
    ]
    for (option, attribute, forVertical) in pairs where options.contains(option) {
      guard forVertical == vertical else {
        throw VisualFormatError(
          message: "the option aligning on \(attribute) is along the format's own axis")
      }
      for index in ordered.indices.dropFirst() {
        made.append(
          NSLayoutConstraint(
            item: ordered[index], attribute: attribute, relatedBy: .equal,
            toItem: ordered[index - 1], attribute: attribute, multiplier: 1, constant: 0))
      }
    }
  }
}

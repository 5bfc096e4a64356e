/// Auto Layout's common case: the frames of subviews that are laid out by constraints
/// (`translatesAutoresizingMaskIntoConstraints == false`), from the active equality constraints
/// among them, their superview and its layout guides.
///
/// Each constraint says `first.attribute = multiplier × second.attribute + constant`, which is
/// linear in the frames' unknowns (a view's `x`, `y`, width and height in its superview). The
/// solver propagates: a constraint with one unknown left fixes it; when none has, a view whose
/// size is still unknown takes its `intrinsicContentSize` if it declares one, and propagation
/// goes on. Constraints are taken by priority, highest first, so a required one wins over a
/// lower one that contradicts it; what nothing fixes keeps the frame the code set.
///
/// Not modelled: inequalities (`≥`, `≤`: they hold whatever the frames are), the priorities'
/// trade-offs beyond that order, constraints to views outside the superview and its direct
/// subviews, the intrinsic size of text (labels declare none; an image view's is its image's).
/// A stack view places its arranged views itself (`UIStackView+Arrangement.swift`). Baselines
/// stand for the top and bottom edges.
extension UIView {
  /// Sets the frames of the direct subviews laid out by constraints (`layoutSubviews()` calls it,
  /// as UIKit's applies the engine's frames there).
  func layoutSubviewsFromConstraints() {
    guard !(self is UIStackView) else { return }
    var solved: [UIView] = []
    for subview in storedSubviews where !subview.translatesAutoresizingMaskIntoConstraints {
      solved.append(subview)
    }
    guard !solved.isEmpty else { return }
    var constraints = storedConstraints
    for subview in storedSubviews { constraints += subview.storedConstraints }
    guard !constraints.isEmpty else { return }
    var solver = ConstraintSolver(container: self, views: solved)
    let equations = constraints.compactMap { solver.equation(for: $0) }
      .sorted { $0.priority > $1.priority }
    solver.solve(equations)
    for (index, view) in solved.enumerated() {
      let frame = solver.frame(of: index, keeping: view.frame)
      if frame != view.frame { view.frame = frame }
    }
  }
}

/// The unknowns of one layout pass, and the propagation that fixes them.
@MainActor struct ConstraintSolver {
  /// A linear form: the sum of `coefficient × unknown`, plus `constant`.
  struct Form {
    var terms: [(unknown: Int, coefficient: Double)] = []
    var constant: Double = 0

    static func + (lhs: Form, rhs: Form) -> Form {
      Form(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    static func * (factor: Double, form: Form) -> Form {
      Form(
        terms: form.terms.map { ($0.unknown, factor * $0.coefficient) },
        constant: factor * form.constant)
    }
  }

  /// `form = 0`, with the priority of the constraint it came from.
  struct Equation {
    let form: Form
    let priority: Float
  }

  let container: UIView
  let views: [UIView]
  /// The values found: `x`, `y`, width, height of each view, in that order.
  var values: [Double?]

  init(container: UIView, views: [UIView]) {
    self.container = container
    self.views = views
    values = Array(repeating: nil, count: views.count * 4)
  }

  /// The equation of `constraint`, if it is an equality among the views this pass solves, the
  /// container and their guides, and involves at least one of the views.
  func equation(for constraint: NSLayoutConstraint) -> Equation? {
    guard constraint.relation == .equal, let firstItem = constraint.firstItem,
      let first = form(of: firstItem, constraint.firstAttribute)
    else { return nil }
    var second = Form()
    if let secondItem = constraint.secondItem {
      guard let form = form(of: secondItem, constraint.secondAttribute) else { return nil }
      second = form
    }
    let form =
      first + (-Double(constraint.multiplier)) * second
      + Form(terms: [], constant: -Double(constraint.constant))
    guard !form.terms.isEmpty else { return nil }
    return Equation(form: form, priority: constraint.priority.rawValue)
  }

  /// `attribute` of `item` as a linear form of the unknowns; nil for an item this pass cannot
  /// place.
  func form(of item: AnyObject, _ attribute: NSLayoutConstraint.Attribute) -> Form? {
    if let base = attribute.marginBase {
      // `.leftMargin` & co.: the edge of the view's margins guide (a guide's own margins: its edge).
      if let view = item as? UIView { return form(of: view.layoutMarginsGuide, base) }
      return form(of: item, base)
    }
    if let view = item as? UIView {
      if view === container {
        return fixed(CGRect(origin: .zero, size: container.bounds.size), attribute)
      }
      guard let index = views.firstIndex(where: { $0 === view }) else { return nil }
      return unknown(index, attribute, insets: .zero)
    }
    guard let guide = item as? UILayoutGuide, let owner = guide.owningView else { return nil }
    let insets = guide === owner.marginsGuide ? owner.layoutMargins : .zero
    if owner === container {
      let rect = CGRect(origin: .zero, size: container.bounds.size)
      return fixed(
        CGRect(
          x: rect.minX + insets.left, y: rect.minY + insets.top,
          width: rect.width - insets.left - insets.right,
          height: rect.height - insets.top - insets.bottom), attribute)
    }
    guard let index = views.firstIndex(where: { $0 === owner }) else { return nil }
    return unknown(index, attribute, insets: insets)
  }

  /// `attribute` of a known rectangle.
  func fixed(_ rect: CGRect, _ attribute: NSLayoutConstraint.Attribute) -> Form? {
    let value: CGFloat
    switch attribute {
    case .left, .leading: value = rect.minX
    case .right, .trailing: value = rect.maxX
    case .width: value = rect.width
    case .centerX: value = rect.midX
    case .top, .firstBaseline: value = rect.minY
    case .bottom, .lastBaseline: value = rect.maxY
    case .height: value = rect.height
    case .centerY: value = rect.midY
    case .notAnAttribute: return nil
    default: return nil  // margin attributes: `form(of:_:)` resolves them on the margins guide
    }
    return Form(terms: [], constant: Double(value))
  }

  /// `attribute` of view `index` (inset by `insets`, for its margins guide).
  func unknown(_ index: Int, _ attribute: NSLayoutConstraint.Attribute, insets: UIEdgeInsets)
    -> Form?
  {
    let x = index * 4
    let y = x + 1
    let width = x + 2
    let height = x + 3
    let (left, right) = (Double(insets.left), Double(insets.right))
    let (top, bottom) = (Double(insets.top), Double(insets.bottom))
    switch attribute {
    case .left, .leading: return Form(terms: [(x, 1)], constant: left)
    case .right, .trailing: return Form(terms: [(x, 1), (width, 1)], constant: -right)
    case .width: return Form(terms: [(width, 1)], constant: -left - right)
    case .centerX: return Form(terms: [(x, 1), (width, 0.5)], constant: (left - right) / 2)
    case .top, .firstBaseline: return Form(terms: [(y, 1)], constant: top)
    case .bottom, .lastBaseline: return Form(terms: [(y, 1), (height, 1)], constant: -bottom)
    case .height: return Form(terms: [(height, 1)], constant: -top - bottom)
    case .centerY: return Form(terms: [(y, 1), (height, 0.5)], constant: (top - bottom) / 2)
    case .notAnAttribute: return nil
    default: return nil  // margin attributes: `form(of:_:)` resolves them on the margins guide
    }
  }

  /// Fixes what the equations determine, taking intrinsic sizes when propagation stalls.
  mutating func solve(_ equations: [Equation]) {
    var open = equations
    while true {
      var progressed = false
      var index = 0
      while index < open.count {
        switch apply(open[index]) {
        case .solved, .settled:
          open.remove(at: index)
          progressed = true
        case .pending:
          index += 1
        }
      }
      if progressed { continue }
      guard takeIntrinsicSize() else { return }
    }
  }

  enum Outcome { case solved, settled, pending }

  /// Solves `equation` for its one unknown left, if it has one; `settled` when it has none.
  mutating func apply(_ equation: Equation) -> Outcome {
    var constant = equation.form.constant
    var coefficients: [Int: Double] = [:]
    for term in equation.form.terms {
      if let value = values[term.unknown] {
        constant += term.coefficient * value
      } else {
        coefficients[term.unknown, default: 0] += term.coefficient
      }
    }
    let left = coefficients.filter { abs($0.value) > 1e-9 }
    if left.isEmpty { return .settled }
    guard left.count == 1, let (unknown, coefficient) = left.first else { return .pending }
    values[unknown] = -constant / coefficient
    return .solved
  }

  /// Gives the first view (in subview order) whose width or height is unknown its intrinsic
  /// content size on that axis; whether one was given.
  mutating func takeIntrinsicSize() -> Bool {
    for (index, view) in views.enumerated() {
      let size = view.intrinsicContentSize
      if values[index * 4 + 2] == nil, size.width != UIView.noIntrinsicMetric {
        values[index * 4 + 2] = Double(size.width)
        return true
      }
      if values[index * 4 + 3] == nil, size.height != UIView.noIntrinsicMetric {
        values[index * 4 + 3] = Double(size.height)
        return true
      }
    }
    return false
  }

  /// View `index`'s frame: what was found, the rest from `frame`.
  func frame(of index: Int, keeping frame: CGRect) -> CGRect {
    let base = index * 4
    return CGRect(
      x: values[base].map { CGFloat($0) } ?? frame.minX,
      y: values[base + 1].map { CGFloat($0) } ?? frame.minY,
      width: max(0, values[base + 2].map { CGFloat($0) } ?? frame.width),
      height: max(0, values[base + 3].map { CGFloat($0) } ?? frame.height))
  }
}

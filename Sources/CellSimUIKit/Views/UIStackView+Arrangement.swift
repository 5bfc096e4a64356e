/// How a stack view places its arranged views at each layout pass, as far as cells built with
/// stacks need it: a thumbnail in a stack gets the frame (and so the `bounds.size`) it has on a
/// device.
///
/// Along the axis, hidden views take no room; a view whose length is fixed (an equality
/// constraint of its own to a constant, or an aspect ratio to its cross size) or known from its
/// intrinsic content size keeps it, and the views left share what remains equally (UIKit gives
/// it by hugging priority; equal shares are the layer's simplification). `.fillEqually` gives
/// every view the same length. Across the axis, `.fill` stretches each view; the other
/// alignments keep its fixed or intrinsic size (else stretch it) and put it at the leading edge,
/// centre or trailing edge. `spacing` and `setCustomSpacing(_:after:)` separate the views;
/// `isLayoutMarginsRelativeArrangement` insets them by the stack's `layoutMargins`. Not modelled:
/// `.fillProportionally`, `.equalSpacing` and `.equalCentering` (taken as `.fill`), and
/// baselines (taken as the leading edge).
extension UIStackView {
  /// Sets the arranged views' frames.
  func arrangeSubviews() {
    let views = arrangedSubviews.filter { !$0.isHidden }
    guard !views.isEmpty else { return }
    let horizontal = axis == .horizontal
    var area = CGRect(origin: .zero, size: bounds.size)
    if isLayoutMarginsRelativeArrangement {
      let margins = layoutMargins
      area = CGRect(
        x: margins.left, y: margins.top, width: max(0, area.width - margins.left - margins.right),
        height: max(0, area.height - margins.top - margins.bottom))
    }
    let total = horizontal ? area.width : area.height
    let cross = horizontal ? area.height : area.width
    var gaps: CGFloat = 0
    for view in views.dropLast() {
      let custom = customSpacing(after: view)
      gaps += custom == UIStackView.spacingUseDefault ? spacing : max(0, custom)
    }
    let available = max(0, total - gaps)
    var lengths: [CGFloat?] = views.map { view in
      distribution == .fillEqually ? nil : view.fixedLength(horizontal: horizontal, cross: cross)
    }
    let flexible = lengths.filter { $0 == nil }.count
    if flexible > 0 {
      let taken = lengths.compactMap { $0 }.reduce(0, +)
      let share = max(0, available - taken) / CGFloat(flexible)
      lengths = lengths.map { $0 ?? share }
    }
    var position = horizontal ? area.minX : area.minY
    for (index, view) in views.enumerated() {
      let length = lengths[index] ?? 0
      let size =
        alignment == .fill
        ? cross : min(cross, view.fixedLength(horizontal: !horizontal, cross: length) ?? cross)
      let start = horizontal ? area.minY : area.minX
      let offset: CGFloat
      switch alignment {
      case .center: offset = (cross - size) / 2
      case .trailing, .lastBaseline: offset = cross - size
      default: offset = 0
      }
      let frame =
        horizontal
        ? CGRect(x: position, y: start + offset, width: length, height: size)
        : CGRect(x: start + offset, y: position, width: size, height: length)
      if view.frame != frame { view.frame = frame }
      let custom = customSpacing(after: view)
      position += length + (custom == UIStackView.spacingUseDefault ? spacing : max(0, custom))
    }
  }
}

extension UIView {
  /// The view's own length on an axis (width if `horizontal`), if fixed: an active equality
  /// constraint of its own to a constant, an aspect ratio to the other axis (whose length is
  /// `cross`), or its intrinsic content size.
  func fixedLength(horizontal: Bool, cross: CGFloat) -> CGFloat? {
    let attribute: NSLayoutConstraint.Attribute = horizontal ? .width : .height
    let other: NSLayoutConstraint.Attribute = horizontal ? .height : .width
    let own = storedConstraints.filter {
      $0.relation == .equal && $0.firstAttribute == attribute && $0.firstItem === self
    }
    if let constant = own.first(where: { $0.secondItem == nil }) { return constant.constant }
    if let ratio = own.first(where: { $0.secondItem === self && $0.secondAttribute == other }) {
      return ratio.multiplier * cross + ratio.constant
    }
    let intrinsic = intrinsicContentSize
    let length = horizontal ? intrinsic.width : intrinsic.height
    return length == UIView.noIntrinsicMetric ? nil : length
  }
}

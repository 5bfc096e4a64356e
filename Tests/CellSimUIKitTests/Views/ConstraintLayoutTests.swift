// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A cell built in code as tutorials build it: a thumbnail pinned to the content view's
/// leading, top and bottom margins with a fixed width, and a title beside it.
final class PinnedThumbnailCell: UITableViewCell {
  let thumbnail = UIImageView()
  let title = UILabel()
  lazy var widthConstraint = thumbnail.widthAnchor.constraint(equalToConstant: 60)

  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    thumbnail.translatesAutoresizingMaskIntoConstraints = false
    title.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(thumbnail)
    contentView.addSubview(title)
    NSLayoutConstraint.activate([
      thumbnail.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
      thumbnail.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
      contentView.bottomAnchor.constraint(equalTo: thumbnail.bottomAnchor, constant: 8),
      widthConstraint,
      title.leadingAnchor.constraint(equalTo: thumbnail.trailingAnchor, constant: 12),
      title.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
      title.centerYAnchor.constraint(equalTo: thumbnail.centerYAnchor),
      title.heightAnchor.constraint(equalToConstant: 20),
      // Inequalities and a lower-priority contradiction do not move anything.
      title.widthAnchor.constraint(greaterThanOrEqualToConstant: 10),
    ])
    let weaker = thumbnail.widthAnchor.constraint(equalToConstant: 200)
    weaker.priority = .defaultLow
    weaker.isActive = true
  }

  required init?(coder: NSCoder) { nil }
}

@Suite("Auto Layout's common case: equality constraints set subviews' frames")
struct ConstraintLayoutTests {
  @Test("system spacing is 8 points times the multiplier; guides have layout frames")
  @MainActor func systemSpacingAndGuideFrames() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
    let icon = UIView()
    let label = UIView()
    for subview in [icon, label] {
      subview.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(subview)
    }
    NSLayoutConstraint.activate([
      icon.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      icon.topAnchor.constraint(equalTo: view.topAnchor),
      icon.widthAnchor.constraint(equalToConstant: 40),
      icon.heightAnchor.constraint(equalTo: icon.widthAnchor),
      label.leadingAnchor.constraint(equalToSystemSpacingAfter: icon.trailingAnchor, multiplier: 2),
      label.topAnchor.constraint(equalToSystemSpacingBelow: icon.bottomAnchor, multiplier: 1),
      label.widthAnchor.constraint(equalToConstant: 100),
      label.heightAnchor.constraint(equalToConstant: 20),
    ])
    view.layoutIfNeeded()
    #expect(label.frame == CGRect(x: 56, y: 48, width: 100, height: 20))
    #expect(view.layoutMarginsGuide.layoutFrame == view.bounds.inset(by: view.layoutMargins))
    #expect(view.safeAreaLayoutGuide.layoutFrame == view.bounds)
    #expect(UILayoutGuide().layoutFrame == .zero)
  }

  @Test("margin attributes (a layout library's constraints) pin to the margins guide")
  @MainActor func marginAttributes() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
    view.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
    let child = UIView()
    child.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(child)
    // The attribute form libraries such as SnapKit build: `.leadingMargin` and `.topMargin`.
    NSLayoutConstraint.activate([
      NSLayoutConstraint(
        item: child, attribute: .leading, relatedBy: .equal, toItem: view,
        attribute: .leadingMargin, multiplier: 1, constant: 0),
      NSLayoutConstraint(
        item: child, attribute: .top, relatedBy: .equal, toItem: view, attribute: .topMargin,
        multiplier: 1, constant: 0),
      child.widthAnchor.constraint(equalToConstant: 50),
      child.heightAnchor.constraint(equalToConstant: 50),
    ])
    view.layoutIfNeeded()
    #expect(child.frame == CGRect(x: 20, y: 10, width: 50, height: 50))
    #expect(NSLayoutConstraint.Attribute.leftMargin.rawValue == 13)
    #expect(NSLayoutConstraint.Attribute.centerYWithinMargins.rawValue == 20)
  }

  @Test("a cell's pinned thumbnail and title get the frames Auto Layout gives them")
  @MainActor func pinnedCell() {
    let cell = PinnedThumbnailCell(style: .default, reuseIdentifier: "row")
    cell.frame = CGRect(x: 0, y: 0, width: 390, height: 96)
    cell.contentView.frame = cell.bounds
    cell.layoutIfNeeded()
    #expect(cell.thumbnail.frame == CGRect(x: 16, y: 8, width: 60, height: 80))
    // The margins guide is 8 points in: the title ends at 382.
    #expect(cell.title.frame == CGRect(x: 88, y: 38, width: 294, height: 20))
    // A downsampling loader sizes its thumbnail from the bounds, which are no longer zero.
    #expect(cell.thumbnail.bounds.size == CGSize(width: 60, height: 80))
    cell.widthConstraint.constant = 80
    cell.layoutIfNeeded()
    #expect(cell.thumbnail.frame.width == 80 && cell.title.frame.minX == 108)
  }

  @Test("a view pinned to its superview's edges fills it, and an aspect ratio follows a width")
  @MainActor func edgesAndRatio() {
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 500))
    let fill = UIView()
    let square = UIView()
    let framed = UIView(frame: CGRect(x: 5, y: 6, width: 7, height: 8))
    for view in [fill, square] { view.translatesAutoresizingMaskIntoConstraints = false }
    [fill, square, framed].forEach(container.addSubview)
    NSLayoutConstraint.activate([
      fill.topAnchor.constraint(equalTo: container.topAnchor),
      fill.bottomAnchor.constraint(equalTo: container.bottomAnchor),
      fill.leadingAnchor.constraint(equalTo: container.leadingAnchor),
      fill.trailingAnchor.constraint(equalTo: container.trailingAnchor),
      square.centerXAnchor.constraint(equalTo: container.centerXAnchor),
      square.topAnchor.constraint(equalTo: container.safeAreaLayoutGuide.topAnchor, constant: 10),
      square.widthAnchor.constraint(equalTo: container.widthAnchor, multiplier: 0.5),
      square.heightAnchor.constraint(equalTo: square.widthAnchor),
      NSLayoutConstraint(
        item: framed, attribute: .width, relatedBy: .equal, toItem: nil,
        attribute: .notAnAttribute, multiplier: 1, constant: 99),
    ])
    container.layoutIfNeeded()
    #expect(fill.frame == container.bounds)
    #expect(square.frame == CGRect(x: 75, y: 10, width: 150, height: 150))
    // An image view that no constraint sizes takes its image's size.
    let icon = UIImageView(image: UIImage(systemName: "photo"))
    icon.translatesAutoresizingMaskIntoConstraints = false
    container.addSubview(icon)
    icon.topAnchor.constraint(equalTo: square.bottomAnchor, constant: 4).isActive = true
    icon.leadingAnchor.constraint(equalTo: container.leadingAnchor).isActive = true
    container.layoutIfNeeded()
    let symbol = icon.image?.size ?? .zero
    #expect(icon.frame == CGRect(origin: CGPoint(x: 0, y: 164), size: symbol) && symbol != .zero)
    // A view that keeps its autoresizing mask is left where its code put it.
    #expect(framed.frame == CGRect(x: 5, y: 6, width: 7, height: 8))
  }
}

@Suite("Stack views place their arranged views")
struct StackArrangementTests {
  @Test("a horizontal stack: a fixed-width thumbnail, a label taking the rest, spacing")
  @MainActor func horizontal() {
    let cell = UITableViewCell(style: .default, reuseIdentifier: "row")
    let thumbnail = UIImageView()
    let title = UILabel()
    let hidden = UIView()
    hidden.isHidden = true
    let stack = UIStackView(arrangedSubviews: [thumbnail, hidden, title])
    stack.axis = .horizontal
    stack.spacing = 10
    stack.alignment = .center
    stack.translatesAutoresizingMaskIntoConstraints = false
    cell.contentView.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 16),
      stack.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor, constant: -16),
      stack.topAnchor.constraint(equalTo: cell.contentView.topAnchor),
      stack.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor),
      thumbnail.widthAnchor.constraint(equalToConstant: 64),
      thumbnail.heightAnchor.constraint(equalTo: thumbnail.widthAnchor),
    ])
    cell.frame = CGRect(x: 0, y: 0, width: 390, height: 100)
    cell.contentView.frame = cell.bounds
    cell.layoutIfNeeded()
    #expect(stack.frame == CGRect(x: 16, y: 0, width: 358, height: 100))
    #expect(thumbnail.frame == CGRect(x: 0, y: 18, width: 64, height: 64))
    // Hidden views take no room; the label takes what is left, full height (no intrinsic size).
    #expect(title.frame == CGRect(x: 74, y: 0, width: 284, height: 100))
  }

  @Test("a vertical stack filled equally, inside its layout margins")
  @MainActor func verticalFillEqually() {
    let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 200, height: 312))
    stack.axis = .vertical
    stack.distribution = .fillEqually
    stack.spacing = 4
    stack.isLayoutMarginsRelativeArrangement = true
    let views = (0..<3).map { _ in UIView() }
    views.forEach(stack.addArrangedSubview)
    stack.layoutIfNeeded()
    #expect(
      views.map(\.frame) == [
        CGRect(x: 8, y: 8, width: 184, height: 96), CGRect(x: 8, y: 108, width: 184, height: 96),
        CGRect(x: 8, y: 208, width: 184, height: 96),
      ])
  }
}

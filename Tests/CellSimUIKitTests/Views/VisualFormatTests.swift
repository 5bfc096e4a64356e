// Written as iOS code, with only the layer imported: cells laid out with Auto Layout's visual
// format language, through the helper that video-feed tutorials add to UIView.
import CellSimUIKit
import Testing

extension UIView {
  /// The tutorials' helper: views named v0, v1, … in the format.
  func addConstraintsWithFormat(_ format: String, views: UIView...) {
    var viewsDictionary = [String: UIView]()
    for (index, view) in views.enumerated() {
      let key = "v\(index)"
      viewsDictionary[key] = view
      view.translatesAutoresizingMaskIntoConstraints = false
    }
    addConstraints(
      NSLayoutConstraint.constraints(
        withVisualFormat: format, options: NSLayoutConstraint.FormatOptions(), metrics: nil,
        views: viewsDictionary))
  }
}

@Suite("Auto Layout's visual format language")
@MainActor
struct VisualFormatTests {
  @Test("a cell laid out with formats places its thumbnail and title where UIKit would")
  func cellLayout() {
    let cell = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 90))
    let thumbnail = UIImageView()
    let title = UILabel()
    cell.addSubview(thumbnail)
    cell.addSubview(title)
    cell.addConstraintsWithFormat("H:|-16-[v0(60)]-8-[v1]-16-|", views: thumbnail, title)
    cell.addConstraintsWithFormat("V:|-8-[v0(60)]", views: thumbnail)
    cell.addConstraintsWithFormat("V:|-12-[v0(20)]", views: title)
    cell.layoutIfNeeded()
    #expect(thumbnail.frame == CGRect(x: 16, y: 8, width: 60, height: 60))
    #expect(title.frame == CGRect(x: 84, y: 12, width: 220, height: 20))
  }

  @Test("each part of a format makes the constraint UIKit documents for it")
  func constraintsMade() {
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
    let a = UIView()
    let b = UIView()
    container.addSubview(a)
    container.addSubview(b)
    let views = ["a": a, "b": b]
    let made = NSLayoutConstraint.constraints(
      withVisualFormat: "|-[a]-(>=gap@750)-[b(==a)]-|", metrics: ["gap": 12], views: views)
    let described = made.map { constraint in
      let first =
        constraint.firstItem === container ? "super" : (constraint.firstItem === a ? "a" : "b")
      let second =
        constraint.secondItem == nil
        ? "-"
        : constraint.secondItem === container ? "super" : (constraint.secondItem === a ? "a" : "b")
      return "\(first).\(constraint.firstAttribute.rawValue) \(constraint.relation.rawValue) "
        + "\(second).\(constraint.secondAttribute.rawValue) + \(Int(constraint.constant)) "
        + "@\(Int(constraint.priority.rawValue))"
    }
    let leading = NSLayoutConstraint.Attribute.leading.rawValue
    let trailing = NSLayoutConstraint.Attribute.trailing.rawValue
    let width = NSLayoutConstraint.Attribute.width.rawValue
    #expect(
      described == [
        "a.\(leading) 0 super.\(leading) + 20 @1000",
        "b.\(width) 0 a.\(width) + 0 @1000",
        "b.\(leading) 1 a.\(trailing) + 12 @750",
        "super.\(trailing) 0 b.\(trailing) + 20 @1000",
      ])
    #expect(made.allSatisfy { !$0.isActive })
  }

  @Test("standard spacing, flush views, several predicates and alignment options")
  func spacingAndAlignment() {
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let views = (0..<3).map { _ in UIView() }
    for view in views { container.addSubview(view) }
    let named = ["top": views[0], "middle": views[1], "bottom": views[2]]
    let made = NSLayoutConstraint.constraints(
      withVisualFormat: "V:[top]-[middle][bottom(>=10,<=40@500)]", options: .alignAllCenterX,
      metrics: nil, views: named)
    #expect(made.count == 6)
    #expect(
      made.contains { $0.firstItem === views[1] && $0.constant == 8 && $0.firstAttribute == .top })
    #expect(
      made.contains { $0.firstItem === views[2] && $0.secondItem === views[1] && $0.constant == 0 })
    #expect(made.contains { $0.relation == .lessThanOrEqual && $0.priority.rawValue == 500 })
    #expect(made.filter { $0.firstAttribute == .centerX }.count == 2)
  }
}

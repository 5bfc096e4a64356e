// Written as iOS code, with only the layer imported: what screens of a whole public app (a music
// browser whose grids load artwork with an actor) used and the layer lacked: transforms in
// highlight animations, gesture recognizers, haptics, modal and popover styles, the share sheet.
import CellSimUIKit
import Testing

/// A grid cell as the app writes one: scaled while highlighted, a long press attached.
final class HighlightingCell: UICollectionViewCell {
  let artwork = UIImageView()
  let press = UILongPressGestureRecognizer()

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.addSubview(artwork)
    press.minimumPressDuration = 0.3
    artwork.isUserInteractionEnabled = true
    artwork.addGestureRecognizer(press)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  func highlight(_ on: Bool) {
    UIView.animate(
      withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0.8,
      options: .curveLinear,
      animations: {
        self.transform = on ? CGAffineTransform(scaleX: 0.9, y: 0.9) : .identity
      }, completion: nil)
  }
}

@Suite("Transforms, gesture recognizers, haptics, modal and popover styles, the share sheet")
@MainActor
struct GesturesAndPresentationStylesTests {
  @Test("a view keeps its transform; affine transforms compose as Core Graphics' do")
  func transforms() throws {
    let log = Log()
    try simulate {
      DispatchQueue.main.async {
        let cell = HighlightingCell(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        cell.highlight(true)
        log.add("\(cell.transform == CGAffineTransform(scaleX: 0.9, y: 0.9)) \(cell.frame.width)")
        cell.highlight(false)
        log.add("\(cell.transform.isIdentity)")
      }
    }
    #expect(log.lines == ["true 100.0 @0", "true @0"], "the frame is kept; only the value is")
    let moved = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
    #expect(CGPoint(x: 1, y: 1).applying(moved) == CGPoint(x: 12, y: 2))
    #expect(
      CGRect(x: 0, y: 0, width: 10, height: 5).applying(moved)
        == CGRect(x: 10, y: 0, width: 20, height: 10))
    #expect(CGPoint(x: 3, y: 4).applying(moved).applying(moved.inverted()) == CGPoint(x: 3, y: 4))
    let quarter = CGAffineTransform(rotationAngle: .pi / 2)
    let turned = CGPoint(x: 1, y: 0).applying(quarter)
    #expect(abs(turned.x) < 1e-9 && abs(turned.y - 1) < 1e-9)
  }

  @Test("gesture recognizers are kept on their view and never recognize")
  func gestureRecognizers() {
    let cell = HighlightingCell(frame: .zero)
    #expect(
      cell.artwork.gestureRecognizers?.first === cell.press && cell.press.view === cell.artwork)
    #expect(cell.press.state == .possible && cell.press.location(in: cell) == .zero)
    let tap = UITapGestureRecognizer()
    tap.numberOfTapsRequired = 2
    cell.contentView.addGestureRecognizer(cell.press)
    cell.contentView.addGestureRecognizer(tap)
    #expect(cell.artwork.gestureRecognizers == nil, "a recognizer moves to the view it is added to")
    cell.contentView.removeGestureRecognizer(tap)
    #expect(cell.contentView.gestureRecognizers?.count == 1 && tap.view == nil)
  }

  @Test("haptics compile and do nothing")
  func haptics() {
    let selection = UISelectionFeedbackGenerator()
    selection.prepare()
    selection.selectionChanged()
    UINotificationFeedbackGenerator().notificationOccurred(.success)
    let impact = UIImpactFeedbackGenerator(style: .rigid)
    impact.impactOccurred(intensity: 0.5)
    #expect(impact.style == .rigid && UIImpactFeedbackGenerator().style == .medium)
  }

  @Test("a popover style gives a popover presentation controller; the share sheet is one")
  func presentationStyles() {
    let menu = UIViewController()
    #expect(menu.modalPresentationStyle == .automatic && menu.popoverPresentationController == nil)
    menu.modalPresentationStyle = .popover
    menu.preferredContentSize = CGSize(width: 132, height: 132)
    let anchor = UIButton(type: .system)
    menu.popoverPresentationController?.permittedArrowDirections = .up
    menu.popoverPresentationController?.sourceView = anchor
    #expect(menu.popoverPresentationController?.sourceView === anchor)
    #expect(menu.popoverPresentationController?.permittedArrowDirections == .up)
    menu.modalPresentationStyle = .fullScreen
    #expect(menu.popoverPresentationController == nil)
    let share = UIActivityViewController(activityItems: ["photo"], applicationActivities: nil)
    share.excludedActivityTypes = [.airDrop]
    share.popoverPresentationController?.sourceRect = CGRect(x: 1, y: 2, width: 3, height: 4)
    #expect(share.popoverPresentationController?.sourceRect.width == 3)
    let screen = UIViewController()
    screen.present(share, animated: true)
    #expect(screen.presentedViewController === share)
  }

  @Test("an empty group for an empty section places nothing")
  func emptyGroup() {
    let size = NSCollectionLayoutSize(widthDimension: .absolute(0), heightDimension: .absolute(0))
    let group = NSCollectionLayoutGroup(layoutSize: size)
    #expect(group.subitems.isEmpty)
    #expect(NSCollectionLayoutSection(group: group).group === group)
  }
}

// Written as iOS code, with only the layer imported: UIKit calls a published photo app makes
// around its grid (a fixed-space bar item's width, a dark material blur, a progress ring's arc, the
// keyboard frame read from a notification).
import CellSimUIKit
import Testing

@Suite("Small UIKit APIs a modern photo app uses")
@MainActor struct ModernSmallAPIsTests {
  @Test("a fixed-space bar button item keeps its width")
  func barItemWidth() {
    let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
    #expect(item.width == 0)
    item.width = 12
    #expect(item.width == 12)
  }

  @Test("the light and dark material blur styles exist with UIKit's raw values")
  func blurStyles() {
    #expect(UIBlurEffect(style: .systemUltraThinMaterialDark).style.rawValue == 16)
    #expect(UIBlurEffect.Style.systemChromeMaterialLight.rawValue == 15)
  }

  @Test("an arc path's bounds are its circle's")
  func arc() {
    let path = UIBezierPath(
      arcCenter: CGPoint(x: 20, y: 20), radius: 10, startAngle: -.pi / 2, endAngle: .pi,
      clockwise: true)
    #expect(path.bounds == CGRect(x: 10, y: 10, width: 20, height: 20))
  }

  @Test("a keyboard frame travels as an NSValue")
  func keyboardFrame() {
    let info: [AnyHashable: Any] = [
      UIResponder.keyboardFrameEndUserInfoKey: NSValue(
        cgRect: CGRect(x: 0, y: 500, width: 390, height: 300))
    ]
    let frame = (info[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
    #expect(frame?.height == 300)
  }
}

@Suite("UITextField as UIKeyInput")
@MainActor struct TextFieldKeyInputTests {
  @Test("insertText(_:) appends, deleteBackward() removes the last character")
  func keyInput() {
    let field = UITextField()
    #expect(!field.hasText)
    field.insertText("f/1.8")
    field.insertText("x")
    #expect(field.text == "f/1.8x" && field.hasText)
    field.deleteBackward()
    #expect(field.text == "f/1.8")
  }
}

@Suite("UTType.rawImage")
struct RawImageTypeTests {
  @Test("rawImage is public.camera-raw-image, an image")
  func rawImage() {
    #expect(UTType.rawImage.identifier == "public.camera-raw-image")
    #expect(UTType("public.camera-raw-image") == .rawImage)
    #expect(UTType.rawImage.conforms(to: .image))
  }
}

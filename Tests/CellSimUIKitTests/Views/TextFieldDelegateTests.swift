// Written as iOS code, with only the layer imported: text-field delegates and touch overrides,
// as public search screens write them.
import CellSimUIKit
import Testing

/// A search screen as the Unsplash and Flickr clients write one: a text field whose delegate
/// is the controller, and a tap outside that ends editing.
final class FieldScreen: UIViewController, UITextFieldDelegate {
  let field = UITextField()
  var log: [String] = []
  var allowsEnd = true

  override func viewDidLoad() {
    super.viewDidLoad()
    field.delegate = self
    view.addSubview(field)
  }

  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesBegan(touches, with: event)
    view.endEditing(true)
  }

  func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
    log.append("shouldBegin")
    return true
  }
  func textFieldDidBeginEditing(_ textField: UITextField) { log.append("didBegin") }
  func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
    log.append("shouldEnd")
    return allowsEnd
  }
  func textFieldDidEndEditing(_ textField: UITextField) { log.append("didEnd") }
  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    textField.resignFirstResponder()
    return true
  }
}

@MainActor
@Suite("Text-field delegates and touch overrides")
struct TextFieldDelegateTests {
  @Test("a text field asks and tells its delegate as it becomes and resigns first responder")
  func textFieldDelegate() {
    let screen = FieldScreen()
    // A responder becomes first in its window: the screen is on one.
    let window = UIWindow()
    window.rootViewController = screen
    #expect(screen.field.becomeFirstResponder())
    #expect(screen.field.isFirstResponder)
    screen.allowsEnd = false
    #expect(!screen.field.resignFirstResponder())
    screen.allowsEnd = true
    #expect(screen.textFieldShouldReturn(screen.field))
    #expect(!screen.field.isFirstResponder)
    #expect(
      screen.log == ["shouldBegin", "didBegin", "shouldEnd", "shouldEnd", "didEnd"])
    #expect(screen.field.delegate === screen)
  }

  @Test("touch overrides compile and call super; a run makes no touches")
  func touches() {
    let screen = FieldScreen()
    screen.loadViewIfNeeded()
    screen.touchesBegan([], with: nil)
    #expect(UIEvent().allTouches == nil)
    #expect(UITouch().location(in: screen.view) == .zero)
  }
}

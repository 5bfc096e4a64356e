// Swift 5 language mode: a text-field delegate and touch overrides as Swift 5 screens write
// them (SmartLazy's search field, the Unsplash client's tap to end editing).
import CellSimUIKit
import Testing

/// A Swift 5 search controller that ends editing on Return and on a touch outside.
final class LegacySearchFieldScreen: UIViewController, UITextFieldDelegate {
  let field = UITextField()
  var ended = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(field)
    field.delegate = self
  }

  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesBegan(touches, with: event)
    field.resignFirstResponder()
  }

  func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
    if reason == .committed { ended += 1 }
  }

  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    textField.resignFirstResponder()
    return true
  }
}

@Suite("Swift 5 text-field delegates and touch overrides")
struct InputControlsSwift5Tests {
  @Test("the delegate's didEndEditing(_:reason:) hears .committed when the field resigns")
  @MainActor func searchField() {
    let screen = LegacySearchFieldScreen()
    let window = UIWindow()
    window.rootViewController = screen
    screen.field.becomeFirstResponder()
    screen.touchesBegan([], with: nil)
    #expect(screen.ended == 1)
    #expect(!screen.field.isFirstResponder)
  }
}

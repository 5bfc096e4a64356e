// Written as iOS code: this file imports only the layer (and Testing). The deprecated alert
// view pre-iOS 9 tutorials show when their list fails to load.
import CellSimUIKit
import Testing

@Suite("UIAlertView")
struct AlertViewTests {
  @Test("show() records a presentation; buttons keep their order; nothing is tapped")
  func showRecords() throws {
    let visible = Box(false)
    let outcome = try simulate {
      DispatchQueue.main.async {
        let alert = UIAlertView(
          title: "Oops!", message: nil, delegate: nil, cancelButtonTitle: "OK")
        #expect(alert.cancelButtonIndex == 0 && alert.addButton(withTitle: "Retry") == 1)
        #expect(alert.numberOfButtons == 2 && alert.buttonTitle(at: 1) == "Retry")
        #expect(alert.buttonTitle(at: 2) == nil && !alert.isVisible)
        alert.show()
        visible.value = alert.isVisible
      }
    }
    #expect(visible.value)
    #expect(outcome.trace.contains("uikit.present") && outcome.trace.contains("UIAlertView"))
  }

  @Test("the variadic form adds the other buttons after the cancel button")
  @MainActor func otherButtons() {
    let alert = UIAlertView(
      title: "Save", message: "Keep the photo?", delegate: nil, cancelButtonTitle: "No",
      otherButtonTitles: "Yes", "Always")
    #expect(
      (0..<alert.numberOfButtons).map { alert.buttonTitle(at: $0) } == ["No", "Yes", "Always"])
    #expect(alert.title == "Save" && alert.message == "Keep the photo?")
  }
}

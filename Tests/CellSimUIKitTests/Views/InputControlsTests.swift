// Written as iOS code, with only the layer imported: the form controls, bar images and asset
// names that public detail screens use around their images.
import CellSimUIKit
import Testing

/// A detail screen as the Pokédex and NASA clients write one: a switch, a text view and a date
/// picker.
final class DetailFormScreen: UIViewController, UITextViewDelegate {
  let shiny = UISwitch()
  let notes = UITextView()
  let picker = UIDatePicker()
  var log: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    shiny.setOn(true, animated: false)
    shiny.onTintColor = .red
    notes.text = "Bulbasaur"
    notes.isEditable = false
    notes.delegate = self
    picker.datePickerMode = .date
    picker.preferredDatePickerStyle = .wheels
    picker.maximumDate = Date(timeIntervalSince1970: 86_400)
    view.addSubview(shiny)
    view.addSubview(notes)
    view.addSubview(picker)
  }

  func textViewDidBeginEditing(_ textView: UITextView) { log.append("didBegin") }
  func textViewDidEndEditing(_ textView: UITextView) { log.append("didEnd") }
}

@MainActor
@Suite("Form controls, bar images and asset names")
struct InputControlsTests {
  @Test("a switch, a text view and a date picker keep what the screen sets")
  func formControls() {
    let screen = DetailFormScreen()
    let window = UIWindow()
    window.rootViewController = screen
    #expect(screen.shiny.isOn)
    #expect(screen.shiny.onTintColor == .red)
    #expect(screen.shiny.sizeThatFits(.zero) == CGSize(width: 51, height: 31))
    screen.notes.text = nil
    #expect(screen.notes.text == "")
    #expect(screen.notes.becomeFirstResponder())
    #expect(screen.notes.resignFirstResponder())
    #expect(screen.log == ["didBegin", "didEnd"])
    #expect(screen.picker.datePickerMode == .date)
    #expect(screen.picker.datePickerStyle == .wheels)
    #expect(UIDatePicker().datePickerStyle == .compact)
    #expect(UIDatePicker().date == Date(timeIntervalSince1970: 0), "made outside a world")
    screen.picker.setDate(Date(timeIntervalSince1970: 60), animated: true)
    #expect(screen.picker.date.timeIntervalSince1970 == 60)
  }

  @Test("a date picker made in a run starts at the run's virtual current date")
  func datePickerInARun() throws {
    let log = Log()
    try simulate(for: 50) {
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.02) {
        MainActor.assumeIsolated { log.add("same \(UIDatePicker().date == Date())") }
      }
    }
    #expect(log.lines.map { $0.components(separatedBy: " @")[0] } == ["same true"])
  }

  @Test("a navigation bar keeps its background and shadow images and its style")
  func navigationBarImages() {
    let bar = UINavigationController(rootViewController: UIViewController()).navigationBar
    let clear = UIImage()
    bar.setBackgroundImage(clear, for: .default)
    bar.shadowImage = UIImage()
    bar.barStyle = .black
    #expect(bar.backgroundImage(for: .default) === clear)
    #expect(bar.backgroundImage(for: .compact) == nil)
    bar.setBackgroundImage(nil, for: .top, barMetrics: .default)
    #expect(bar.backgroundImage(for: .any, barMetrics: .default) == nil)
    #expect(bar.shadowImage != nil)
    #expect(bar.barStyle == .black)
  }

  @Test("UIColor(named:) is never nil; an image keeps its accessibility identifier")
  func assetNames() {
    let color = UIColor(named: "AccentColor")
    #expect(color == UIColor(white: 0.5, alpha: 1))
    #expect(UIColor(named: "x", in: nil, compatibleWith: nil) != nil)
    let image = UIImage(named: "pikachu")!
    image.accessibilityIdentifier = "pikachu"
    #expect(image.accessibilityIdentifier == "pikachu")
  }

  @Test("a slider pins its value to its range and keeps its images per state")
  func slider() {
    let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
    #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1)
    #expect(slider.isContinuous)
    slider.maximumValue = 10
    slider.setValue(12, animated: true)
    #expect(slider.value == 10)
    slider.value = -3
    #expect(slider.value == 0)
    slider.value = 5
    slider.maximumValue = 4
    #expect(slider.value == 4)
    slider.minimumValue = 6
    #expect(slider.maximumValue == 6 && slider.value == 6)
    let thumb = UIImage(systemName: "circle.fill")
    slider.setThumbImage(thumb, for: .normal)
    #expect(slider.thumbImage(for: .normal) === thumb)
    #expect(slider.thumbImage(for: .highlighted) == nil)
    #expect(slider.currentThumbImage === thumb)
    slider.minimumValue = 0
    slider.maximumValue = 1
    slider.value = 0.5
    let track = slider.trackRect(forBounds: slider.bounds)
    #expect(track.width == 200)
    let knob = slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: slider.value)
    #expect(knob.midX == 100)
    #expect(slider.minimumValueImageRect(forBounds: slider.bounds) == .zero)
  }

  @Test("in a run, a text view and a field post their editing notifications after the delegate")
  func editingNotifications() throws {
    let posted = Box<[String]>([])
    try simulate {
      DispatchQueue.main.async {
        let notes = UITextView()
        let field = UITextField()
        let window = UIWindow()
        window.addSubview(notes)
        window.addSubview(field)
        let names = [
          UITextView.textDidBeginEditingNotification, UITextView.textDidEndEditingNotification,
          UITextField.textDidBeginEditingNotification, UITextField.textDidEndEditingNotification,
        ]
        let tokens = names.map { name in
          NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) {
            posted.value.append($0.name.rawValue)
          }
        }
        _ = notes.becomeFirstResponder()
        _ = notes.resignFirstResponder()
        _ = field.becomeFirstResponder()
        _ = field.resignFirstResponder()
        for token in tokens { NotificationCenter.default.removeObserver(token) }
      }
    }
    #expect(
      posted.value == [
        "UITextViewTextDidBeginEditingNotification", "UITextViewTextDidEndEditingNotification",
        "UITextFieldTextDidBeginEditingNotification", "UITextFieldTextDidEndEditingNotification",
      ])
    #expect(
      UITextField.textDidChangeNotification.rawValue == "UITextFieldTextDidChangeNotification")
  }

  @Test("a picker field overrides its input views; a field keeps its border and side-view modes")
  func inputViewsAndToolbars() {
    let field = PickerField()
    #expect(field.inputView === field.picker)
    #expect((field.inputAccessoryView as? UIToolbar)?.items?.count == 2)
    #expect(UIView().inputView == nil && UIView().inputAccessoryView == nil)
    let search = UITextField()
    search.borderStyle = .roundedRect
    search.leftViewMode = .always
    search.rightViewMode = .whileEditing
    search.inputAccessoryView = UIToolbar()
    #expect(search.borderStyle == .roundedRect && search.leftViewMode == .always)
    #expect(search.rightViewMode == .whileEditing && search.inputAccessoryView is UIToolbar)
  }

  @Test("a text field's text and placeholder and their attributed forms are one value each")
  func attributedTextAndPlaceholder() {
    let field = UITextField()
    #expect(field.text == nil && field.placeholder == nil && field.attributedPlaceholder == nil)
    field.attributedPlaceholder = NSAttributedString(
      string: "Search movies", attributes: [.foregroundColor: UIColor.lightGray])
    #expect(field.placeholder == "Search movies")
    field.placeholder = "Find"
    #expect(field.attributedPlaceholder?.string == "Find")
    field.attributedText = NSAttributedString(string: "Dune")
    #expect(field.text == "Dune")
    field.text = nil
    #expect(field.attributedText == nil)
  }
}

/// A field whose keyboard is a date picker with a Done bar, as event screens write one.
final class PickerField: UITextField {
  let picker = UIDatePicker()
  private lazy var bar: UIToolbar = {
    let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
    bar.setItems(
      [
        UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil),
        UIBarButtonItem(title: "Done", style: .done, target: nil, action: nil),
      ], animated: false)
    return bar
  }()

  override var inputView: UIView? {
    get { picker }
    set {}
  }
  override var inputAccessoryView: UIView? {
    get { bar }
    set {}
  }
}

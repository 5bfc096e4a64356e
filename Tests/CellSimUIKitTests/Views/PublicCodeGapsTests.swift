// Written as iOS code, with only the layer imported: the settings and small APIs real screens
// use, kept and read back.
import CellSimUIKit
import Testing

@Suite("Small APIs of public screens: kept and read back")
@MainActor struct PublicCodeGapsTests {
  @Test("a segmented control keeps each segment's title or image, enabled state and width")
  func segmentedControl() {
    let control = UISegmentedControl(items: ["Grid", "List"])
    let icon = UIImage(systemName: "star")!
    control.insertSegment(with: icon, at: 1, animated: false)
    #expect(control.numberOfSegments == 3)
    #expect(control.imageForSegment(at: 1) === icon && control.titleForSegment(at: 1) == nil)
    #expect(control.titleForSegment(at: 2) == "List")
    control.setEnabled(false, forSegmentAt: 2)
    #expect(!control.isEnabledForSegment(at: 2) && control.isEnabledForSegment(at: 0))
    control.setTitle("Map", forSegmentAt: 1)
    #expect(control.titleForSegment(at: 1) == "Map" && control.imageForSegment(at: 1) == nil)
    control.setImage(icon, forSegmentAt: 0)
    #expect(control.imageForSegment(at: 0) === icon && control.titleForSegment(at: 0) == nil)
    control.setWidth(80, forSegmentAt: 0)
    #expect(control.widthForSegment(at: 0) == 80 && control.widthForSegment(at: 1) == 0)
    control.selectedSegmentIndex = 2
    control.removeSegment(at: 0, animated: true)
    #expect(control.numberOfSegments == 2 && control.selectedSegmentIndex == 1)
    control.removeSegment(at: 1, animated: false)
    #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
  }

  @Test("a segmented control keeps its selected tint and its title attributes per state")
  func segmentedAppearance() {
    let control = UISegmentedControl(items: ["A"])
    #expect(control.selectedSegmentTintColor == nil)
    control.selectedSegmentTintColor = .systemRed
    #expect(control.selectedSegmentTintColor == .systemRed)
    control.setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
    let selected = control.titleTextAttributes(for: .selected)
    #expect(selected?[.foregroundColor] as? UIColor == .white)
    #expect(control.titleTextAttributes(for: .normal) == nil)
  }

  @Test("a view keeps accessibilityIgnoresInvertColors, false by default")
  func ignoresInvertColors() {
    let view = UIImageView()
    #expect(!view.accessibilityIgnoresInvertColors)
    view.accessibilityIgnoresInvertColors = true
    #expect(view.accessibilityIgnoresInvertColors)
  }

  @Test("a button keeps a symbol configuration per state, the normal one as the fallback")
  func buttonSymbolConfiguration() {
    let button = UIButton(type: .system)
    #expect(button.preferredSymbolConfigurationForImage(in: .normal) == nil)
    let large = UIImage.SymbolConfiguration(pointSize: 24)
    let bold = UIImage.SymbolConfiguration(weight: .bold)
    button.setPreferredSymbolConfiguration(large, forImageIn: .normal)
    button.setPreferredSymbolConfiguration(bold, forImageIn: .highlighted)
    #expect(button.preferredSymbolConfigurationForImage(in: .highlighted) === bold)
    #expect(button.preferredSymbolConfigurationForImage(in: .normal) === large)
    #expect(button.preferredSymbolConfigurationForImage(in: .selected) === large)
  }

  @Test("text fields, text views and search bars keep their input traits")
  func inputTraits() {
    let field = UITextField()
    #expect(!field.enablesReturnKeyAutomatically && field.textContentType == nil)
    field.enablesReturnKeyAutomatically = true
    field.textContentType = .emailAddress
    field.keyboardAppearance = .dark
    field.smartQuotesType = .no
    #expect(field.enablesReturnKeyAutomatically && field.textContentType == .emailAddress)
    #expect(field.keyboardAppearance == .dark && field.smartQuotesType == .no)
    let text = UITextView()
    #expect(text.autocapitalizationType == .sentences && !text.isSecureTextEntry)
    text.returnKeyType = .done
    text.keyboardType = .URL
    text.enablesReturnKeyAutomatically = true
    text.smartDashesType = .yes
    #expect(text.returnKeyType == .done && text.keyboardType == .URL)
    #expect(text.enablesReturnKeyAutomatically && text.smartDashesType == .yes)
    let bar = UISearchBar()
    bar.enablesReturnKeyAutomatically = true
    bar.textContentType = .username
    bar.smartInsertDeleteType = .no
    #expect(bar.searchTextField.enablesReturnKeyAutomatically)
    #expect(bar.textContentType == .username && bar.smartInsertDeleteType == .no)
  }
}

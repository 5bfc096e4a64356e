import CellSimUIKit
import Testing

/// A picker's data source and delegate, as a filter screen writes them.
final class SizePicker: UIPickerViewDataSource, UIPickerViewDelegate {
  var sizes = ["Small", "Medium", "Large"]
  var selected: [String] = []
  func numberOfComponents(in pickerView: UIPickerView) -> Int { 2 }
  func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
    component == 0 ? sizes.count : 10
  }
  func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int)
    -> String?
  { component == 0 ? sizes[row] : nil }
  func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat {
    44
  }
  func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
    selected.append("\(component):\(row)")
  }
}

@Suite("Pickers and steppers")
struct PickerTests {
  @Test("a picker asks its data source; selecting in code tells no delegate; reloads clamp")
  @MainActor func picker() {
    let picker = UIPickerView(frame: CGRect(x: 0, y: 0, width: 300, height: 216))
    #expect(picker.numberOfComponents == 0 && picker.selectedRow(inComponent: 0) == -1)
    let source = SizePicker()
    picker.dataSource = source
    picker.delegate = source
    #expect(picker.numberOfComponents == 2 && picker.numberOfRows(inComponent: 1) == 10)
    #expect(picker.numberOfRows(inComponent: 5) == 0)
    #expect(picker.rowSize(forComponent: 0) == CGSize(width: 150, height: 44))
    #expect(picker.selectedRow(inComponent: 0) == 0)
    picker.selectRow(2, inComponent: 0, animated: true)
    picker.selectRow(99, inComponent: 1, animated: false)
    #expect(picker.selectedRow(inComponent: 0) == 2 && picker.selectedRow(inComponent: 1) == 9)
    #expect(source.selected.isEmpty)
    #expect((picker.view(forRow: 1, forComponent: 0) as? UILabel)?.text == "Medium")
    #expect(picker.view(forRow: 1, forComponent: 1) == nil)
    source.sizes = ["One"]
    picker.reloadAllComponents()
    #expect(picker.selectedRow(inComponent: 0) == 0)
  }

  @Test("a stepper pins its value to its bounds")
  @MainActor func stepper() {
    let stepper = UIStepper()
    #expect(stepper.value == 0 && stepper.maximumValue == 100 && stepper.stepValue == 1)
    stepper.value = 150
    #expect(stepper.value == 100)
    stepper.maximumValue = 10
    #expect(stepper.value == 10)
    stepper.minimumValue = 20
    stepper.maximumValue = 30
    #expect(stepper.value == 20)
    let plus = UIImage()
    stepper.setIncrementImage(plus, for: .normal)
    #expect(stepper.incrementImage(for: .normal) === plus)
    #expect(stepper.decrementImage(for: .normal) == nil)
    #expect(stepper.sizeThatFits(.zero) == CGSize(width: 94, height: 32))
  }
}

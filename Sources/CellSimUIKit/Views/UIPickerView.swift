/// UIKit's `UIPickerView`: a spinning wheel of rows per component, asked of its `dataSource`
/// and `delegate`. A run never spins it: the selection changes only when the app calls
/// `selectRow(_:inComponent:animated:)`, which, as in UIKit, tells the delegate nothing. The
/// delegate's titles and views are asked by `view(forRow:forComponent:)` only; nothing is drawn.
@preconcurrency @MainActor open class UIPickerView: UIView {
  /// The data source (weak).
  open weak var dataSource: (any UIPickerViewDataSource)? {
    didSet { selections = [:] }
  }
  /// The delegate (weak).
  open weak var delegate: (any UIPickerViewDelegate)?
  /// `showsSelectionIndicator` (kept; deprecated in UIKit).
  open var showsSelectionIndicator = false
  /// The selected row of each component that has one set (row 0 otherwise).
  var selections: [Int: Int] = [:]

  /// A picker view with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// A picker view.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// The number of components, from the data source (0 without one).
  open var numberOfComponents: Int { dataSource?.numberOfComponents(in: self) ?? 0 }

  /// The number of rows of `component`, from the data source (0 without one).
  open func numberOfRows(inComponent component: Int) -> Int {
    guard component >= 0, component < numberOfComponents else { return 0 }
    return dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0
  }

  /// The size of a row of `component`: the delegate's width and height, else the picker's
  /// width shared by the components and UIKit's row height of 32 points.
  open func rowSize(forComponent component: Int) -> CGSize {
    let width =
      delegate?.pickerView(self, widthForComponent: component) ?? sharedComponentWidth
    let height = delegate?.pickerView(self, rowHeightForComponent: component) ?? 32
    return CGSize(width: width, height: height)
  }

  /// The picker's width shared out among its components.
  var sharedComponentWidth: CGFloat {
    bounds.width / CGFloat(max(1, numberOfComponents))
  }

  /// Asks the data source again; selections past the new row counts move to the last row.
  open func reloadAllComponents() {
    for component in 0..<numberOfComponents { reloadComponent(component) }
  }

  /// Asks the data source for `component` again; a selection past its rows moves to the last.
  open func reloadComponent(_ component: Int) {
    guard let selected = selections[component] else { return }
    let rows = numberOfRows(inComponent: component)
    selections[component] = rows == 0 ? nil : min(selected, rows - 1)
  }

  /// Selects `row` of `component` (the delegate is not told, as in UIKit).
  open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
    let rows = numberOfRows(inComponent: component)
    guard rows > 0 else { return }
    selections[component] = min(max(0, row), rows - 1)
  }

  /// The selected row of `component`: -1 when it has no rows, else row 0 until one is selected.
  open func selectedRow(inComponent component: Int) -> Int {
    guard numberOfRows(inComponent: component) > 0 else { return -1 }
    return selections[component] ?? 0
  }

  /// The view the delegate gives for `row` of `component`, or a label with its title, or nil.
  open func view(forRow row: Int, forComponent component: Int) -> UIView? {
    guard row >= 0, row < numberOfRows(inComponent: component), let delegate else { return nil }
    if let view = delegate.pickerView(self, viewForRow: row, forComponent: component, reusing: nil)
    {
      return view
    }
    let label = UILabel()
    if let attributed = delegate.pickerView(
      self, attributedTitleForRow: row, forComponent: component)
    {
      label.attributedText = attributed
      label.text = attributed.string
    } else if let title = delegate.pickerView(self, titleForRow: row, forComponent: component) {
      label.text = title
    } else {
      return nil
    }
    return label
  }
}

/// UIKit's `UIPickerViewDataSource`: the components and their rows (both required).
@preconcurrency @MainActor public protocol UIPickerViewDataSource: AnyObject {
  /// The number of components.
  func numberOfComponents(in pickerView: UIPickerView) -> Int
  /// The number of rows of `component`.
  func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// UIKit's `UIPickerViewDelegate` (every method optional). A run never spins the wheel, so
/// `didSelectRow` is heard only when the app calls it.
@preconcurrency @MainActor public protocol UIPickerViewDelegate: AnyObject {
  /// The width of `component` (by default the picker's width shared out).
  func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
  /// The row height of `component` (by default 32 points).
  func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
  /// The title of `row` of `component`.
  func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int)
    -> String?
  /// The attributed title of `row` of `component`.
  func pickerView(
    _ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int
  ) -> NSAttributedString?
  /// The view of `row` of `component`.
  func pickerView(
    _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int,
    reusing view: UIView?
  ) -> UIView?
  /// The user selected `row` of `component`.
  func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
  /// The picker's width shared out among its components.
  public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int)
    -> CGFloat
  { pickerView.sharedComponentWidth }
  /// 32 points, UIKit's row height.
  public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int)
    -> CGFloat
  { 32 }
  /// Nil.
  public func pickerView(
    _ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int
  ) -> String? { nil }
  /// Nil.
  public func pickerView(
    _ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int
  ) -> NSAttributedString? { nil }
  /// Nil.
  public func pickerView(
    _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int,
    reusing view: UIView?
  ) -> UIView? { nil }
  /// Does nothing.
  public func pickerView(
    _ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int
  ) {}
}

/// UIKit's `UIStepper`: a value stepped between bounds, kept. A run never taps it, so its
/// actions run only when the app sends them.
@preconcurrency @MainActor open class UIStepper: UIControl {
  /// `value`, pinned to `minimumValue…maximumValue` (0 at first).
  open var value: Double {
    get { current }
    set { current = min(max(newValue, minimumValue), maximumValue) }
  }
  /// `minimumValue` (0 at first); the value is pinned to it.
  open var minimumValue: Double = 0 {
    didSet { value = current }
  }
  /// `maximumValue` (100 at first); the value is pinned to it.
  open var maximumValue: Double = 100 {
    didSet { value = current }
  }
  /// `stepValue` (1 at first).
  open var stepValue: Double = 1
  /// `isContinuous` (kept; true at first).
  open var isContinuous = true
  /// `autorepeat` (kept; true at first).
  open var autorepeat = true
  /// `wraps` (kept; false at first).
  open var wraps = false
  var current: Double = 0
  var incrementImages: [UInt: UIImage] = [:]
  var decrementImages: [UInt: UIImage] = [:]
  var backgroundImages: [UInt: UIImage] = [:]

  /// A stepper with `frame`.
  public override init(frame: CGRect) { super.init(frame: frame) }
  /// A stepper.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// UIKit's size of a stepper, 94 by 32 points, whatever the size given.
  open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 94, height: 32) }

  /// `setIncrementImage(_:for:)` (kept).
  open func setIncrementImage(_ image: UIImage?, for state: UIControl.State) {
    incrementImages[state.rawValue] = image
  }
  /// The increment image for `state`.
  open func incrementImage(for state: UIControl.State) -> UIImage? {
    incrementImages[state.rawValue]
  }
  /// `setDecrementImage(_:for:)` (kept).
  open func setDecrementImage(_ image: UIImage?, for state: UIControl.State) {
    decrementImages[state.rawValue] = image
  }
  /// The decrement image for `state`.
  open func decrementImage(for state: UIControl.State) -> UIImage? {
    decrementImages[state.rawValue]
  }
  /// `setBackgroundImage(_:for:)` (kept).
  open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
    backgroundImages[state.rawValue] = image
  }
  /// The background image for `state`.
  open func backgroundImage(for state: UIControl.State) -> UIImage? {
    backgroundImages[state.rawValue]
  }
}

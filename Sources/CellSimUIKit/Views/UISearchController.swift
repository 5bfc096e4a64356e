/// UIKit's search interface, as list and grid screens declare it: `UISearchController` in the
/// navigation item, a `UISearchBar` as a header or a title view, and their delegates.
///
/// Kept, never typed into: a run has no keyboard and no one taps the bar, so the delegates hear
/// only what your own code causes. Setting `text` in code calls no delegate method, as in UIKit
/// (`searchBar(_:textDidChange:)` reports the user's edits only); `becomeFirstResponder()` and
/// `resignFirstResponder()` ask and tell the delegate as UIKit does
/// (`searchBarShouldBeginEditing(_:)`, `searchBarTextDidBeginEditing(_:)`, and their ending
/// pairs). A search controller's results controller is kept, never presented, and its
/// `searchResultsUpdater` is never asked (no one edits the bar). Nothing is drawn.
@preconcurrency @MainActor open class UISearchBar: UIView {
  /// UIKit's `UISearchBar.Style`, with its raw values.
  public enum Style: UInt, Sendable {
    case `default` = 0
    case prominent = 1
    case minimal = 2
  }

  /// The bar's delegate (weak, as UIKit's).
  open weak var delegate: (any UISearchBarDelegate)?
  /// The text field inside the bar, which holds its text and placeholder.
  public let searchTextField = UISearchTextField(frame: .zero)
  /// The text: the search text field's.
  open var text: String? {
    get { searchTextField.text }
    set { searchTextField.text = newValue }
  }
  /// The placeholder: the search text field's.
  open var placeholder: String? {
    get { searchTextField.placeholder }
    set { searchTextField.placeholder = newValue }
  }
  /// `prompt` (kept).
  open var prompt: String?
  /// `searchBarStyle` (kept).
  open var searchBarStyle: Style = .default
  /// `barStyle` (kept).
  open var barStyle: UIBarStyle = .default
  /// `barTintColor` (kept).
  open var barTintColor: UIColor?
  /// `isTranslucent` (kept).
  open var isTranslucent = true
  /// `showsCancelButton` (kept).
  open var showsCancelButton = false
  /// `showsBookmarkButton` (kept).
  open var showsBookmarkButton = false
  /// `showsSearchResultsButton` (kept).
  open var showsSearchResultsButton = false
  /// `showsScopeBar` (kept).
  open var showsScopeBar = false
  /// `scopeButtonTitles` (kept).
  open var scopeButtonTitles: [String]?
  /// `selectedScopeButtonIndex` (kept; setting it calls no delegate method, as in UIKit).
  open var selectedScopeButtonIndex = 0
  /// `inputAccessoryView` (kept; read-write here, as UIKit redeclares it).
  open override var inputAccessoryView: UIView? {
    get { assignedInputAccessoryView }
    set { assignedInputAccessoryView = newValue }
  }
  /// `autocapitalizationType` (kept).
  open var autocapitalizationType: UITextAutocapitalizationType {
    get { searchTextField.autocapitalizationType }
    set { searchTextField.autocapitalizationType = newValue }
  }
  /// `autocorrectionType` (kept).
  open var autocorrectionType: UITextAutocorrectionType {
    get { searchTextField.autocorrectionType }
    set { searchTextField.autocorrectionType = newValue }
  }
  /// `spellCheckingType` (kept).
  open var spellCheckingType: UITextSpellCheckingType {
    get { searchTextField.spellCheckingType }
    set { searchTextField.spellCheckingType = newValue }
  }
  /// `keyboardType` (kept).
  open var keyboardType: UIKeyboardType {
    get { searchTextField.keyboardType }
    set { searchTextField.keyboardType = newValue }
  }
  /// `returnKeyType` (kept).
  open var returnKeyType: UIReturnKeyType {
    get { searchTextField.returnKeyType }
    set { searchTextField.returnKeyType = newValue }
  }

  /// `setShowsCancelButton(_:animated:)`.
  open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
    self.showsCancelButton = showsCancelButton
  }

  /// A search bar's height, 56 points, at the width given (`sizeToFit()` keeps the width).
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: bounds.width, height: 56)
  }

  /// A search bar can become the first responder (its text field takes the keyboard).
  open override var canBecomeFirstResponder: Bool { true }

  /// Asks the delegate's `searchBarShouldBeginEditing(_:)`; if it agrees, the bar becomes the
  /// first responder and the delegate hears `searchBarTextDidBeginEditing(_:)`.
  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    if isFirstResponder { return true }
    if let delegate, !delegate.searchBarShouldBeginEditing(self) { return false }
    guard super.becomeFirstResponder() else { return false }
    delegate?.searchBarTextDidBeginEditing(self)
    return true
  }

  /// Asks the delegate's `searchBarShouldEndEditing(_:)`; if it agrees, the bar resigns and the
  /// delegate hears `searchBarTextDidEndEditing(_:)`.
  @discardableResult
  open override func resignFirstResponder() -> Bool {
    guard isFirstResponder else { return true }
    if let delegate, !delegate.searchBarShouldEndEditing(self) { return false }
    guard super.resignFirstResponder() else { return false }
    delegate?.searchBarTextDidEndEditing(self)
    return true
  }
}

/// UIKit's `UISearchTextField`: the text field of a search bar (text and placeholder kept).
@preconcurrency @MainActor open class UISearchTextField: UITextField {}

/// UIKit's `UISearchBarDelegate`. Every method is optional (defaults in an extension). A run
/// calls only the editing pairs, when your code makes the bar become or resign the first
/// responder; the others report a user's typing and taps, which a run does not have.
@preconcurrency @MainActor public protocol UISearchBarDelegate: AnyObject {
  /// The user changed the text (never called by a run).
  func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
  /// Whether the user's edit may replace `range` (true by default; never asked by a run).
  func searchBar(
    _ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String
  ) -> Bool
  /// Whether editing may begin (true by default).
  func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
  /// Editing began.
  func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
  /// Whether editing may end (true by default).
  func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
  /// Editing ended.
  func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
  /// The user tapped Search (never called by a run).
  func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
  /// The user tapped Cancel (never called by a run).
  func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
  /// The user tapped the bookmark button (never called by a run).
  func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar)
  /// The user tapped the results list button (never called by a run).
  func searchBarResultsListButtonClicked(_ searchBar: UISearchBar)
  /// The user picked another scope (never called by a run).
  func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension UISearchBarDelegate {
  /// Does nothing.
  public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
  /// Allows the edit.
  public func searchBar(
    _ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String
  ) -> Bool { true }
  /// Allows editing to begin.
  public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
  /// Does nothing.
  public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
  /// Allows editing to end.
  public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
  /// Does nothing.
  public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
  /// Does nothing.
  public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
  /// Does nothing.
  public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
  /// Does nothing.
  public func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar) {}
  /// Does nothing.
  public func searchBarResultsListButtonClicked(_ searchBar: UISearchBar) {}
  /// Does nothing.
  public func searchBar(
    _ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int
  ) {}
}

/// UIKit's `UISearchResultsUpdating`: the object a search controller asks to update its results
/// as the user edits the bar. A run has no one editing, so it is never asked by the layer.
@preconcurrency @MainActor public protocol UISearchResultsUpdating: AnyObject {
  /// Update the results for the bar's text.
  func updateSearchResults(for searchController: UISearchController)
}

/// UIKit's `UISearchControllerDelegate`. Every method is optional; a run calls them around a
/// change of `isActive` your code makes (`willPresentSearchController(_:)` and
/// `didPresentSearchController(_:)` when it becomes true, the dismiss pair when it becomes
/// false), as UIKit does when the presentation is its own (no `presentSearchController(_:)`).
@preconcurrency @MainActor public protocol UISearchControllerDelegate: AnyObject {
  /// The controller will present its results.
  func willPresentSearchController(_ searchController: UISearchController)
  /// The controller presented its results.
  func didPresentSearchController(_ searchController: UISearchController)
  /// The controller will dismiss its results.
  func willDismissSearchController(_ searchController: UISearchController)
  /// The controller dismissed its results.
  func didDismissSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
  /// Does nothing.
  public func willPresentSearchController(_ searchController: UISearchController) {}
  /// Does nothing.
  public func didPresentSearchController(_ searchController: UISearchController) {}
  /// Does nothing.
  public func willDismissSearchController(_ searchController: UISearchController) {}
  /// Does nothing.
  public func didDismissSearchController(_ searchController: UISearchController) {}
}

/// UIKit's `UISearchController`: a search bar and the controller that shows its results.
///
/// Kept: the bar, the results controller (never presented or loaded), the updater and delegate
/// (weak), and the presentation flags. `isActive` is a plain flag your code sets; changing it
/// tells the delegate (see `UISearchControllerDelegate`) and makes the bar become or resign the
/// first responder, as activating the controller does on iOS. The updater is never asked.
@preconcurrency @MainActor open class UISearchController: UIViewController {
  /// The search bar.
  public let searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 0, height: 56))
  /// The controller showing the results (nil: the searched controller shows them itself).
  public private(set) var searchResultsController: UIViewController?
  /// The object that updates the results (weak; never asked by a run).
  open weak var searchResultsUpdater: (any UISearchResultsUpdating)?
  /// The delegate (weak).
  open weak var delegate: (any UISearchControllerDelegate)?
  /// `obscuresBackgroundDuringPresentation` (kept; true by default, as UIKit's).
  open var obscuresBackgroundDuringPresentation = true
  /// `dimsBackgroundDuringPresentation`, deprecated in iOS 12 (kept; true by default).
  open var dimsBackgroundDuringPresentation = true
  /// `hidesNavigationBarDuringPresentation` (kept; true by default).
  open var hidesNavigationBarDuringPresentation = true
  /// `automaticallyShowsCancelButton` (kept; true by default).
  open var automaticallyShowsCancelButton = true
  /// `automaticallyShowsScopeBar` (kept; true by default).
  open var automaticallyShowsScopeBar = true
  /// `automaticallyShowsSearchResultsController` (kept; true by default).
  open var automaticallyShowsSearchResultsController = true
  /// `showsSearchResultsController` (kept).
  open var showsSearchResultsController = false

  /// Whether the search is active. Setting it tells the delegate and makes the bar become (or
  /// resign) the first responder; setting the value it has does nothing.
  open var isActive = false {
    didSet {
      guard isActive != oldValue else { return }
      if isActive {
        delegate?.willPresentSearchController(self)
        searchBar.becomeFirstResponder()
        delegate?.didPresentSearchController(self)
      } else {
        delegate?.willDismissSearchController(self)
        searchBar.resignFirstResponder()
        delegate?.didDismissSearchController(self)
      }
    }
  }

  /// `UISearchController(searchResultsController:)`.
  public init(searchResultsController: UIViewController?) {
    self.searchResultsController = searchResultsController
    super.init(nibName: nil, bundle: nil)
  }

  /// A search controller whose results the searched controller shows itself.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  /// A search controller without a results controller (nibs are not modelled).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

/// UIKit's `UIBarStyle`, with its raw values.
public enum UIBarStyle: Int, Sendable {
  case `default` = 0
  case black = 1
  /// Deprecated: `black` with `isTranslucent`.
  case blackTranslucent = 2
  /// Deprecated: `black`.
  public static let blackOpaque = UIBarStyle.black
}

/// UIKit's `UITextAutocapitalizationType`, with its raw values.
public enum UITextAutocapitalizationType: Int, Sendable {
  case none = 0
  case words = 1
  case sentences = 2
  case allCharacters = 3
}

/// UIKit's `UITextAutocorrectionType`, with its raw values.
public enum UITextAutocorrectionType: Int, Sendable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// UIKit's `UITextSpellCheckingType`, with its raw values.
public enum UITextSpellCheckingType: Int, Sendable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// UIKit's `UIKeyboardType`, with its raw values.
public enum UIKeyboardType: Int, Sendable {
  case `default` = 0
  case asciiCapable = 1
  case numbersAndPunctuation = 2
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case URL = 3
  case numberPad = 4
  case phonePad = 5
  case namePhonePad = 6
  case emailAddress = 7
  case decimalPad = 8
  case twitter = 9
  case webSearch = 10
  case asciiCapableNumberPad = 11
  /// Deprecated: `asciiCapable`.
  public static let alphabet = UIKeyboardType.asciiCapable
}

/// UIKit's `UIReturnKeyType`, with its raw values.
public enum UIReturnKeyType: Int, Sendable {
  case `default` = 0
  case go = 1
  case google = 2
  case join = 3
  case next = 4
  case route = 5
  case search = 6
  case send = 7
  case yahoo = 8
  case done = 9
  case emergencyCall = 10
  case `continue` = 11
}

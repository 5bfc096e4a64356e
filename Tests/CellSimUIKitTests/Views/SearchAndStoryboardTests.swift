// Written as iOS code, with only the layer imported: the search interface list screens declare,
// storyboards with test-side stand-ins, and the first responder.
import CellSimUIKit
import Testing

/// A delegate that records what a search bar tells it, and may refuse to begin editing.
final class RecordingSearchDelegate: UISearchBarDelegate, UISearchControllerDelegate,
  UISearchResultsUpdating
{
  var calls: [String] = []
  var allowsEditing = true

  func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
    calls.append("textDidChange")
  }
  func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool {
    calls.append("shouldBegin")
    return allowsEditing
  }
  func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { calls.append("didBegin") }
  func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { calls.append("didEnd") }
  func willPresentSearchController(_ searchController: UISearchController) {
    calls.append("willPresent")
  }
  func didDismissSearchController(_ searchController: UISearchController) {
    calls.append("didDismiss")
  }
  func updateSearchResults(for searchController: UISearchController) { calls.append("update") }
}

/// A screen as storyboard apps write one: made from its scene's coder, set up in awakeFromNib.
final class StoryboardPhotosController: UIViewController {
  var awoken = false
  var collectionId = ""

  init?(coder: NSCoder, collectionId: String) {
    self.collectionId = collectionId
    super.init(coder: coder)
  }

  required init?(coder: NSCoder) { super.init(coder: coder) }

  override func awakeFromNib() {
    super.awakeFromNib()
    awoken = true
  }
}

@Suite("Search controllers and bars, storyboards, the first responder")
@MainActor
struct SearchAndStoryboardTests {
  @Test("a search controller in the navigation item keeps its bar, updater and flags")
  func searchControllerKept() {
    let screen = UIViewController()
    let results = UIViewController()
    let delegate = RecordingSearchDelegate()
    let search = UISearchController(searchResultsController: results)
    search.searchResultsUpdater = delegate
    search.obscuresBackgroundDuringPresentation = false
    search.searchBar.placeholder = "Search Photos"
    search.searchBar.autocapitalizationType = .none
    search.searchBar.searchBarStyle = .minimal
    screen.navigationItem.searchController = search
    screen.definesPresentationContext = true
    #expect(screen.navigationItem.searchController === search)
    #expect(screen.navigationItem.hidesSearchBarWhenScrolling)
    #expect(search.searchResultsController === results && search.searchResultsUpdater != nil)
    #expect(search.searchBar.searchTextField.placeholder == "Search Photos")
    #expect(search.searchBar.autocapitalizationType == .none)
    #expect(UISearchController().searchResultsController == nil)
    #expect(delegate.calls.isEmpty, "no one types, so the updater is never asked")
  }

  @Test("setting a bar's text in code tells no delegate, as in UIKit")
  func textInCode() {
    let bar = UISearchBar(frame: .zero)
    let delegate = RecordingSearchDelegate()
    bar.delegate = delegate
    bar.text = "cats"
    #expect(bar.searchTextField.text == "cats")
    #expect(delegate.calls.isEmpty)
    bar.sizeToFit()
    #expect(bar.frame.height == 56)
  }

  @Test("becoming and resigning the first responder asks and tells the bar's delegate")
  func firstResponder() {
    let screen = UIViewController()
    let bar = UISearchBar(frame: .zero)
    screen.view.addSubview(bar)
    let window = UIWindow()
    #expect(!bar.becomeFirstResponder(), "a view in no window stays as it is")
    window.rootViewController = screen
    let delegate = RecordingSearchDelegate()
    bar.delegate = delegate
    #expect(bar.becomeFirstResponder() && bar.isFirstResponder)
    #expect(screen.view.endEditing(true))
    #expect(!bar.isFirstResponder && !screen.view.endEditing(true))
    delegate.allowsEditing = false
    #expect(!bar.becomeFirstResponder() && !bar.isFirstResponder)
    #expect(delegate.calls == ["shouldBegin", "didBegin", "didEnd", "shouldBegin"])
    #expect(!UIView().becomeFirstResponder(), "a plain view cannot become the first responder")
    let field = UITextField(frame: .zero)
    window.addSubview(field)
    #expect(field.becomeFirstResponder() && field.resignFirstResponder() && !field.isFirstResponder)
  }

  @Test("activating a search controller tells its delegate and makes its bar the first responder")
  func activation() {
    let search = UISearchController(searchResultsController: nil)
    let delegate = RecordingSearchDelegate()
    search.delegate = delegate
    search.searchBar.delegate = delegate
    let window = UIWindow()
    window.addSubview(search.searchBar)
    search.isActive = true
    search.isActive = true
    #expect(search.searchBar.isFirstResponder)
    search.isActive = false
    #expect(!search.searchBar.isFirstResponder)
    #expect(
      delegate.calls == ["willPresent", "shouldBegin", "didBegin", "didEnd", "didDismiss"])
  }

  @Test("a storyboard's scenes are made from their stand-ins: init(coder:), then awakeFromNib")
  func storyboardStandIns() {
    UIStoryboard.standIn(
      StoryboardPhotosController.self, forIdentifier: "photos", inStoryboard: "PhotoBrowser")
    let storyboard = UIStoryboard(name: "PhotoBrowser", bundle: nil)
    let made = storyboard.instantiateViewController(withIdentifier: "photos")
    let photos = made as? StoryboardPhotosController
    #expect(photos?.awoken == true && photos?.storyboard === storyboard)
    let created = storyboard.instantiateViewController(identifier: "photos") { coder in
      StoryboardPhotosController(coder: coder, collectionId: "ppoc")
    }
    #expect(created.collectionId == "ppoc" && created.awoken)
    UIStoryboard.standIn(
      StoryboardPhotosController.self, forIdentifier: nil, inStoryboard: "PhotoBrowser")
    #expect(storyboard.instantiateInitialViewController() is StoryboardPhotosController)
    #expect(UIViewController().storyboard == nil)
  }
}

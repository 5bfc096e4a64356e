import CellSimUIKit
import Testing

/// A photo grid's model, as iOS 17+ sample code writes it.
@Observable final class PhotoGridModel {
  var isLoading = true
  var photoCount = 0
}

/// A grid screen that shows a spinner while loading and an empty state after, as iOS 17 sample
/// code sets it in `updateContentUnavailableConfiguration(using:)`.
final class PhotoGridController: UIViewController {
  var isLoading = true
  let log: Log
  init(log: Log) {
    self.log = log
    super.init(nibName: nil, bundle: nil)
  }
  required init?(coder: NSCoder) { nil }
  override func updateContentUnavailableConfiguration(
    using state: UIContentUnavailableConfigurationState
  ) {
    log.add("update \(isLoading ? "loading" : "empty")")
    if isLoading {
      contentUnavailableConfiguration = UIContentUnavailableConfiguration.loading()
    } else {
      var empty = UIContentUnavailableConfiguration.empty()
      empty.text = "No Photos"
      contentUnavailableConfiguration = empty
    }
  }
}

/// A grid screen whose content-unavailable update reads an `@Observable` model.
final class ObservedGridController: UIViewController {
  let model: PhotoGridModel
  let log: Log
  init(model: PhotoGridModel, log: Log) {
    self.model = model
    self.log = log
    super.init(nibName: nil, bundle: nil)
  }
  required init?(coder: NSCoder) { nil }
  override func updateContentUnavailableConfiguration(
    using state: UIContentUnavailableConfigurationState
  ) {
    log.add("update \(model.isLoading ? "loading" : "\(model.photoCount) photos")")
    if model.isLoading {
      contentUnavailableConfiguration = UIContentUnavailableConfiguration.loading()
    } else if model.photoCount == 0 {
      contentUnavailableConfiguration = UIContentUnavailableConfiguration.empty()
    } else {
      contentUnavailableConfiguration = nil
    }
  }
}

/// A controller that adds its own state, as UIKit's documentation describes.
final class FilteredGridController: UIViewController {
  override var contentUnavailableConfigurationState: UIContentUnavailableConfigurationState {
    var state = super.contentUnavailableConfigurationState
    state[UIConfigurationStateCustomKey("com.example.isFiltered")] = true
    return state
  }
}

/// Whether `view` shows a spinning activity indicator.
@MainActor func showsSpinner(_ view: UIView) -> Bool {
  view.subviews.contains { ($0 as? UIActivityIndicatorView)?.isAnimating == true }
}

@Suite("iOS 17's content-unavailable configurations, views and controller updates")
@MainActor struct ContentUnavailableTests {
  @Test("a configuration keeps what a screen sets, with UIKit's documented defaults")
  func configurationKeepsValues() {
    var config = UIContentUnavailableConfiguration.empty()
    #expect(config.image == nil)
    #expect(config.text == nil)
    #expect(config.secondaryText == nil)
    #expect(config.alignment == .center)
    #expect(config.imageProperties.cornerRadius == 0)
    #expect(config.imageProperties.tintColor == nil)
    #expect(config.buttonProperties.isEnabled)
    #expect(config.buttonProperties.role == .normal)
    #expect(config.buttonProperties.primaryAction == nil)
    #expect(config.secondaryButtonProperties.menu == nil)
    #expect(UIContentUnavailableConfiguration.Alignment.natural.rawValue == 1)
    #expect(UIButton.Role.destructive.rawValue == 3)

    config.image = UIImage(systemName: "photo.on.rectangle")
    config.imageProperties.tintColor = .secondaryLabel
    config.imageProperties.maximumSize = CGSize(width: 80, height: 80)
    config.text = "No Photos"
    config.textProperties.color = .secondaryLabel
    config.secondaryText = "Photos you take will appear here."
    config.secondaryTextProperties.numberOfLines = 2
    var button = UIButton.Configuration.filled()
    button.title = "Import"
    config.button = button
    config.buttonProperties.primaryAction = UIAction(title: "Import") { _ in }
    config.buttonProperties.role = .primary
    config.secondaryButtonProperties.isEnabled = false
    config.alignment = .natural
    config.directionalLayoutMargins = NSDirectionalEdgeInsets(
      top: 8, leading: 16, bottom: 8, trailing: 16)
    config.imageToTextPadding = 12
    config.textToSecondaryTextPadding = 4
    config.textToButtonPadding = 20
    config.buttonToSecondaryButtonPadding = 8
    var background = UIBackgroundConfiguration.listPlainCell()
    background.backgroundColor = .systemGray6
    config.background = background

    #expect(config.image != nil)
    #expect(config.imageProperties.maximumSize == CGSize(width: 80, height: 80))
    #expect(config.text == "No Photos")
    #expect(config.secondaryText == "Photos you take will appear here.")
    #expect(config.secondaryTextProperties.numberOfLines == 2)
    #expect(config.button.title == "Import")
    #expect(config.buttonProperties.primaryAction?.title == "Import")
    #expect(config.buttonProperties.role == .primary)
    #expect(!config.secondaryButtonProperties.isEnabled)
    #expect(config.alignment == .natural)
    #expect(config.directionalLayoutMargins.leading == 16)
    #expect(config.imageToTextPadding == 12)
    #expect(config.textToSecondaryTextPadding == 4)
    #expect(config.textToButtonPadding == 20)
    #expect(config.buttonToSecondaryButtonPadding == 8)
    #expect(config.background.backgroundColor == .systemGray6)
  }

  @Test("a configuration makes a content-unavailable view; loading() spins an indicator")
  func viewShowsConfiguration() throws {
    var search = UIContentUnavailableConfiguration.search()
    search.text = "No Results"
    let made = search.makeContentView()
    let view = try #require(made as? UIContentUnavailableView)
    #expect((view.configuration as? UIContentUnavailableConfiguration)?.text == "No Results")
    #expect(!view.isScrollEnabled)
    #expect(!showsSpinner(view))

    view.configuration = UIContentUnavailableConfiguration.loading()
    #expect(showsSpinner(view))
    let loading = UIContentUnavailableView(configuration: .loading())
    #expect(showsSpinner(loading))
    loading.configuration = UIContentUnavailableConfiguration.empty()
    #expect(!showsSpinner(loading))
    #expect(view.supports(UIContentUnavailableConfiguration.empty()))
    #expect(!view.supports(UIListContentConfiguration.cell()))
  }

  @Test("the state has the screen's traits, the search text and the app's own states")
  func stateCarriesSearchTextAndCustomStates() {
    let controller = FilteredGridController()
    #expect(controller.contentUnavailableConfigurationState.searchText == nil)
    let search = UISearchController(searchResultsController: nil)
    search.searchBar.text = "beach"
    controller.navigationItem.searchController = search
    let state = controller.contentUnavailableConfigurationState
    #expect(state.searchText == "beach")
    #expect(state[UIConfigurationStateCustomKey("com.example.isFiltered")] == AnyHashable(true))
    #expect(state.traitCollection.displayScale == controller.traitCollection.displayScale)
    var own = UIContentUnavailableConfigurationState(traitCollection: controller.traitCollection)
    own.searchText = "sunset"
    #expect(own.searchText == "sunset")
    #expect(own[UIConfigurationStateCustomKey("missing")] == nil)
  }

  @Test("the update runs before the first layout, and again on the turn after setNeeds…")
  func updateRunsAgainWhenAsked() throws {
    let log = Log()
    var kept: [AnyObject] = []
    var configurations: [String] = []
    try simulate {
      let controller = PhotoGridController(log: log)
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.rootViewController = controller
      kept = [window, controller]
      controller.engineLayoutPass(full: true)
      configurations.append(shownState(controller.contentUnavailableConfiguration))
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        controller.isLoading = false
        controller.setNeedsUpdateContentUnavailableConfiguration()
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
        configurations.append(shownState(controller.contentUnavailableConfiguration))
      }
    }
    #expect(kept.count == 2)
    #expect(log.lines == ["update loading @0", "update empty @10"])
    #expect(configurations == ["loading", "No Photos"])
  }

  @Test("a change to an @Observable model the update read runs it again on the next turn")
  func updateTracksObservableModel() throws {
    let log = Log()
    var kept: [AnyObject] = []
    var configurations: [String] = []
    try simulate {
      let model = Box(PhotoGridModel())
      let controller = ObservedGridController(model: model.value, log: log)
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      window.rootViewController = controller
      kept = [window, controller]
      controller.engineLayoutPass(full: true)
      configurations.append(shownState(controller.contentUnavailableConfiguration))
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        model.value.isLoading = false
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(15)) {
        configurations.append(shownState(controller.contentUnavailableConfiguration))
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
        model.value.photoCount = 12
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(25)) {
        configurations.append(shownState(controller.contentUnavailableConfiguration))
      }
    }
    #expect(kept.count == 2)
    #expect(log.lines == ["update loading @0", "update 0 photos @10", "update 12 photos @20"])
    #expect(configurations == ["loading", "empty", "none"])
  }
}

/// What a controller's content-unavailable configuration shows: `loading`, its text, `empty`
/// (no text), or `none`.
@MainActor func shownState(_ configuration: (any UIContentConfiguration)?) -> String {
  guard let configuration else { return "none" }
  guard let unavailable = configuration as? UIContentUnavailableConfiguration else {
    return "other"
  }
  let view = UIContentUnavailableView(configuration: unavailable)
  if showsSpinner(view) { return "loading" }
  return unavailable.text ?? "empty"
}

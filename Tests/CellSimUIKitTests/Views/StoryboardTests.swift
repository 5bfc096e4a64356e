import CellSimUIKit
import CellSimUIKitHost
import Scenarios
import TestSupport
import Testing

/// A scene's controller as storyboard apps write one: made by the storyboard, awoken from it,
/// with its table built in code for the run.
final class StoryboardPhotosViewController: CheckedPhotosViewController {
  var awoken = false
  var coderInit = false

  required init?(coder: NSCoder) {
    super.init(coder: coder)
    coderInit = true
  }

  override func awakeFromNib() {
    super.awakeFromNib()
    awoken = true
  }

  /// A detail screen opened by a tap, as storyboard apps write it (never called: no one taps).
  func showDetail() {
    let detail = storyboard?.instantiateViewController(withIdentifier: "Detail")
    if let detail { navigationController?.pushViewController(detail, animated: true) }
  }
}

final class DetailViewController: UIViewController {
  var madeByCreator = false
}

/// A storyboard scene as apps write it: a plain controller whose table and cells come from the
/// storyboard through outlets (their `@IBOutlet` attributes removed for Linux).
final class OutletPhotosViewController: UIViewController, UITableViewDataSource {
  var tableView: UITableView!
  var photoURLs: [URL] = []
  var outletsBeforeViewDidLoad = false

  override func viewDidLoad() {
    super.viewDidLoad()
    outletsBeforeViewDidLoad = tableView != nil
    tableView.dataSource = self
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    photoURLs.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    // A prototype cell: nothing registers "PrototypePhoto" but the storyboard.
    let cell = tableView.dequeueReusableCell(withIdentifier: "PrototypePhoto", for: indexPath)
    guard let cell = cell as? PrototypePhotoCell else { return cell }
    let url = photoURLs[indexPath.row]
    cell.url = url
    cell.photoView.image = nil
    URLSession.shared.dataTask(with: url) { data, _, _ in
      guard let data else { return }
      DispatchQueue.main.async {
        guard cell.url == url else { return }
        cell.photoView.image = UIImage(data: data)
      }
    }.resume()
    return cell
  }
}

final class PrototypePhotoCell: UITableViewCell {
  var photoView: UIImageView!
  var url: URL?
  var awokeWithOutlets = false

  override func awakeFromNib() {
    super.awakeFromNib()
    awokeWithOutlets = photoView != nil
  }
}

@Suite("UIStoryboard: scenes made from the stand-ins a test names")
@MainActor struct StoryboardTests {
  @Test("init(coder:), then awakeFromNib, with the storyboard set; creators and generic forms")
  func instantiate() throws {
    UIStoryboard.standIn(
      StoryboardPhotosViewController.self, forIdentifier: nil, inStoryboard: "StoryboardTests")
    UIStoryboard.standIn(
      DetailViewController.self, forIdentifier: "Detail", inStoryboard: "StoryboardTests")
    let storyboard = UIStoryboard(name: "StoryboardTests", bundle: nil)
    let initial = try #require(
      storyboard.instantiateInitialViewController() as? StoryboardPhotosViewController)
    #expect(initial.coderInit && initial.awoken && initial.storyboard === storyboard)
    let typed: StoryboardPhotosViewController? = storyboard.instantiateInitialViewController()
    #expect(typed != nil && typed !== initial)
    let detail = storyboard.instantiateViewController(withIdentifier: "Detail")
    #expect(detail is DetailViewController && detail.storyboard === storyboard)
    let generic: DetailViewController = storyboard.instantiateViewController(identifier: "Detail")
    #expect(!generic.madeByCreator)
    let created: DetailViewController = storyboard.instantiateViewController(
      identifier: "Detail"
    ) { _ in
      let made = DetailViewController()
      made.madeByCreator = true
      return made
    }
    #expect(created.madeByCreator && created.storyboard === storyboard)
    #expect(UIViewController().storyboard == nil)
  }

  @Test("a storyboard's initial screen is hosted and judged like any other")
  func hosted() throws {
    UIStoryboard.standIn(
      StoryboardPhotosViewController.self, forIdentifier: nil, inStoryboard: "HostedMain")
    let scenario = try Scenario(
      contentsOf: Repository.url("Scenarios/invariants/no_cross_cell_image.yaml"),
      fixturesRoot: Repository.fixtures)
    let screen = HostedScreen(
      makeViewController: {
        UIStoryboard(name: "HostedMain", bundle: nil).instantiateInitialViewController()
          as! StoryboardPhotosViewController
      }, rows: { controller, urls in controller.photoURLs = urls })
    let result = try UIKitHost.run(scenario, screen: screen, fixturesRoot: Repository.fixtures)
    #expect(result.violations.count(.noCrossCellImage) == 0, "\(result.violations)")
  }

  @Test("outlets connect before viewDidLoad and awakeFromNib; prototype cells are dequeued")
  func outletsAndPrototypes() throws {
    UIStoryboard.standIn(
      OutletPhotosViewController.self, forIdentifier: "Photos", inStoryboard: "Outlets"
    ) { controller in
      let table = UITableView(frame: controller.view.bounds, style: .plain)
      controller.view.addSubview(table)
      controller.tableView = table
    }
    UIStoryboard.standInPrototype(PrototypePhotoCell.self, forReuseIdentifier: "PrototypePhoto") {
      cell in
      let photo = UIImageView()
      cell.contentView.addSubview(photo)
      cell.photoView = photo
    }
    let holder = Holder<OutletPhotosViewController>()
    let screen = HostedScreen(
      makeViewController: { () -> OutletPhotosViewController in
        let controller: OutletPhotosViewController = UIStoryboard(name: "Outlets", bundle: nil)
          .instantiateViewController(identifier: "Photos")
        holder.value = controller
        return controller
      }, rows: { controller, urls in controller.photoURLs = urls })
    let scenario = try Scenario(
      contentsOf: Repository.url("Scenarios/invariants/no_cross_cell_image.yaml"),
      fixturesRoot: Repository.fixtures)
    let result = try UIKitHost.run(
      scenario, screen: screen, fixturesRoot: Repository.fixtures, keepTrace: true)
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.traceText?.contains("image.decode") == true)
    let controller = try #require(holder.value)
    #expect(controller.outletsBeforeViewDidLoad)
    let cell = try #require(
      controller.tableView.dequeueReusableCell(withIdentifier: "PrototypePhoto")
        as? PrototypePhotoCell)
    #expect(cell.awokeWithOutlets && cell.reuseIdentifier == "PrototypePhoto")
  }

  @Test("a nib's stand-in connects its outlets before awakeFromNib")
  func nibOutlets() throws {
    UINib.standIn(PrototypePhotoCell.self, forNibNamed: "OutletCell") { cell in
      cell.photoView = UIImageView()
    }
    let view = try #require(
      UINib(nibName: "OutletCell", bundle: nil).instantiate(withOwner: nil).first
        as? PrototypePhotoCell)
    #expect(view.awokeWithOutlets)
  }

  @Test("a scene nobody stood in for stops the run, naming the fix")
  func missingStandIn() async throws {
    let exit = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      await MainActor.run {
        _ = UIStoryboard(name: "Nowhere", bundle: nil).instantiateViewController(
          withIdentifier: "Lost")
      }
    }
    let text = String(decoding: exit.standardErrorContent, as: UTF8.self)
    #expect(
      text.contains(
        "UIStoryboard.standIn(YourViewController.self, forIdentifier: \"Lost\", "
          + "inStoryboard: \"Nowhere\")"))
  }
}

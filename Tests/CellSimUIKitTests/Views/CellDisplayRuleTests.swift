import CellSimUIKit
import SimKernel
import SimPlatform
import SimTable
import SimThreads
import Testing

/// A data source whose cells show an image view in their content view and, above it, a badge
/// image view that starts hidden.
final class BadgeSource: UITableViewDataSource {
  let photo = UIImage(named: "photo")!
  let badge = UIImage(systemName: "star")!

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 100 }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
    if cell.contentView.subviews.isEmpty {
      let badgeView = UIImageView(image: badge)
      badgeView.isHidden = true
      badgeView.tag = 1
      cell.contentView.addSubview(badgeView)
      let photoView = UIImageView(image: photo)
      photoView.tag = 2
      cell.contentView.addSubview(photoView)
    }
    return cell
  }
}

@Suite("What a UIKit cell shows reaches its SimTable cell")
struct CellDisplayRuleTests {
  @Test("the first visible image view with an image, depth first, is what the oracle sees")
  @MainActor func firstVisibleImageView() throws {
    let world = World(seed: 1, trace: .full)
    BlockingThreads.hostEveryCallback(of: world)
    let source = BadgeSource()
    let tableView = UITableView(frame: .zero, style: .plain)
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c")
    tableView.dataSource = source
    let adapter = UITableViewEngineAdapter()
    adapter.willAppear = { [unowned adapter] in adapter.bind(tableView, to: $0) }
    let table = try TableView(world: world, model: TableModel(count: 100), dataSource: adapter)
    var serials: [ObjectIdentifier?] = []
    try LayerHost.withWorld(world) {
      try world.run(for: .ms(100))
      // The badge is hidden: the photo (a placeholder-kind named image) is shown.
      #expect(!table.visibleCells.isEmpty)
      serials = table.visibleCells.map { $0.imageView.image.map(ObjectIdentifier.init) }
      #expect(
        serials.allSatisfy { $0 == ObjectIdentifier(source.photo.simImage(in: world)) })
      DispatchQueue.main.async {
        let cell = tableView.visibleCells[0]
        cell.contentView.viewWithTag(1)?.isHidden = false
        tableView.visibleCells[1].contentView.viewWithTag(2)?.alpha = 0
        tableView.visibleCells[2].contentView.viewWithTag(2)?.removeFromSuperview()
        (tableView.visibleCells[3].contentView.viewWithTag(2) as? UIImageView)?.image = nil
      }
      try world.run(for: .ms(100))
    }
    let badge = ObjectIdentifier(source.badge.simImage(in: world))
    let photo = ObjectIdentifier(source.photo.simImage(in: world))
    let now = table.visibleCells.map { $0.imageView.image.map(ObjectIdentifier.init) }
    // Row 0: the badge comes first in depth-first order once visible.
    #expect(now[0] == badge)
    // Rows 1 and 2: the photo is transparent or gone, and the badge is hidden: nothing.
    #expect(now[1] == nil)
    #expect(now[2] == nil)
    // Row 3: the photo view has no image: nothing.
    #expect(now[3] == nil)
    #expect(now[4] == photo)
    world.tearDown()
  }

  @Test(
    "a cross-dissolve transition fades the SimTable cell's image; its completion runs at its end")
  @MainActor func crossDissolve() throws {
    let world = World(seed: 1, trace: .full)
    BlockingThreads.hostEveryCallback(of: world)
    let source = BadgeSource()
    let tableView = UITableView(frame: .zero, style: .plain)
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c")
    tableView.dataSource = source
    let adapter = UITableViewEngineAdapter()
    adapter.willAppear = { [unowned adapter] in adapter.bind(tableView, to: $0) }
    let table = try TableView(world: world, model: TableModel(count: 100), dataSource: adapter)
    let log = Log()
    var fading: [Bool] = []
    try LayerHost.withWorld(world) {
      try world.run(for: .ms(100))
      DispatchQueue.main.async {
        let photoView = tableView.visibleCells[0].contentView.viewWithTag(2) as! UIImageView
        UIView.transition(
          with: photoView, duration: 0.2, options: .transitionCrossDissolve,
          animations: { photoView.image = source.badge },
          completion: { finished in log.add("done \(finished)") })
      }
      try world.run(for: .ms(50))
      fading.append(table.visibleCells[0].imageView.isTransitioning)
      try world.run(for: .ms(300))
      fading.append(table.visibleCells[0].imageView.isTransitioning)
    }
    #expect(fading == [true, false])
    #expect(log.lines == ["done true @300"])
    #expect(
      table.visibleCells[0].imageView.image.map(ObjectIdentifier.init)
        == ObjectIdentifier(source.badge.simImage(in: world)))
    world.tearDown()
  }
}

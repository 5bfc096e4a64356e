// Swift 5 language mode, where a diffable data source's `apply` may be called from a background
// queue, as Apple documents ("You can safely call this method from a background queue").
import CellSimUIKit
import SimKernel
import SimPlatform
import SimTable
import SimThreads
import Testing

@Suite("A diffable apply from a background queue updates the view on the main queue (Swift 5)")
struct BackgroundApplySwift5Tests {
  @Test("the cell provider and the completion run on the main thread; the caller waits for them")
  @MainActor func backgroundApply() throws {
    let png = pngHeader1x1
    let world = World(seed: 1, trace: .full)
    BlockingThreads.hostEveryCallback(of: world)
    let log = Log()
    let tableView = UITableView(frame: .zero, style: .plain)
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c")
    let loaded = Box<Set<Int>>([])
    let source = UITableViewDiffableDataSource<Int, Int>(tableView: tableView) {
      tableView, indexPath, item in
      let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
      if loaded.value.contains(item) {
        log.add("cell \(item) main=\(Thread.isMainThread)")
        cell.imageView?.image = UIImage(data: Data(png))
      }
      return cell
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<50))
    source.apply(snapshot, animatingDifferences: false)
    let adapter = UITableViewEngineAdapter()
    adapter.willAppear = { [unowned adapter] in adapter.bind(tableView, to: $0) }
    let table = try TableView(world: world, model: TableModel(count: 50), dataSource: adapter)
    try LayerHost.withWorld(world) {
      // A loader's completion on a background queue marks two rows for reconfiguration and
      // applies the snapshot right there, without hopping to the main queue.
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
        loaded.value = [0, 1]
        var next = source.snapshot()
        next.reconfigureItems([0, 1])
        source.apply(next, animatingDifferences: false) {
          log.add("completion main=\(Thread.isMainThread)")
        }
        log.add("apply returned main=\(Thread.isMainThread)")
      }
      try world.run(for: .ms(50))
    }
    #expect(table.visibleCells.count > 2)
    #expect(
      log.lines == [
        "cell 0 main=true @20", "cell 1 main=true @20", "apply returned main=false @20",
        "completion main=true @20",
      ])
    #expect(world.mainThreadViolations.isEmpty)
    world.tearDown()
  }
}

// Swift 5 language mode, where the compiler lets a background closure set a view's image: the
// classic main-thread bug compiles, and the simulation records it.
import CellSimUIKit
import SimKernel
import SimPlatform
import SimTable
import SimThreads
import Testing

/// A data source written as Swift 5 code: the download sets the image on a global queue.
final class OffMainSource: UITableViewDataSource {
  let bytes: [UInt8]
  init(bytes: [UInt8]) { self.bytes = bytes }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 50 }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "c")
      ?? UITableViewCell(style: .default, reuseIdentifier: "c")
    let bytes = self.bytes
    DispatchQueue.global().async {
      Thread.sleep(forTimeInterval: 0.01)
      cell.imageView?.image = UIImage(data: Data(bytes))
    }
    return cell
  }
}

@Suite("An image set off the main thread is recorded as a main-thread violation (Swift 5)")
struct OffMainImageSwift5Tests {
  @Test("the image shows, and each set is a main-thread violation of ImageView.setImage")
  @MainActor func offMainSet() throws {
    let png = pngHeader1x1
    let world = World(seed: 1, trace: .full)
    BlockingThreads.hostEveryCallback(of: world)
    let source = OffMainSource(bytes: png)
    let tableView = UITableView(frame: .zero, style: .plain)
    tableView.dataSource = source
    let adapter = UITableViewEngineAdapter()
    adapter.willAppear = { [unowned adapter] in adapter.bind(tableView, to: $0) }
    let table = try TableView(world: world, model: TableModel(count: 50), dataSource: adapter)
    try LayerHost.withWorld(world) { try world.run(for: .ms(12)) }
    #expect(!table.visibleCells.isEmpty)
    #expect(table.visibleCells.allSatisfy { $0.imageView.image?.kind == .content })
    #expect(world.mainThreadViolations.count == table.visibleCells.count)
    #expect(world.mainThreadViolations.allSatisfy { $0.action == "ImageView.setImage" })
    world.tearDown()
  }
}

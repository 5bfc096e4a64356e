// Every line marked `sealed:` below must FAIL to compile: this target exists to prove that a
// package outside CellSim cannot reach what the oracle reads. `.ci/check-seal` builds it (with
// CELLSIM_SEAL_PROBE=1, which adds the target to the manifest) and checks that the compiler
// rejects each marked line. A marked line that compiles means the seal has a hole.
import CellSim

func forgeReports(_ env: LoaderEnvironment) {
  _ = env.world  // sealed: the world behind the environment
  _ = env.network  // sealed: the fake network behind the environment
}

func reachTheWorldThroughCapabilities(
  _ env: LoaderEnvironment, _ cell: TableCell, _ table: TableView, _ execution: Execution
) {
  _ = env.main.world  // sealed: the main thread's world
  _ = env.decoder.world  // sealed: the decoder's world
  _ = cell.imageView.world  // sealed: an image view's world
  _ = table.world  // sealed: the table's world
  _ = execution.world  // sealed: an execution's world
  _ = table.displayLog  // sealed: the display log the oracle reads
  _ = table.model  // sealed: the table's mutable model
}

func forge(_ bus: ReportBus, _ meter: MemoryMeter, _ log: DisplayLog, _ network: FakeNetwork) {}  // sealed: the oracle's input types

func mutateWhatTheScenarioOwns(_ table: TableView) throws {
  _ = try table.insertRows(at: 0, count: 1)  // sealed: data-source mutations belong to the scenario
  table.fling(velocity: 3000)  // sealed: touches belong to the scenario
}

func makeCells(_ context: TableCell.Context) {
  _ = context.world  // sealed: a cell's creation context
  _ = TableCell.Context(world: context.world, cellID: 1)  // sealed: only the table creates cells
}

func readPixels(_ image: Image) {
  _ = image.decoded  // sealed: decoded bitmaps register with the memory meter
}

func forgeRequestIdentity(_ cell: TableCell, _ image: Image, _ progress: RequestProgress) {
  _ = RequestProgress(completed: 1, total: 1, url: "u", transferID: 1)  // sealed: only the network names a request's progress
  _ = progress.transferID  // sealed: the transfer a progress came from is the oracle's
  _ = cell.progressView.source  // sealed: what the progress view records for the oracle
  cell.configuration = 0  // sealed: the cell's current request, as the oracle counts it
  _ = image.requestEpoch  // sealed: when a per-request placeholder was made
}

/// The control: what a loader may use compiles (no line here is marked), so the errors above
/// come from access control, not from a broken target.
func capabilities(_ env: LoaderEnvironment, _ table: TableView, _ cell: TableCell) {
  _ = env.now
  _ = env.main
  _ = env.urlSession()
  _ = table.visibleCells
  _ = table.indexPath(for: cell)
  cell.imageView.image = nil
  cell.progressView.progress = 0
  cell.progressView.isHidden = false
}

// The umbrella module for users' test targets. `import CellSim` brings in what a user programs
// against, and nothing else:
// - the loader protocols (`CellImageLoader`, `CatalogLoader`; async: `AsyncCellImageLoader`,
//   `AsyncCatalogLoader`, `AsyncLoaderEnvironment`, `SimulationClock`) and the capabilities a loader gets
//   (`LoaderEnvironment`: queues, operation queues, the URL session and connections, the
//   decoder, images and image views, caches and request queues, the clock and the device);
// - the table a loader serves (`TableView`'s UIKit queries, `TableCell`, `TableItem`,
//   Foundation's `IndexPath` with UIKit's `row`/`section`/`item`);
// - the scenario model and the run API (`Scenario`, `Simulation`, `RunResult`, `Violation`);
// - the Swift Testing helper (`ScenarioTesting`).
//
// What the runner and the oracle share — the world, the fake network behind the session, the
// display log, the report bus, the memory meter, the table's model and its scroll driving — is
// `package` access (SE-0386): a loader under test cannot forge or silence what the oracle reads.
// `.ci/check-seal` proves it from a package outside this one.
@_exported public import AsyncLoaders
@_exported public import ImageLoaders
@_exported public import PNGRender
@_exported public import Scenarios
@_exported public import SimAsync
@_exported public import SimKernel
@_exported public import SimNetwork
@_exported public import SimPlatform
@_exported public import SimTable

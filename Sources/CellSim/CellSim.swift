// The umbrella module for users' test targets: `import CellSim` brings in the scenario model,
// the runner, the loader protocol and environment, and the simulated platform.
@_exported public import ImageLoaders
@_exported public import PNGRender
@_exported public import Reports
@_exported public import Scenarios
@_exported public import SimKernel
@_exported public import SimNetwork
@_exported public import SimPlatform
@_exported public import SimTable

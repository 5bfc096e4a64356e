// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "CellSim",
  products: [
    .executable(name: "cellsim", targets: ["CellSimCLI"]),
    .library(name: "CellSim", targets: ["CellSim"]),
    .library(name: "SimKernel", targets: ["SimKernel"]),
    .library(name: "SimPlatform", targets: ["SimPlatform"]),
    .library(name: "SimTable", targets: ["SimTable"]),
    .library(name: "ImageLoaders", targets: ["ImageLoaders"]),
    .library(name: "PNGRender", targets: ["PNGRender"]),
    .library(name: "FixtureGenerator", targets: ["FixtureGenerator"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    // MARK: C interop
    .systemLibrary(
      name: "CLibPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    .target(
      name: "CPNGRows",
      dependencies: ["CLibPNG"]
    ),

    // MARK: Libraries, bottom to top (DESIGN.md §2)
    .target(
      name: "PNGRender",
      dependencies: ["CPNGRows", "CLibPNG"]
    ),
    .target(
      name: "FixtureGenerator",
      dependencies: ["PNGRender"]
    ),
    .target(name: "SimKernel"),
    .target(
      name: "SimPlatform",
      dependencies: ["SimKernel", "PNGRender"]
    ),
    .target(
      name: "SimAsync",
      dependencies: ["SimPlatform", "SimKernel"],
      exclude: ["README.md"]
    ),
    .target(
      name: "SimTable",
      dependencies: ["SimPlatform", "SimKernel"]
    ),
    .target(
      name: "SimNetwork",
      dependencies: ["SimPlatform", "SimKernel", "PNGRender"]
    ),
    .target(
      name: "ImageLoaders",
      dependencies: ["SimTable", "SimNetwork", "SimPlatform", "SimKernel", "PNGRender"]
    ),
    .target(
      name: "Scenarios",
      dependencies: [
        "SimKernel", "SimPlatform", "SimTable", "SimNetwork", "ImageLoaders", "PNGRender",
        .product(name: "Yams", package: "Yams"),
      ]
    ),

    .target(
      name: "Reports",
      dependencies: ["Scenarios"]
    ),

    .target(
      name: "CellSim",
      dependencies: [
        "Scenarios", "ImageLoaders", "SimTable", "SimNetwork", "SimPlatform", "SimKernel",
        "PNGRender",
      ]
    ),

    // MARK: The CLI
    // The folder is `CellSimCLI`, not `cellsim`: on macOS's default case-insensitive file system
    // `Sources/cellsim` and `Sources/CellSim` would be one folder.
    .executableTarget(
      name: "CellSimCLI",
      dependencies: [
        "Scenarios", "Reports", "ImageLoaders",
        "SimKernel", "SimPlatform", "PNGRender", "FixtureGenerator", "SimNetwork",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // MARK: Tests
    .testTarget(name: "SimKernelTests", dependencies: ["SimKernel"]),
    .testTarget(name: "SimPlatformTests", dependencies: ["SimPlatform", "SimKernel"]),
    .testTarget(name: "SimAsyncTests", dependencies: ["SimAsync", "SimPlatform", "SimKernel"]),
    .testTarget(
      name: "SimTableTests", dependencies: ["SimTable", "SimPlatform", "SimKernel", "PNGRender"]),
    .testTarget(
      name: "SimNetworkTests", dependencies: ["SimNetwork", "SimPlatform", "SimKernel"]),
    .testTarget(name: "PNGRenderTests", dependencies: ["PNGRender", "FixtureGenerator"]),
    .testTarget(name: "FixtureGeneratorTests", dependencies: ["FixtureGenerator", "PNGRender"]),
    .testTarget(
      name: "ImageLoadersTests",
      dependencies: [
        "ImageLoaders", "SimTable", "SimNetwork", "SimPlatform", "SimKernel", "PNGRender",
      ]),
    .testTarget(name: "ScenarioSuiteTests", dependencies: ["Scenarios", "Reports"]),
    .testTarget(
      name: "ScenariosTests",
      dependencies: [
        "Scenarios", "Reports", "ImageLoaders", "SimTable", "SimNetwork", "SimKernel", "SimPlatform",
        "PNGRender",
      ],
      resources: [.copy("Malformed"), .copy("Valid")]
    ),
    .testTarget(
      name: "CLITests",
      dependencies: ["CellSimCLI", "SimPlatform", "SimKernel", "PNGRender", "SimNetwork", "Reports", "Scenarios"]),
  ],
  swiftLanguageModes: [.v6]
)

// Imports are internal unless marked: a module's `public import` lists exactly what its public
// API shows, and `package import` what its package API shows (SE-0409).
for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .enableUpcomingFeature("InternalImportsByDefault")
  ]
}

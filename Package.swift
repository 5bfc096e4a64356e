// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "CellSim",
  products: [
    .executable(name: "cellsim", targets: ["CellSimCLI"]),
    .library(name: "CellSim", targets: ["CellSim"]),
    .library(name: "SimKernel", targets: ["SimKernel"]),
    .library(name: "SimPlatform", targets: ["SimPlatform"]),
    .library(name: "SimThreads", targets: ["SimThreads"]),
    .library(name: "SimTable", targets: ["SimTable"]),
    .library(name: "ImageLoaders", targets: ["ImageLoaders"]),
    .library(name: "PNGRender", targets: ["PNGRender"]),
    .library(name: "FixtureGenerator", targets: ["FixtureGenerator"]),
    .library(name: "CellSimUIKit", targets: ["CellSimUIKit"]),
    .library(name: "CellSimUIKitHost", targets: ["CellSimUIKitHost"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    // `swift package generate-documentation --target CellSim` (DocC); builds nothing else.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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

    // MARK: Libraries, bottom to top (docs/design.md, the module map)
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
    // Real threads for code that blocks mid-call, one at a time under a baton; the only module
    // besides SimAsync's driver that starts real threads.
    .target(name: "CSimThreads"),
    .target(
      name: "SimThreads",
      dependencies: ["SimPlatform", "SimKernel", "CSimThreads"]
    ),
    .target(
      name: "SimAsync",
      dependencies: ["SimPlatform", "SimThreads", "SimKernel"],
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
      dependencies: [
        "SimTable", "SimNetwork", "SimThreads", "SimPlatform", "SimKernel", "PNGRender",
      ]
    ),
    // Async/await loaders: the only module besides SimAsync that uses Swift
    // concurrency, always on SimAsync's executors.
    .target(
      name: "AsyncLoaders",
      dependencies: [
        "ImageLoaders", "SimAsync", "SimTable", "SimNetwork", "SimPlatform", "SimKernel",
        "PNGRender",
      ]
    ),
    .target(
      name: "Scenarios",
      dependencies: [
        "SimKernel", "SimPlatform", "SimThreads", "SimTable", "SimNetwork", "ImageLoaders",
        "AsyncLoaders", "PNGRender", "FixtureGenerator", .product(name: "Yams", package: "Yams"),
        // Every product that links Yams links the Combine stand-in too (see `linuxStandIns`), in
        // case a Yams rebuilt after it refers to it.
      ] + combineStandIn
    ),

    // The UIKit- and Foundation-shaped layer that unchanged iOS source compiles against on
    // Linux, running in a CellSim world; it re-exports Foundation.
    .target(
      name: "CellSimUIKit",
      dependencies: [
        "ImageLoaders", "SimThreads", "SimPlatform", "SimKernel", "SimNetwork", "SimTable",
        "PNGRender", "SimAsync",
      ] + linuxStandIns.map { .target(name: $0.name, condition: .when(platforms: [.linux])) }
    ),
    // Runs a user's view controller, written against CellSimUIKit, through the scenario runner
    // and the oracle. A target of its own so that the layer that app code compiles against does
    // not depend on the scenario machinery (and Scenarios never depends on either).
    .target(
      name: "CellSimUIKitHost",
      dependencies: [
        "CellSim", "CellSimUIKit", "Scenarios", "ImageLoaders", "SimTable", "SimThreads",
        "SimAsync", "SimPlatform", "SimKernel", "SimNetwork", "Reports",
      ]
    ),

    .target(
      name: "Reports",
      dependencies: ["Scenarios"]
    ),

    .target(
      name: "CellSimFuzz",
      dependencies: ["Scenarios", "ImageLoaders", "AsyncLoaders", "SimPlatform", "SimKernel"]
    ),

    .target(
      name: "CellSim",
      dependencies: [
        "CellSimFuzz", "Scenarios", "ImageLoaders", "AsyncLoaders", "SimAsync", "SimTable",
        "SimNetwork", "SimPlatform", "SimKernel", "PNGRender",
      ]
    ),

    // MARK: The museum of reported reuse bugs: models written against the public
    // API only (the modules `import CellSim` re-exports, not the umbrella, so the CLI does not
    // link Swift Testing); `.ci/check-reported-bugs` compiles them from outside.
    .target(
      name: "ReportedBugs",
      dependencies: [
        "ImageLoaders", "AsyncLoaders", "SimPlatform", "SimNetwork", "SimTable", "SimKernel",
      ]),

    // MARK: The CLI
    // The folder is `CellSimCLI`, not `cellsim`: on macOS's default case-insensitive file system
    // `Sources/cellsim` and `Sources/CellSim` would be one folder.
    .executableTarget(
      name: "CellSimCLI",
      dependencies: [
        "Scenarios", "Reports", "ImageLoaders", "AsyncLoaders", "CellSimFuzz",
        "SimKernel", "SimPlatform", "SimThreads", "PNGRender", "FixtureGenerator", "SimNetwork",
        "ReportedBugs",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // MARK: Benchmarks that measure package internals (the rest live in Benchmarks/, a package
    // of its own). They are here because only targets of this package see `package` symbols.
    // Run with `swift run -c release PNGBench` / `TableBench`; see Benchmarks/README.md.
    .target(
      name: "CDirectPNG", dependencies: ["CLibPNG"], path: "Benchmarks/Sources/CDirectPNG"),
    .executableTarget(
      name: "PNGBench", dependencies: ["CDirectPNG", "PNGRender", "FixtureGenerator"],
      path: "Benchmarks/Sources/PNGBench"),
    .executableTarget(
      name: "TableBench", dependencies: ["SimTable", "SimPlatform", "SimKernel"],
      path: "Benchmarks/Sources/TableBench"),

    // MARK: libFuzzer targets (.ci/fuzz builds them with -sanitize=fuzzer,address; built
    // normally, each replays a corpus given as arguments)
    .target(name: "FuzzSupport", path: "Sources/FuzzSupport"),
    .executableTarget(name: "FuzzPNG", dependencies: ["PNGRender", "FuzzSupport"]),
    .executableTarget(name: "FuzzScenario", dependencies: ["Scenarios", "FuzzSupport"]),

    // MARK: Tests
    // Helpers every test suite shares (paths, the bundled suite); never a product.
    .target(name: "TestSupport", dependencies: ["Scenarios"], path: "Tests/TestSupport"),
    // Runs one test of the test binary in a child process (no CellSim dependency, so the
    // kernel's and the threads' tests can use it).
    .target(name: "ChildTestSupport", path: "Tests/ChildTestSupport"),
    .testTarget(name: "SimKernelTests", dependencies: ["SimKernel"]),
    .testTarget(name: "SimPlatformTests", dependencies: ["SimPlatform", "SimKernel"]),
    .testTarget(
      name: "SimThreadsTests",
      dependencies: ["SimThreads", "SimPlatform", "SimKernel", "ChildTestSupport"]),
    .testTarget(
      name: "CellSimUIKitTests",
      dependencies: [
        "CellSimUIKit", "CellSimUIKitHost", "Scenarios", "SimTable", "SimThreads", "SimNetwork",
        "SimPlatform", "SimKernel", "SimAsync", "TestSupport", "ChildTestSupport",
      ] + combineStandIn,
      exclude: ["Probes"]),
    // The same name-lookup pins in Swift 5 mode: real iOS code is written in both.
    .testTarget(
      name: "CellSimUIKitSwift5Tests",
      dependencies: [
        "CellSimUIKit", "SimThreads", "SimNetwork", "SimPlatform", "SimKernel", "SimTable",
      ] + combineStandIn,
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // UIKit's names from before Swift 4.2, which Apple's SDK keeps for the Swift 4 mode.
    .testTarget(
      name: "CellSimUIKitSwift4Tests", dependencies: ["CellSimUIKit", "SimPlatform"],
      swiftSettings: [.swiftLanguageMode(.v4)]),
    .testTarget(
      name: "SimAsyncTests",
      dependencies: ["SimAsync", "SimThreads", "SimPlatform", "SimKernel", "ChildTestSupport"]),
    .testTarget(
      name: "AsyncLoadersTests",
      dependencies: [
        "AsyncLoaders", "Scenarios", "ImageLoaders", "SimAsync", "SimTable", "SimNetwork",
        "SimPlatform", "SimKernel", "TestSupport",
      ]),
    .testTarget(
      name: "SimTableTests", dependencies: ["SimTable", "SimPlatform", "SimKernel", "PNGRender"]),
    .testTarget(
      name: "SimNetworkTests", dependencies: ["SimNetwork", "SimPlatform", "SimKernel"]),
    .testTarget(
      name: "PNGRenderTests", dependencies: ["PNGRender", "FixtureGenerator", "TestSupport"]),
    .testTarget(
      name: "FixtureGeneratorTests", dependencies: ["FixtureGenerator", "PNGRender", "TestSupport"]),
    .testTarget(
      name: "ImageLoadersTests",
      dependencies: [
        "ImageLoaders", "SimTable", "SimNetwork", "SimPlatform", "SimKernel", "PNGRender",
      ]),
    .testTarget(
      name: "ReportsTests", dependencies: ["Reports", "Scenarios", "TestSupport", "ReportedBugs"]),
    .testTarget(
      name: "CellSimFuzzTests",
      dependencies: [
        "CellSimFuzz", "CellSim", "Scenarios", "ImageLoaders", "AsyncLoaders", "SimKernel",
        "TestSupport",
      ]),
    .testTarget(
      name: "ScenarioSuiteTests",
      dependencies: ["Scenarios", "Reports", "TestSupport", "ReportedBugs"],
      exclude: ["golden-digests.tsv"]),
    .testTarget(
      name: "ScenariosTests",
      dependencies: [
        "Scenarios", "Reports", "ImageLoaders", "SimTable", "SimNetwork", "SimKernel",
        "SimPlatform", "PNGRender", "TestSupport",
      ],
      resources: [.copy("Malformed"), .copy("Valid")]
    ),
    .testTarget(name: "CellSimTests", dependencies: ["CellSim", "ReportedBugs", "TestSupport"]),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "CellSimCLI", "SimPlatform", "SimKernel", "PNGRender", "SimNetwork", "Reports", "Scenarios",
        "ReportedBugs", "TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Apple's CryptoKit, CommonCrypto and Combine are not on Linux: stand-ins of the same names let
// a disk cache that names its files by a digest (the hash functions only), and a loader written
// with publishers, compile unchanged. They are declared only when the manifest is read on Linux:
// on macOS a module of any of these names, even an empty one, would shadow Apple's for the
// package's own targets.
var linuxStandIns: [Target] {
  #if os(Linux)
    return [
      .target(name: "CryptoKit"),
      .target(name: "CommonCrypto", dependencies: ["CryptoKit"]),
      // Combine's core; the layer adds its schedulers and Foundation's publishers
      // (`Sources/CellSimUIKit/Combine/`). It imports nothing, but is built after Yams: Yams,
      // like many libraries, adds Combine conformances `#if canImport(Combine)`, and a Yams
      // compiled after this module would name its symbols from objects that do not link them.
      .target(name: "Combine", dependencies: [.product(name: "Yams", package: "Yams")]),
    ]
  #else
    return []
  #endif
}
package.targets += linuxStandIns

// Apple frameworks beside UIKit, on Linux, built on the layer (so the layer cannot re-export
// them: a file's own import finds them). WebKit (`WKWebView`) and SafariServices
// (`SFSafariViewController`), which screens open an item's page with, and StoreKit's review
// request, which settings screens make, keep what they are given and load nothing. The others
// bring the layer under the framework's name, so that `import ImageIO` or `import CoreGraphics`
// left outside a file's `#if canImport(UIKit)` block compiles (AVFoundation adds `AVMakeRect`).
// No module is named `os`: libraries test `canImport(os)` to choose Darwin's locks. On macOS
// the imports are Apple's.
let frameworkStandInNames = [
  "WebKit", "SafariServices", "StoreKit", "CoreGraphics", "ImageIO", "QuartzCore", "CoreImage",
  "MobileCoreServices", "UniformTypeIdentifiers", "AVFoundation",
]
var frameworkStandIns: [Target] {
  #if os(Linux)
    return frameworkStandInNames.map { name in
      .target(
        name: name,
        dependencies: name == "StoreKit" ? ["CellSimUIKit", "SimPlatform"] : ["CellSimUIKit"])
    } + [
      .testTarget(
        name: "FrameworkStandInTests",
        dependencies: frameworkStandInNames.map { .target(name: $0) } + [
          "CellSimUIKit", "SimPlatform",
        ])
    ]
  #else
    return []
  #endif
}

// PhotoKit (`import Photos`) for photo grids: a stand-in of that name, on Linux only for the same
// reason, but built on the layer (its images are the layer's `UIImage`s, its work runs on the
// layer's queues and the world's network), so the layer cannot re-export it: a file's own
// `import Photos` finds it. On macOS `import Photos` is Apple's (which hands out `NSImage`s), so
// a screen written with PhotoKit runs through the layer on Linux only.
var photosStandIn: [Target] {
  #if os(Linux)
    return [
      .target(
        name: "Photos",
        dependencies: ["CellSimUIKit", "SimNetwork", "SimPlatform", "SimKernel", "PNGRender"]),
      .testTarget(
        name: "PhotosStandInTests",
        dependencies: [
          "Photos", "CellSimUIKit", "CellSimUIKitHost", "Scenarios", "SimNetwork", "SimThreads",
          "SimPlatform", "SimKernel", "PNGRender", "TestSupport", "ChildTestSupport",
        ] + combineStandIn),
      // A grid written in Swift 5, as much photo-grid code is, through the same stand-in.
      .testTarget(
        name: "PhotosStandInSwift5Tests",
        dependencies: [
          "Photos", "CellSimUIKit", "CellSimUIKitHost", "Scenarios", "TestSupport",
        ] + combineStandIn,
        swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
  #else
    return []
  #endif
}
package.targets += frameworkStandIns
package.targets += photosStandIn
#if os(Linux)
  package.products += frameworkStandInNames.map { .library(name: $0, targets: [$0]) }
  package.products.append(.library(name: "Photos", targets: ["Photos"]))
#endif

// The Combine stand-in as a test target's dependency, on Linux only (tests that import it).
var combineStandIn: [Target.Dependency] {
  linuxStandIns.filter { $0.name == "Combine" }.map {
    .target(name: $0.name, condition: .when(platforms: [.linux]))
  }
}

// Imports are internal unless marked: a module's `public import` lists exactly what its public
// API shows, and `package import` what its package API shows (SE-0409).
for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("InternalImportsByDefault")
    ]
}

/// A UIKit- and Foundation-shaped layer, so that unchanged iOS source compiles on Linux against
/// it and runs inside a CellSim world.
///
/// ## Importing it
///
/// A user's file imports the layer instead of UIKit and Foundation:
///
/// ```swift
/// #if canImport(UIKit)
///   import UIKit
/// #else
///   import CellSimUIKit
/// #endif
/// ```
///
/// The layer re-exports Foundation (and FoundationNetworking), and declares its own
/// `DispatchQueue`, `DispatchSemaphore`, `DispatchGroup`, `DispatchWorkItem`, `DispatchTime`,
/// `Thread`, `NSLock`, `NSRecursiveLock`, `NSCondition`, `RunLoop`, `Timer` (and the Foundation
/// types under `Foundation/`), plus `Data(contentsOf:options:)`,
/// `Date()`, `Date.now`, `ProcessInfo.systemUptime` and `CACurrentMediaTime()`. In a file that
/// imports only the layer, Swift's shadowing rule (a declaration in a module hides one of the
/// same name and signature in a module it imports) resolves every one of them to the layer's.
/// A member that shadows Foundation's must match its signature exactly, ownership included
/// (`init(contentsOf url: __shared URL, …)`), or the call is ambiguous. A file that also imports
/// Foundation or Dispatch directly gets "ambiguous" errors. Names the layer does not declare
/// (`URL`, `Data`, `IndexPath`, `DispatchQoS`, `DispatchTimeInterval`) stay Foundation's and
/// Dispatch's.
///
/// ## Views
///
/// `UIImage` wraps SimPlatform's `Image` (so an image keeps the digest of the bytes it came
/// from); `preparingForDisplay()`, `preparingThumbnail(of:)`, `UIGraphicsImageRenderer` redraws,
/// image contexts (`UIGraphicsBeginImageContextWithOptions` and its family, one stack per
/// simulated thread),
/// Core Graphics bitmap contexts (`CGContext.draw(_:in:)`, `makeImage()`: the force-decompress
/// idiom) and ImageIO's `CGImageSourceCreateThumbnailAtIndex` decode and resample on the calling
/// thread at the device's costs. `UIView`, `UIImageView`, `UILabel`, `UIActivityIndicatorView`,
/// `UIProgressView`, `UIScrollView`, `UITableView`, `UITableViewCell`, `UIViewController`,
/// `UITableViewController`, `UICollectionView` (cells, registrations, kept layouts,
/// `UICollectionViewController`), diffable data sources and `UIListContentConfiguration` follow
/// UIKit's signatures (`@MainActor`, `open` where apps subclass). A table or collection view is
/// a façade over one SimTable `TableView`, the engine that keeps geometry, scrolling, reuse,
/// prefetching and frames; each SimTable cell is paired with the app's cell, and what a person
/// would see in it (the first visible image view with an image, depth first) is set on the
/// SimTable cell, where the oracle judges it (`UITableViewCell`, "What the oracle sees").
/// `CellSimUIKitHost` runs a view controller through a scenario.
///
/// Out of scope: storyboard and nib files (a test names the class each stands for: `UINib`,
/// `UIStoryboard`), `@objc` target-action (`#selector` and `@IBOutlet` do not
/// compile on Linux), Auto Layout solving, drawing (Core Graphics paths, clips and fills are
/// recorded, not drawn), SwiftUI, and Combine beyond its stand-in: on Linux the package's
/// `Combine` module has the core protocols, subjects, `@Published`, the operators image loaders
/// use, and (in `Combine/`) the layer's queues, run loop and operation queues as schedulers in
/// virtual time with `URLSession`'s, `NotificationCenter`'s and `Timer`'s publishers; `values`,
/// `Record`, `multicast`, `buffer`, `timeout` and the many-way combinators are not
/// provided.
///
/// ## How the layer finds its world
///
/// Every call is answered by the world the calling code runs in:
/// - On a blocking thread (each closure the layer runs: every `DispatchQueue` block, every
///   `sync` body), the world of the calling fiber: `BlockingThreads.currentFiber`'s execution.
///   This needs no setup and is right even when many worlds run in parallel.
/// - On the thread that drives the world (event actions, step-API callbacks, a test's set-up
///   code before `world.run`), the world a host installed on that thread with
///   `LayerHost.withWorld(_:_:)` for the duration of the run. It is thread-local, so worlds
///   driven in parallel by different threads never see each other's.
/// - In a task of an async simulation (SimAsync), the simulation's world.
///
/// A layer call anywhere else (no world installed, not on a blocking thread) is an escape: it
/// stops the process with a message naming the API, instead of answering from the real clock
/// or a real queue. Per-world state of the user's objects (a custom queue's simulated queue, a
/// semaphore's count) is kept per world, so an object made outside a world, or shared by
/// worlds, binds to each world at its first use there.
///
/// ## What cannot be intercepted
///
/// Code that reaches the real Foundation or Dispatch (a file that imports them directly, a
/// library compiled against them) runs for real: a real `DispatchSemaphore.wait` or
/// `Foundation.Thread.sleep` on a blocking thread holds the baton and trips the SimThreads
/// watchdog, which names the thread and its last simulated call; a block sent to the real main
/// queue is never run.
@_exported import Foundation

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
#if canImport(FoundationXML)
  // `XMLParser`, which Darwin's Foundation has and Linux's keeps in FoundationXML: a photo
  // feed read as RSS (Flickr's public feed) parses with it.
  @_exported import FoundationXML
#endif

#if os(Linux)
  // Combine and CryptoKit sit beside UIKit on a device, and a file written for one often
  // imports them in the same block as UIKit. Their Linux stand-ins come with the layer, so that
  // such a file compiles whether its `import Combine` stayed outside the `#if` or moved inside.
  @_exported import Combine
  @_exported import CommonCrypto
  @_exported import CryptoKit
#endif
#if canImport(Observation)
  // The Observation framework (iOS 17): a file that imports only UIKit calls
  // `withObservationTracking` and adopts `@Observable` models, as the iOS SDK's UIKit brings
  // Observation with it (a view-model binding helper commonly imports UIKit alone).
  @_exported import Observation
#endif

/// Foundation's `IndexPath`, named here so that the layer's own declarations (and files that
/// import only the layer) see one `IndexPath` whatever else the layer imports. It is the same
/// type (UIKit's `row`, `section` and `item` come from SimTable's extension).
public typealias IndexPath = Foundation.IndexPath

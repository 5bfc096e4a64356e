import CellSimUIKit
import PNGRender
import SimKernel
import SimNetwork
import SimPlatform

/// The photo library of one world: its assets, its authorization, its request numbers and
/// its requests and reads in flight. Attached to the world (`World.tearDown` drops it), never a
/// process global, so worlds run in parallel never share one.
final class LibraryState {
  /// The world it belongs to.
  unowned let world: World
  /// The assets, in the library's order.
  @exclusivity(unchecked) var assets: [PHAsset] = []
  /// The assets a fetch sees: all of them while the status is `.authorized` or `.limited`,
  /// none otherwise (Photos answers a fetch without access with an empty result).
  var readableAssets: [PHAsset] { canRead ? assets : [] }
  /// Whether the status gives access (`.authorized` or `.limited`).
  var canRead: Bool { authorization == .authorized || authorization == .limited }
  /// The smart album holding every asset.
  @exclusivity(unchecked) var recents: PHAssetCollection
  /// The status `authorizationStatus()` answers.
  @exclusivity(unchecked) var authorization: PHAuthorizationStatus = .authorized
  /// The last request number given (0: none yet).
  @exclusivity(unchecked) var lastRequestID: PHImageRequestID = 0
  /// `PHImageManager.default()` in this world.
  @exclusivity(unchecked) var defaultManager: PHImageManager?
  /// `PHPhotoLibrary.shared()` in this world.
  @exclusivity(unchecked) var sharedLibrary: PHPhotoLibrary?
  /// Asynchronous requests not yet finished or cancelled, by number (looked up only).
  @exclusivity(unchecked) var requests: [PHImageRequestID: ImageRequest] = [:]
  /// Reads in flight, by URL (looked up only): requests of one asset share one transfer.
  @exclusivity(unchecked) var reads: [String: AssetRead] = [:]
  /// Whether a change block is running (`PHPhotoLibrary.performChanges`).
  @exclusivity(unchecked) var isChanging = false

  /// An empty library of `world`.
  init(world: World) {
    self.world = world
    recents = Self.makeRecents([])
  }

  /// The "Recents" smart album of `assets`.
  static func makeRecents(_ assets: [PHAsset]) -> PHAssetCollection {
    PHAssetCollection(
      localIdentifier: "00000000-0000-4000-8000-000000000000/L0/040", title: "Recents",
      type: .smartAlbum, subtype: .smartAlbumUserLibrary, assets: assets)
  }

  /// The state of `world`, attached at its first use.
  static func of(_ world: World) -> LibraryState {
    let key = ObjectIdentifier(LibraryState.self)
    if let state = world.attachments[key] as? LibraryState { return state }
    let state = LibraryState(world: world)
    world.attachments[key] = state
    return state
  }

  /// The state of the calling code's world; stops naming `api` outside any world.
  static func current(for api: StaticString) -> LibraryState {
    of(SimulationContext.world(for: api))
  }

  /// The world's network; stops naming `api` when none is attached.
  var network: FakeNetwork {
    guard let network = LayerHost.network(of: world) else {
      preconditionFailure(
        "Photos: the library reads assets from the world's network, and none is attached "
          + "(LayerHost.attach(network:to:))")
    }
    return network
  }

  /// Replaces the assets with one image asset per URL, in order.
  func replaceAssets(with urls: [URL]) {
    let network = LayerHost.network(of: world)
    assets = urls.enumerated().map { index, url in
      let header = network?.servedBytes(for: url.absoluteString).flatMap {
        try? PNGHeader.read(from: $0)
      }
      return PHAsset(
        url: url, index: index, localIdentifier: Self.identifier(ofAssetAt: index),
        width: header?.width ?? 0, height: header?.height ?? 0)
    }
    recents = Self.makeRecents(assets)
    world.trace.record(at: world.now, "photos.library") { $0.field("assets", assets.count) }
  }

  /// A local identifier in Photos' shape (`UUID/L0/001`), fixed by the asset's place.
  static func identifier(ofAssetAt index: Int) -> String {
    let hex = String(index + 1, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    return "A55E7000-0000-4000-8000-\(padded)/L0/001"
  }

  /// The next request number.
  func nextRequestID() -> PHImageRequestID {
    lastRequestID += 1
    return lastRequestID
  }

  /// Checks the state's consistency: every pending request is numbered, not cancelled, filed
  /// under its number and waiting (if it waits) on a live read; every read in flight is filed under its URL, not abandoned, and
  /// its transfer has not ended.
  func _checkInvariants() {
    for (id, request) in requests {
      precondition(request.id == id && id >= 1 && id <= lastRequestID, "request \(id) misfiled")
      precondition(!request.isCancelled, "cancelled request \(id) still pending")
      if let (read, _) = request.readWaiter {
        precondition(!read.isAbandoned, "request \(id) waits on an abandoned read")
      }
    }
    for (url, read) in reads {
      precondition(read.url == url, "read of \(read.url) filed under \(url)")
      precondition(!read.isAbandoned, "abandoned read of \(url) still filed")
      precondition(read.transfer?.hasEnded != true, "ended read of \(url) still filed")
    }
  }
}

extension PHPhotoLibrary {
  /// Checks the calling world's library state (`LibraryState._checkInvariants()`), for tests.
  package static func _checkSimulatedLibraryInvariants() {
    LibraryState.current(for: "PHPhotoLibrary._checkSimulatedLibraryInvariants()")
      ._checkInvariants()
  }
}

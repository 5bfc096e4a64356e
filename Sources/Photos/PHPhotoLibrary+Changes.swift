public import CellSimUIKit
import SimPlatform

/// Changes to the library (saving a photo: `PHAssetChangeRequest.creationRequestForAsset`),
/// recorded and never applied: a run's library holds the scenario's rows throughout.
///
/// As Apple's header says, "handlers are invoked on an arbitrary serial queue": the change
/// block and then the completion handler run on Photos' serial queue (a worker, never the main
/// thread). Each change request made in the block is traced (`photos.change`, with what it
/// does); the completion reports success while the status is `.authorized` or `.limited`, and
/// otherwise `false` with an error of `PHPhotosErrorDomain` (3311, access denied). A change
/// request made outside a change block stops the program, as Photos raises.
extension PHPhotoLibrary {
  /// `performChanges(_:completionHandler:)` (see the extension's notes).
  public func performChanges(
    _ changeBlock: @escaping () -> Void,
    completionHandler: ((Bool, (any Error)?) -> Void)? = nil
  ) {
    let state = LibraryState.current(for: "PHPhotoLibrary.performChanges")
    let work = Unchecked((changeBlock, completionHandler))
    Self.libraryQueue.async {
      let (success, error) = Self.apply(work.value.0, in: state)
      work.value.1?(success, error)
    }
  }

  /// `performChangesAndWait(_:)`: the change block on the calling thread; throws the error
  /// `performChanges` would report.
  public func performChangesAndWait(_ changeBlock: @escaping () -> Void) throws {
    let state = LibraryState.current(for: "PHPhotoLibrary.performChangesAndWait")
    let (_, error) = Self.apply(changeBlock, in: state)
    if let error { throw error }
  }

  /// `performChanges(_:) async throws` (iOS 15): returns once the changes were applied.
  public func performChanges(_ changeBlock: @escaping () -> Void) async throws {
    let state = LibraryState.current(for: "PHPhotoLibrary.performChanges")
    let (_, error) = Self.apply(changeBlock, in: state)
    if let error { throw error }
  }

  /// Runs `changeBlock` with change requests allowed, and says how the changes ended.
  static func apply(_ changeBlock: () -> Void, in state: LibraryState) -> (Bool, (any Error)?) {
    precondition(
      !state.isChanging, "Photos: performChanges nested in another change block (Photos raises)")
    state.isChanging = true
    changeBlock()
    state.isChanging = false
    guard state.canRead else {
      return (false, NSError(domain: "PHPhotosErrorDomain", code: 3311))
    }
    return (true, nil)
  }
}

/// `PHObjectPlaceholder`: the placeholder of an asset a change block creates.
open class PHObjectPlaceholder: PHObject, @unchecked Sendable {}

/// `PHAssetChangeRequest`: a change to the library, made inside a change block (see
/// `PHPhotoLibrary.performChanges`); recorded in the trace, never applied.
open class PHAssetChangeRequest: NSObject, @unchecked Sendable {
  /// The placeholder of the asset a creation request makes.
  open private(set) var placeholderForCreatedAsset: PHObjectPlaceholder?
  /// Kept.
  open var creationDate: Date?
  /// Kept.
  open var isFavorite = false
  /// Kept.
  open var isHidden = false

  /// An empty request (what the class methods make).
  public required override init() {}

  /// `init(for:)`: a request to change `asset`'s properties (kept, never applied).
  public convenience init(for asset: PHAsset) {
    self.init()
    Self.record("edit", in: Self.changingState(), detail: asset.localIdentifier)
  }

  /// `creationRequestForAsset(from:)`: a request to save `image` (traced with its size in
  /// points).
  open class func creationRequestForAsset(from image: UIImage) -> Self {
    let state = changingState()
    let request = Self()
    request.placeholderForCreatedAsset = PHObjectPlaceholder()
    let size = image.size
    record("create", in: state, detail: "\(Int(size.width))x\(Int(size.height))")
    return request
  }

  /// `creationRequestForAssetFromImage(atFileURL:)`: a request to save the image file at
  /// `fileURL` (traced with its name).
  open class func creationRequestForAssetFromImage(atFileURL fileURL: URL) -> Self? {
    let state = changingState()
    let request = Self()
    request.placeholderForCreatedAsset = PHObjectPlaceholder()
    record("create", in: state, detail: fileURL.lastPathComponent)
    return request
  }

  /// `deleteAssets(_:)`: a request to delete `assets` (traced with their count).
  open class func deleteAssets(_ assets: [PHAsset]) {
    record("delete", in: changingState(), detail: "\(assets.count)")
  }

  /// The calling world's library, which must be applying a change block.
  static func changingState() -> LibraryState {
    let state = LibraryState.current(for: "PHAssetChangeRequest")
    precondition(
      state.isChanging,
      "Photos: a PHAssetChangeRequest was made outside a change block (Photos raises); make it "
        + "inside PHPhotoLibrary.shared().performChanges")
    return state
  }

  /// Traces a change request.
  static func record(_ kind: String, in state: LibraryState, detail: String) {
    state.world.trace.record(at: state.world.now, "photos.change") {
      $0.field("kind", kind)
      $0.field("detail", detail)
    }
  }
}

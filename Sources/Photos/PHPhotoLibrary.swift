public import CellSimUIKit
import SimPlatform

/// `PHPhotoLibrary`: the world's photo library (`shared()` is one object per world).
///
/// Authorization (Apple's `PHPhotoLibrary` and `requestAuthorization(for:handler:)` pages):
/// the status starts `.authorized` in each world, for every access level, unless the test set
/// another (`setSimulatedAuthorizationStatus(_:)`). `requestAuthorization` answers the status,
/// where a `.notDetermined` one becomes `.authorized` (the simulated person grants access when
/// asked). Its handler runs asynchronously on a serial queue of Photos' own (a worker, which
/// may start before the caller goes on), never on the main thread, as Apple documents
/// ("Photos may call your handler block on an arbitrary serial queue"): code that touches its
/// views there breaks UIKit's main-thread rule, which the world records.
///
/// Change observers are kept (weakly) and never called: a run's library does not change.
open class PHPhotoLibrary: NSObject, @unchecked Sendable {
  /// The registered observers, in registration order.
  var observers: [WeakObserver] = []

  /// An observer, held weakly.
  struct WeakObserver {
    /// The observer, while it lives.
    weak var observer: (any PHPhotoLibraryChangeObserver)?
  }

  /// A library object (`shared()` makes one per world).
  override init() {}

  /// `shared()`: the calling world's library object. Outside any world (a view controller's
  /// `deinit` that unregisters itself after the run), an object of no world, on which
  /// registering and unregistering change nothing that matters.
  open class func shared() -> PHPhotoLibrary {
    guard let world = SimulationContext.world else { return detached }
    let state = LibraryState.of(world)
    if let library = state.sharedLibrary { return library }
    let library = PHPhotoLibrary()
    state.sharedLibrary = library
    return library
  }

  /// `authorizationStatus()` (deprecated in iOS 14 for `authorizationStatus(for:)`).
  @available(iOS, introduced: 8.0, deprecated: 14.0)
  open class func authorizationStatus() -> PHAuthorizationStatus {
    LibraryState.current(for: "PHPhotoLibrary.authorizationStatus()").authorization
  }

  /// `authorizationStatus(for:)`: the world's status (one for both access levels).
  open class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus {
    LibraryState.current(for: "PHPhotoLibrary.authorizationStatus(for:)").authorization
  }

  /// `requestAuthorization(_:)` (deprecated in iOS 14): `requestAuthorization(for:handler:)`
  /// for `.readWrite`.
  @available(iOS, introduced: 8.0, deprecated: 14.0)
  open class func requestAuthorization(_ handler: @escaping (PHAuthorizationStatus) -> Void) {
    answer(handler, api: "PHPhotoLibrary.requestAuthorization(_:)")
  }

  /// `requestAuthorization(for:handler:)`: `handler` gets the status on Photos' serial queue
  /// (see the type's notes).
  open class func requestAuthorization(
    for accessLevel: PHAccessLevel, handler: @escaping (PHAuthorizationStatus) -> Void
  ) {
    answer(handler, api: "PHPhotoLibrary.requestAuthorization(for:handler:)")
  }

  /// `requestAuthorization(for:) async`: the status the handler form would give, once it is
  /// given.
  open class func requestAuthorization(for accessLevel: PHAccessLevel) async
    -> PHAuthorizationStatus
  {
    let state = LibraryState.current(for: "PHPhotoLibrary.requestAuthorization(for:)")
    return decide(state)
  }

  /// The library `shared()` answers outside any world.
  static let detached = PHPhotoLibrary()

  /// The serial queue authorization handlers, change blocks and their completions run on.
  static let libraryQueue = DispatchQueue(label: "com.apple.photos.library")  // allowed: simulated

  /// Decides the status now and calls `handler` with it on the authorization queue.
  static func answer(_ handler: @escaping (PHAuthorizationStatus) -> Void, api: StaticString) {
    let status = decide(LibraryState.current(for: api))
    let call = Unchecked(handler)
    libraryQueue.async { call.value(status) }
  }

  /// The status a request gives: `.notDetermined` becomes `.authorized`; traced.
  static func decide(_ state: LibraryState) -> PHAuthorizationStatus {
    if state.authorization == .notDetermined { state.authorization = .authorized }
    let status = state.authorization
    state.world.trace.record(at: state.world.now, "photos.authorization") {
      $0.field("status", status.rawValue)
    }
    return status
  }

  // MARK: Change observers

  /// `register(_:)`: keeps `observer` weakly (it is never called: the library does not change).
  open func register(_ observer: any PHPhotoLibraryChangeObserver) {
    observers.removeAll { $0.observer == nil }
    observers.append(WeakObserver(observer: observer))
  }

  /// `unregisterChangeObserver(_:)`: forgets `observer`.
  open func unregisterChangeObserver(_ observer: any PHPhotoLibraryChangeObserver) {
    observers.removeAll { $0.observer == nil || $0.observer === observer }
  }

  /// The observers registered and still alive, in registration order.
  var registeredObservers: [any PHPhotoLibraryChangeObserver] {
    observers.compactMap(\.observer)
  }
}

/// `PHPhotoLibraryChangeObserver`.
public protocol PHPhotoLibraryChangeObserver: NSObjectProtocol {
  /// Called when the library changes (never, in a run).
  func photoLibraryDidChange(_ changeInstance: PHChange)
}

/// `PHChange`: what changed in the library. A run's library never changes, so no observer
/// gets one; a test can make one, which reports no details.
open class PHChange: NSObject, @unchecked Sendable {
  /// A change with no details.
  public override init() {}

  /// `changeDetails(for:)` of a fetch result: nil (nothing in it changed).
  open func changeDetails<T>(for object: PHFetchResult<T>) -> PHFetchResultChangeDetails<T>? {
    nil
  }

  /// `changeDetails(for:)` of an object: nil (it did not change).
  open func changeDetails<T: PHObject>(for object: T) -> PHObjectChangeDetails<T>? { nil }
}

/// `PHFetchResultChangeDetails`: declared so that change handlers compile; never made.
open class PHFetchResultChangeDetails<ObjectType: AnyObject>: NSObject, @unchecked Sendable {
  /// The result before.
  public let fetchResultBeforeChanges: PHFetchResult<ObjectType>
  /// The result after.
  public let fetchResultAfterChanges: PHFetchResult<ObjectType>

  /// Details from `before` to `after`.
  init(before: PHFetchResult<ObjectType>, after: PHFetchResult<ObjectType>) {
    fetchResultBeforeChanges = before
    fetchResultAfterChanges = after
  }

  /// False.
  open var hasIncrementalChanges: Bool { false }
  /// Nil.
  open var removedIndexes: IndexSet? { nil }
  /// None.
  open var removedObjects: [ObjectType] { [] }
  /// Nil.
  open var insertedIndexes: IndexSet? { nil }
  /// None.
  open var insertedObjects: [ObjectType] { [] }
  /// Nil.
  open var changedIndexes: IndexSet? { nil }
  /// None.
  open var changedObjects: [ObjectType] { [] }
  /// False.
  open var hasMoves: Bool { false }
  /// Calls nothing.
  open func enumerateMoves(_ handler: (Int, Int) -> Void) {}
}

/// `PHObjectChangeDetails`: declared so that change handlers compile; never made.
open class PHObjectChangeDetails<ObjectType: PHObject>: NSObject, @unchecked Sendable {
  /// The object before.
  public let objectBeforeChanges: ObjectType
  /// The object after, nil if deleted.
  public let objectAfterChanges: ObjectType?

  /// Details of an unchanged `object`.
  init(object: ObjectType) {
    objectBeforeChanges = object
    objectAfterChanges = object
  }

  /// False.
  open var assetContentChanged: Bool { false }
  /// False.
  open var objectWasDeleted: Bool { false }
}

import CellSimUIKit
import SimKernel
import SimNetwork

/// One read of an asset's bytes on the world's network: a transfer of the asset's URL, shared
/// by every request and caching call of that asset made while it is in flight (Photos reads an
/// asset once, whoever asked). Each asker waits with a number; when the last withdraws, the
/// transfer is cancelled.
final class AssetRead: TransferClient {
  /// The asset's URL.
  let url: String
  /// The library it reads for.
  unowned let state: LibraryState
  /// The transfer, once submitted.
  @exclusivity(unchecked) var transfer: Transfer?
  /// The askers, in the order they asked.
  @exclusivity(unchecked) var waiters: [(id: Int, done: (Result<Data, any Error>) -> Void)] = []
  /// The body so far.
  @exclusivity(unchecked) var body: [UInt8] = []
  /// The last asker's number.
  @exclusivity(unchecked) var lastWaiter = 0
  /// Set when every asker withdrew and the transfer was cancelled.
  @exclusivity(unchecked) var isAbandoned = false

  /// A read of `url` for `state`'s library, not yet submitted.
  init(url: String, state: LibraryState) {
    self.url = url
    self.state = state
  }

  /// The read of `url` in flight in `state`'s library, or a new one, submitted now at
  /// `priority` (a read already in flight is raised to it if lower).
  static func of(_ url: URL, in state: LibraryState, priority: Float) -> AssetRead {
    let text = url.absoluteString
    if let read = state.reads[text] {
      if let transfer = read.transfer, transfer.priority < priority {
        state.network.setPriority(priority, of: transfer)
      }
      return read
    }
    let read = AssetRead(url: text, state: state)
    state.reads[text] = read
    read.transfer = state.network.submit(url: text, priority: priority, client: read)
    return read
  }

  /// Adds an asker; `done` runs when the transfer ends (not if it withdraws first). Returns
  /// its number, for `withdraw(_:)`.
  func wait(_ done: @escaping (Result<Data, any Error>) -> Void) -> Int {
    lastWaiter += 1
    waiters.append((lastWaiter, done))
    return lastWaiter
  }

  /// Removes asker `id`; the transfer is cancelled when none is left.
  func withdraw(_ id: Int) {
    waiters.removeAll { $0.id == id }
    guard waiters.isEmpty, let transfer, !transfer.hasEnded else { return }
    isAbandoned = true
    if state.reads[url] === self { state.reads[url] = nil }
    state.network.cancel(transfer)
  }

  /// Ignored: the body and the end say all Photos needs.
  func transferDidReceiveResponse(_ transfer: Transfer, status: Int) {}

  /// Keeps a chunk of the body.

  func transfer(_ transfer: Transfer, didReceive chunk: ArraySlice<UInt8>) {
    body.append(contentsOf: chunk)
  }

  /// Hands the bytes (or the error) to every asker, in order, at once: Photos takes an
  /// asset's data as soon as it is read (the transfer's callback, for `no_delivery_stall`).
  func transfer(_ transfer: Transfer, didEndWith outcome: TransferOutcome) {
    if state.reads[url] === self { state.reads[url] = nil }
    if isAbandoned { return }
    state.network.callbackRan(transferID: transfer.id)
    let result: Result<Data, any Error>
    if let error = NetworkError(outcome) {
      result = .failure(Self.urlError(error, url: url))
    } else {
      result = .success(Data(body))
    }
    body = []
    let askers = waiters
    waiters = []
    for asker in askers { asker.done(result) }
  }

  /// The world ended with the read in flight: its askers are dropped unheard.
  func networkDidTearDown() { waiters = [] }

  /// The error Foundation reports for `error` (a 404 is a file that does not exist).
  static func urlError(_ error: NetworkError, url: String) -> any Error {
    let info: [String: Any] = URL(string: url).map { [NSURLErrorFailingURLErrorKey: $0] } ?? [:]
    switch error {
    case .cancelled: return URLError(.cancelled, userInfo: info)
    case .http: return CocoaError(.fileReadNoSuchFile, userInfo: info)
    case .timedOut: return URLError(.timedOut, userInfo: info)
    case .connectionReset: return URLError(.networkConnectionLost, userInfo: info)
    case .offline: return URLError(.notConnectedToInternet, userInfo: info)
    }
  }
}

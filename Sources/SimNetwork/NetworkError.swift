/// Why a URL-loading API did not deliver a body, as its completion reports it.
public enum NetworkError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The task was cancelled before its transfer ended (`NSURLErrorCancelled`).
  case cancelled
  /// The server answered with an HTTP error status; no body was delivered.
  case http(status: Int)
  /// No byte arrived in time (`NSURLErrorTimedOut`).
  case timedOut
  /// The connection reset part way through the body (`NSURLErrorNetworkConnectionLost`).
  case connectionReset
  /// The network was down (`NSURLErrorNotConnectedToInternet`).
  case offline

  /// The error for a transfer outcome; nil for success.
  package init?(_ outcome: TransferOutcome) {
    switch outcome {
    case .success: return nil
    case .http(let status): self = .http(status: status)
    case .timedOut: self = .timedOut
    case .connectionReset: self = .connectionReset
    case .offline: self = .offline
    case .cancelled: self = .cancelled
    }
  }

  /// A short phrase, e.g. `HTTP 404`, `timed out`.
  public var description: String {
    switch self {
    case .cancelled: return "cancelled"
    case .http(let status): return "HTTP \(status)"
    case .timedOut: return "timed out"
    case .connectionReset: return "connection reset"
    case .offline: return "offline"
    }
  }
}

/// A successful response: the URL, its status and the whole body.
public struct NetworkResponse: Hashable, Sendable {
  /// The requested URL.
  public let url: String
  /// The HTTP status (200).
  public let status: Int
  /// The body as delivered (a `corrupt` rule may have damaged it).
  public let body: [UInt8]
  /// The id of the transfer that delivered it (`FakeNetwork.record(id:)`).
  public let transferID: Int
}

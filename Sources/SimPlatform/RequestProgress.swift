/// How far one request's transfer has come: a snapshot of `URLSessionTask.progress`.
///
/// Foundation gives every task a `Progress` (`URLSessionTask.progress`, iOS 11; Apple's
/// documentation: "A representation of the overall task progress") whose
/// `completedUnitCount` counts the body bytes received so far and whose `totalUnitCount` is the
/// expected length once the response has arrived. URLSession updates it as each chunk arrives
/// (`urlSession(_:dataTask:didReceive:)`), which is what a progress block reports. A
/// `RequestProgress` is that progress at one instant, plus the identity of the request it
/// belongs to (the URL and the transfer), which only the network can set: a loader cannot make
/// one, only pass on what a task gives it. `ProgressView.setProgress(_:animated:)` takes one,
/// so the oracle's `progress_isolation` can judge whose progress a view shows.
public struct RequestProgress: Sendable, Equatable {
  /// Body bytes received so far (`Progress.completedUnitCount`).
  public let completedUnitCount: Int64
  /// The expected body length, or -1 before the response (`Progress.totalUnitCount`, which
  /// URLSession leaves at -1 while the length is unknown).
  public let totalUnitCount: Int64
  /// The URL of the request.
  public let url: String
  /// The id of the network transfer the bytes came from (`FakeNetwork.record(id:)`); 0 for a
  /// task that never started a transfer.
  package let transferID: Int

  /// A snapshot; only the network makes one.
  package init(completed: Int64, total: Int64, url: String, transferID: Int) {
    completedUnitCount = completed
    totalUnitCount = total
    self.url = url
    self.transferID = transferID
  }

  /// `Progress.fractionCompleted`: completed over total, 0 while the total is unknown (or 0),
  /// clamped to 0…1.
  public var fractionCompleted: Double {
    guard totalUnitCount > 0 else { return 0 }
    return min(1, max(0, Double(completedUnitCount) / Double(totalUnitCount)))
  }
}

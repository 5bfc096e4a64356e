import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `URLProtocol`'s request properties: values a protocol attaches to a request under a key, most
/// often a mark that stops it from serving the request it made itself:
///
/// ```swift
/// let marked = (request as NSURLRequest).mutableCopy() as! NSMutableURLRequest
/// URLProtocol.setProperty(true, forKey: "Handled", in: marked)
/// // canInit(with:): URLProtocol.property(forKey: "Handled", in: request) == nil
/// ```
///
/// A property stays with the request through copies, `as URLRequest` / `as NSURLRequest`, and
/// changes to its other fields, as in Foundation. Foundation on Linux drops them when a request
/// is copied or bridged, so the layer keeps the values in a table of the world's and the request
/// carries only the table entry's number, in a header named `X-CellSim-Protocol-Properties`
/// that the simulated network ignores. Divergence: code that lists a request's headers sees
/// that header, and two requests that differ only in their properties are not equal (`==`).
/// Setting or removing a property gives the request a new entry, so requests copied earlier
/// keep the values they had.
extension URLProtocol {
  /// The property stored under `key` in `request`, or nil.
  public class func property(forKey key: String, in request: URLRequest) -> Any? {
    guard let entry = request.value(forHTTPHeaderField: RequestProperties.header) else {
      return nil
    }
    return RequestProperties.values(of: entry)[key]
  }

  /// Stores `value` under `key` in `request`.
  public class func setProperty(_ value: Any, forKey key: String, in request: NSMutableURLRequest) {
    var values = RequestProperties.values(
      of: request.value(forHTTPHeaderField: RequestProperties.header))
    values[key] = value
    request.setValue(RequestProperties.store(values), forHTTPHeaderField: RequestProperties.header)
  }

  /// Removes the property stored under `key` in `request`, if any.
  public class func removeProperty(forKey key: String, in request: NSMutableURLRequest) {
    let entry = request.value(forHTTPHeaderField: RequestProperties.header)
    guard entry != nil else { return }
    var values = RequestProperties.values(of: entry)
    values[key] = nil
    let stored = values.isEmpty ? nil : RequestProperties.store(values)
    request.setValue(stored, forHTTPHeaderField: RequestProperties.header)
  }
}

/// The values of request properties, by entry number; the request's header names its entry.
/// Entries are never changed once stored (a change makes a new one). Inside a world they are the
/// world's (numbered from 0 in each run, so a header's value is the same in every process, and
/// dropped with the world's other attachments at its end, so a fuzz campaign does not keep every
/// run's); a request marked outside any world uses a process-wide table, guarded by a real lock.
final class RequestProperties {
  static let header = "X-CellSim-Protocol-Properties"
  var entries: [[String: Any]] = []
  /// The table of calls made outside any world, for the process's life.
  nonisolated(unsafe) static let process = RequestProperties()
  static let lock = Foundation.NSLock()

  /// The calling code's table: its world's, else the process's.
  static func withTable<Result>(_ body: (RequestProperties) -> Result) -> Result {
    if let world = SimulationContext.world {
      return body(world.layerAttachment { RequestProperties() })
    }
    lock.lock()
    defer { lock.unlock() }
    return body(process)
  }

  /// The values of the entry a header names (none for no header or an unknown entry).
  static func values(of entry: String?) -> [String: Any] {
    guard let entry, let index = Int(entry) else { return [:] }
    return withTable { $0.entries.indices.contains(index) ? $0.entries[index] : [:] }
  }

  /// Stores `values` as a new entry and returns the header value naming it.
  static func store(_ values: [String: Any]) -> String {
    withTable { table in
      table.entries.append(values)
      return String(table.entries.count - 1)
    }
  }
}

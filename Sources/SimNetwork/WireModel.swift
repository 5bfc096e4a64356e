package import SimKernel

/// The arithmetic of the wire, kept pure so tests can check it on hand-computed cases.
package enum WireModel {
  /// z of the 99th percentile of the standard normal distribution.
  package static let z99 = 2.3263478740408408
  /// The longest latency a draw may give: one day. A lognormal tail beyond it is clamped, so
  /// the conversion to nanoseconds can never overflow.
  package static let maxLatency = SimDuration.s(86_400)

  /// A draw from `latency`, using `stream` (the transfer's keyed latency stream).
  ///
  /// Fixed latencies consume no draw. Uniform draws an integer nanosecond count. Lognormal
  /// computes `median · exp(σ·z)` in doubles with `DeterministicMath` (never libm, so every
  /// machine gets the same bits) and rounds once to the nearest nanosecond.
  package static func draw(_ latency: Latency, from stream: inout RandomStream) -> SimDuration {
    switch latency {
    case .fixed(let value):
      return value
    case .uniform(let min, let max):
      return .ns(stream.int(in: min.nanoseconds...max.nanoseconds))
    case .lognormal(let median, let p99):
      let sigma = DeterministicMath.log(Double(p99.nanoseconds) / Double(median.nanoseconds)) / z99
      let value = Double(median.nanoseconds) * DeterministicMath.exp(sigma * stream.normal())
      let capped = min(value.rounded(), Double(maxLatency.nanoseconds))
      return .ns(Int64(capped))
    }
  }

  /// The time `bytes` take at `bandwidth` bytes per second: `ceil(bytes × 10⁹ / bandwidth)`
  /// nanoseconds, exact in integers (a byte has not arrived until all of it has, so the
  /// division rounds up). Unlimited bandwidth (nil) takes no time.
  package static func transmissionTime(bytes: Int64, bandwidth: Int64?) -> SimDuration {
    guard let bandwidth, bytes > 0 else { return .zero }
    precondition(bandwidth > 0, "WireModel.transmissionTime: bandwidth must be positive")
    let product = UInt64(bytes).multipliedFullWidth(by: 1_000_000_000)
    // A quotient that does not fit in 64 bits is far past any run's end; clamp it.
    guard product.high < UInt64(bandwidth) else { return .ns(Int64.max / 4) }
    let (quotient, remainder) = UInt64(bandwidth).dividingFullWidth(product)
    let rounded = quotient + (remainder > 0 ? 1 : 0)
    return .ns(Int64(min(rounded, UInt64(Int64.max / 4))))
  }

  /// The cumulative byte counts at which chunks end for a body of `total` bytes cut into
  /// `chunkSize` pieces: `chunkSize, 2·chunkSize, …, total`. Empty for an empty body.
  package static func chunkEnds(total: Int64, chunkSize: Int64) -> [Int64] {
    precondition(chunkSize > 0, "WireModel.chunkEnds: chunk size must be positive")
    guard total > 0 else { return [] }
    return Array(stride(from: chunkSize, to: total, by: Int(chunkSize))) + [total]
  }

  /// The body a corruption delivers in place of `body`.
  package static func corrupt(
    _ body: [UInt8], with corruption: Corruption, stream: inout RandomStream
  ) -> [UInt8] {
    switch corruption {
    case .truncate:
      return Array(body.prefix(body.count / 2))
    case .flipBytes:
      guard !body.isEmpty else { return body }
      var result = body
      var flipped = Set<Int>()  // membership only; its order never reaches any output
      let flips = 1 + body.count / 10_000
      while flipped.count < flips {
        let position = Int(stream.next(below: UInt64(body.count)))
        guard flipped.insert(position).inserted else { continue }
        result[position] ^= UInt8(1 + stream.next(below: 255))
      }
      return result
    }
  }

  /// The host part of `url`: after `scheme://` and any `user@`, up to the first `/`, `?`, `#`
  /// or `:` (the port is not part of the host), lowercased. A URL without a scheme is read as
  /// starting with its host.
  package static func host(of url: String) -> String {
    if let host = url.utf8.withContiguousStorageIfAvailable(asciiHost) ?? nil { return host }
    return characterHost(of: url)
  }

  /// `host(of:)` by `Character`, for any URL.
  static func characterHost(of url: String) -> String {
    var rest = Substring(url)
    if let range = rest.firstRange(of: "://") { rest = rest[range.upperBound...] }
    if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
      rest = rest[..<end]
    }
    if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
    if let colon = rest.firstIndex(of: ":") { rest = rest[..<colon] }
    return rest.lowercased()
  }

  /// `host(of:)` by bytes, for an all-ASCII URL (where every character is one byte, and
  /// lowercasing is ASCII's); nil for any other, left to the general form. A transfer is
  /// created for every request, and splitting its URL by `Character` cost more than the rest
  /// of creating it.
  static func asciiHost(_ url: UnsafeBufferPointer<UInt8>) -> String? {
    guard url.allSatisfy({ $0 < 0x80 }) else { return nil }
    let slash = UInt8(ascii: "/")
    var start = 0
    if url.count >= 3 {
      for index in 0...(url.count - 3)
      where url[index] == UInt8(ascii: ":") && url[index + 1] == slash && url[index + 2] == slash {
        start = index + 3
        break
      }
    }
    var end = start
    while end < url.count, url[end] != slash, url[end] != UInt8(ascii: "?"),
      url[end] != UInt8(ascii: "#")
    {
      end += 1
    }
    if let at = url[start..<end].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
    if let colon = url[start..<end].firstIndex(of: UInt8(ascii: ":")) { end = colon }
    let lowered = url[start..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    return String(decoding: lowered, as: UTF8.self)
  }

  /// The StableHasher (FNV-1a 64) digest of `bytes`.
  package static func digest<Bytes: Sequence>(_ bytes: Bytes) -> UInt64
  where Bytes.Element == UInt8 {
    var hasher = StableHasher()
    hasher.combine(bytes: bytes)
    return hasher.value
  }
}

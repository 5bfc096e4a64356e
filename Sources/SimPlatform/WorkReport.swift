package import PNGRender

/// A piece of disk or decode work that just started, for the oracle's `no_wasted_work` and the
/// `wasted_work` metrics: which bytes it works on, so the oracle can tell which URL it serves,
/// and how many bytes it moves. Not traced: the trace and digest of a run do not change.
///
/// A started step always runs to its end (nothing stops a step midway), so work reported here
/// is work done.
package struct WorkReport {
  /// What kind of work.
  package enum Kind: String, Sendable {
    /// A `DiskCache` read (a hit or a miss).
    case diskRead = "disk read"
    /// A decode: `DecoderService.decode`/`decodePartial`, or an encoded image decoded on a
    /// thread (lazily at display, or by a resample or processing pass).
    case decode
  }

  /// What kind of work.
  package let kind: Kind
  /// Where the bytes came from: a read's own key; for a decode, the key of the disk read that
  /// returned exactly the bytes decoded, or the URL of the transfer that delivered them, on
  /// the same execution or the one that dispatched its block (a disk-then-decode pipeline, a
  /// completion handler that decodes); nil when nothing known supplied them.
  package let sourceKey: String?
  /// The content digest of the decoded bytes (decodes only).
  package let source: ContentDigest?
  /// The bytes a disk read returns (reads only, nil on a miss), whose digest names the URL
  /// when the key is not one.
  package let readBytes: [UInt8]?
  /// The bytes the work moves: a read's bytes, a decode's full-size pixel bytes
  /// (width × height × 4).
  package let bytes: Int64
  /// The name of the thread doing it.
  package let thread: String
}

extension Execution {
  /// Records that `bytes` came to this execution from `key` (a disk read's key, a transfer's
  /// URL): a decode of exactly those bytes later on it, or on work it dispatches to a queue
  /// (`SimulatedQueue.async`), is attributed to `key`. Nil bytes (a miss) forget the last.
  package func noteSource(key: String, bytes: [UInt8]?) {
    lastSource = bytes.map { (key, $0) }
  }

  /// The key the bytes of digest `source` (`count` bytes long) came from, if this execution's
  /// last source supplied exactly them. The digest is computed only when the lengths agree
  /// (and remembered per array).
  func sourceKey(supplying source: ContentDigest, count: Int) -> String? {
    guard let last = lastSource, last.bytes.count == count,
      ContentDigest(of: last.bytes) == source
    else { return nil }
    return last.key
  }
}

extension World {
  /// Sends a work report for a decode of `source`'s bytes (`byteCount` of them, `width ×
  /// height` pixels) that starts now on `execution`.
  func reportDecode(
    source: ContentDigest, byteCount: Int, width: Int, height: Int, on execution: Execution
  ) {
    reports.send(
      .work(
        WorkReport(
          kind: .decode,
          sourceKey: execution.sourceKey(supplying: source, count: byteCount), source: source,
          readBytes: nil, bytes: Int64(width) * Int64(height) * 4, thread: execution.thread.name
        )))
  }
}

extension Image {
  /// The image a warm memory cache holds for `bytes` before the run (a scenario's
  /// `warm_start`): decoded and resampled to `target` at no simulated cost, as a previous
  /// session of the app would have left it, its memory registered with `world`'s meter; nil
  /// if the bytes do not decode.
  package static func warmStart(_ bytes: [UInt8], target: DecodeTarget, world: World) -> Image? {
    let digest = ContentDigest(of: bytes)
    guard
      case .success(let bitmap) = DecodeMemo.shared.decode(bytes, digest: digest, target: target)
    else { return nil }
    return Image(
      bitmap: bitmap, provenance: ImageProvenance(source: digest, transforms: [target]),
      meter: world.memory)
  }
}

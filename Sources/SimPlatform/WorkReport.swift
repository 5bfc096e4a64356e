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
  /// The disk key: a read's own key, or for a decode, the key of the read on the same
  /// execution that returned exactly the bytes decoded (a disk-then-decode pipeline); nil when
  /// no read is known to have supplied them.
  package let diskKey: String?
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
  /// Records that this execution's disk read of `key` returned `bytes`: a decode of exactly
  /// those bytes later on the same execution, or on work it dispatches to a queue
  /// (`SimulatedQueue.async`), is attributed to `key`.
  func noteDiskRead(key: String, bytes: [UInt8]?) {
    lastDiskRead = bytes.map { (key, ContentDigest(of: $0)) }
  }

  /// The key of this execution's last disk read, if it returned bytes of digest `source`.
  func diskKey(supplying source: ContentDigest) -> String? {
    guard let read = lastDiskRead, read.digest == source else { return nil }
    return read.key
  }
}

extension World {
  /// Sends a work report for a decode of `source`'s bytes (`width × height` pixels) that
  /// starts now on `execution`.
  func reportDecode(source: ContentDigest, width: Int, height: Int, on execution: Execution) {
    reports.send(
      .work(
        WorkReport(
          kind: .decode, diskKey: execution.diskKey(supplying: source), source: source,
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

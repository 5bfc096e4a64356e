public import PNGRender
import Synchronization

/// Serial numbers for images, unique within the process.
private let nextImageSerial = Atomic<UInt64>(1)

/// Where an image's pixels came from: the digest of the PNG bytes it was decoded from, whether
/// it is a partial preview of them, the transforms applied in order (downsample, aspect-fill
/// crop, resample), and the processing applied after them
/// (`DecoderService.process(_:key:on:completion:)`).
///
/// Image identity is real content, not a tag a loader could copy by mistake: the oracle
/// compares `source` with the digests of the bytes the network served for a row's URL.
public struct ImageProvenance: Hashable, Sendable, CustomStringConvertible {
  /// The digest of the encoded bytes.
  public let source: ContentDigest
  /// For a *partial preview* (a partial decode of a transfer's first bytes:
  /// `Image(partialData:)`, `DecoderService.decodePartial`), how many bytes `source` covers;
  /// nil for an image decoded as a whole file. The oracle's `no_corrupt_image` accepts a
  /// partial preview of bytes a transfer delivered, where it flags a full decode of them.
  public let partialBytes: Int?
  /// Transforms applied after decoding, in order; empty means full size.
  public let transforms: [DecodeTarget]
  /// The processing keys applied after the transforms, in order; empty means none.
  public let processing: [String]

  /// A provenance with `source`, `transforms` and `processing`, a partial preview of
  /// `partialBytes` bytes when that is given.
  package init(
    source: ContentDigest, transforms: [DecodeTarget] = [], partialBytes: Int? = nil,
    processing: [String] = []
  ) {
    self.source = source
    self.partialBytes = partialBytes
    self.transforms = transforms.filter { $0 != .fullSize }
    self.processing = processing
  }

  /// Whether the image is a partial preview (`partialBytes` is set).
  public var isPartial: Bool { partialBytes != nil }

  /// This provenance followed by one more transform (a resample of processed pixels keeps the
  /// processing: it was applied to what is resampled).
  package func appending(_ transform: DecodeTarget) -> ImageProvenance {
    ImageProvenance(
      source: source, transforms: transforms + [transform], partialBytes: partialBytes,
      processing: processing)
  }

  /// This provenance followed by the processing `key`.
  package func processed(_ key: String) -> ImageProvenance {
    ImageProvenance(
      source: source, transforms: transforms, partialBytes: partialBytes,
      processing: processing + [key])
  }

  /// For example `a1b2…/max 128 px`, `a1b2…/partial 16000 B/max 128 px` for a partial preview
  /// of the first 16,000 bytes, or `a1b2…/max 128 px+rounded` once processed.
  public var description: String {
    var text = source.description
    if let partialBytes { text += "/partial \(partialBytes) B" }
    for transform in transforms { text += "/" + transform.description }
    for key in processing { text += "+" + key }
    return text
  }
}

/// A decoded RGBA8 bitmap whose bytes count in the world's `MemoryMeter` for exactly as long as
/// this object lives (real ARC lifetime).
package final class DecodedBitmap {
  /// The pixels.
  package let bitmap: Bitmap
  let registration: MemoryRegistration

  init(_ bitmap: Bitmap, meter: MemoryMeter, isContent: Bool) {
    self.bitmap = bitmap
    self.registration = MemoryRegistration(
      bytes: Int64(bitmap.width * bitmap.height * 4), meter: meter, isContentImage: isContent)
  }
}

/// A simulated `UIImage`.
///
/// A content image is either *encoded* — made by `Image(data:)`; it decodes lazily, on the main
/// thread, at modelled cost, the first time a frame commits it, as UIKit decodes
/// `UIImage(data:)`, or earlier on the thread of whoever resamples it — or *decoded*, made by
/// the decoder service on any thread. Once decoded,
/// the image keeps its bitmap (and its memory) until it is deallocated. Placeholder, failure
/// and manual images are distinct kinds with no network provenance.
public final class Image {
  /// What an image is, for the oracle.
  public enum Kind: String, Sendable {
    /// Decoded (or to be decoded) from PNG bytes.
    case content
    /// A loader's placeholder.
    case placeholder
    /// A loader's "failed to load" image.
    case failure
    /// An image the app assigned itself (a `set_image` event).
    case manual
  }

  /// The kind.
  public let kind: Kind
  /// A number unique to this image within the process, for identity comparisons that must not
  /// depend on memory addresses (which are reused). Never printed: its value depends on what
  /// else the process created.
  package let serial = nextImageSerial.add(1, ordering: .relaxed).oldValue
  /// For content images, where the pixels come from.
  public let provenance: ImageProvenance?
  /// For a placeholder made on behalf of one request, that request's URL: the oracle's
  /// `no_cross_cell_image` flags it in a cell whose row has another URL. Nil for a shared,
  /// static placeholder (legitimate in any cell) and for every other kind.
  public let requestURL: String?
  /// For a placeholder made on behalf of one request, `World.cellConfigurations` when it was
  /// made: the oracle's `no_cross_cell_image` flags it in a cell configured after that (a
  /// placeholder of an earlier request, SDWebImage #3363). Nil for every other image.
  package let requestEpoch: UInt64?
  /// Size in pixels (known from the header before decoding).
  public let pixelWidth: Int
  /// Size in pixels.
  public let pixelHeight: Int
  /// The encoded bytes of a lazily decoded image; nil once decoded or for decoded images.
  @exclusivity(unchecked) package private(set) var encoded: [UInt8]?
  /// The decoded pixels, once available.
  @exclusivity(unchecked) package private(set) var decoded: DecodedBitmap?
  /// If a lazy decode failed, why (the image then renders as nothing).
  @exclusivity(unchecked) package private(set) var decodeError: PNGError?
  /// The header of an encoded image.
  let header: PNGHeader?
  @exclusivity(unchecked) var storedProvenanceText: String?

  /// Whether the image's pixels were decoded in a world other than the one `meter` belongs to:
  /// an image kept from an earlier run in the same process (a `static` cache outlived its
  /// world). False for an image not decoded yet, which decodes in the world that shows it.
  package func wasDecoded(outside meter: MemoryMeter) -> Bool {
    guard let decoded else { return false }
    return decoded.registration.meter !== meter
  }

  /// `provenance?.description`, made once: a table that traces what it displays prints it
  /// whenever a cell starts showing the image.
  package var provenanceText: String? {
    guard let provenance else { return nil }
    if let text = storedProvenanceText { return text }
    let text = provenance.description
    storedProvenanceText = text
    return text
  }

  /// `UIImage(data:)`: an encoded image that decodes on first display, or nil when the bytes
  /// do not start with a readable PNG header (as UIKit returns nil for data it cannot read).
  public convenience init?(data: [UInt8]) {
    guard let header = try? PNGDecoder().readHeader(data) else { return nil }
    self.init(encoded: data, header: header)
  }

  /// A *partial preview* of `data`, the first bytes of a PNG as a transfer delivers them (what
  /// ImageIO's incremental source gives a progressive loader): an encoded image that decodes
  /// lazily, like `init?(data:)`, but with a partial decode (`PNGDecoder.decodePartial`): the
  /// rows decoded so far, or an interlaced image's coarse passes, over transparent pixels. It
  /// costs a decode of the whole image. Its provenance says it is partial, so the oracle's
  /// `no_corrupt_image` accepts it when a transfer delivered exactly these bytes. Nil until
  /// `data` holds a readable PNG header.
  public convenience init?(partialData data: [UInt8]) {
    guard let header = try? PNGDecoder().readHeader(data) else { return nil }
    self.init(
      encoded: data, header: header,
      provenance: ImageProvenance(source: ContentDigest(of: data), partialBytes: data.count))
  }

  /// An encoded image whose bytes are a re-encoding of another content image (the UIKit
  /// layer's `pngData()`): it keeps that image's `provenance`, so the oracle still knows whose
  /// pixels it shows. Nil when the bytes have no readable PNG header.
  package convenience init?(reencoded data: [UInt8], provenance: ImageProvenance) {
    guard let header = try? PNGDecoder().readHeader(data) else { return nil }
    self.init(encoded: data, header: header, provenance: provenance)
  }

  init(encoded data: [UInt8], header: PNGHeader, provenance: ImageProvenance? = nil) {
    kind = .content
    self.provenance = provenance ?? ImageProvenance(source: ContentDigest(of: data))
    requestURL = nil
    requestEpoch = nil
    pixelWidth = header.width
    pixelHeight = header.height
    encoded = data
    self.header = header
  }

  /// A decoded content image; its bytes are registered with `meter` while it lives.
  init(bitmap: Bitmap, provenance: ImageProvenance, meter: MemoryMeter) {
    kind = .content
    self.provenance = provenance
    requestURL = nil
    requestEpoch = nil
    pixelWidth = bitmap.width
    pixelHeight = bitmap.height
    decoded = DecodedBitmap(bitmap, meter: meter, isContent: true)
    header = nil
  }

  /// A placeholder, failure or manual image of the given pixel size, filled with one colour.
  /// Its bitmap counts toward decoded memory like any other. `requestURL` (placeholders only)
  /// names the request the placeholder was made for.
  package init(kind: Kind, width: Int, height: Int, world: World, requestURL: String? = nil) {
    precondition(kind != .content, "Image(kind:): content images come from bytes or decoding")
    precondition(width >= 1 && height >= 1, "Image(kind:): size must be at least 1×1")
    precondition(
      requestURL == nil || kind == .placeholder, "Image(kind:): only placeholders name a request")
    self.kind = kind
    provenance = nil
    self.requestURL = requestURL
    requestEpoch = requestURL == nil ? nil : world.cellConfigurations
    pixelWidth = width
    pixelHeight = height
    let fill: [UInt8] =
      switch kind {
      case .placeholder: [0xD0, 0xD0, 0xD0, 0xFF]
      case .failure: [0xE0, 0x40, 0x40, 0xFF]
      default: [0x40, 0x80, 0xE0, 0xFF]
      }
    decoded = DecodedBitmap(
      Bitmap(width: width, height: height, pixels: Self.filled(fill, count: width * height)),
      meter: world.memory, isContent: false)
    header = nil
  }

  /// `pattern` repeated `count` times, written by doubling copies (a large placeholder is
  /// megabytes: a byte-at-a-time loop cost more than the rest of its frame).
  static func filled(_ pattern: [UInt8], count: Int) -> [UInt8] {
    let total = pattern.count * count
    return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
      guard total > 0 else { return }
      let base = UnsafeMutableRawPointer(buffer.baseAddress!)
      pattern.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      var done = pattern.count
      while done < total {
        let chunk = min(done, total - done)
        (base + done).copyMemory(from: base, byteCount: chunk)
        done += chunk
      }
      initialized = total
    }
  }

  /// Whether the pixels are available without decoding.
  public var isDecoded: Bool { decoded != nil }

  /// Decodes an encoded image for a frame commit: charges the device's decode cost to the
  /// commit's main-thread `execution` (the cost extends the frame) and does the real decode
  /// (memoized per process). The pixels are there for the frame being committed, which
  /// presents only after the cost: the main thread's rule that a callback's effects happen at
  /// its start (`Execution`). Does nothing if already decoded or already failed.
  package func decodeForDisplay(on execution: Execution) {
    guard encoded != nil, let header, decodeError == nil else { return }
    let cost = execution.world.device.decodeCost(width: header.width, height: header.height)
    execution.world.decodes.recordDecode(cost: cost, onMain: execution.thread.isMain)
    reportDecode(header, on: execution)
    execution.spend(cost)
    applyDecode(on: execution)
  }

  /// Decodes an encoded image as a CPU step of `execution`, on whatever thread runs it (a
  /// worker needs a CPU slot, as for `DecoderService`): the pixels appear when the step's cost
  /// has been paid, not when it starts, so no other thread sees them early. Steps issued after
  /// this call run after the decode. Does nothing if already decoded or already failed, or if
  /// another thread's decode finished first.
  package func decode(on execution: Execution) {
    guard encoded != nil, let header, decodeError == nil else { return }
    let cost = execution.world.device.decodeCost(width: header.width, height: header.height)
    execution.world.decodes.recordDecode(cost: cost, onMain: execution.thread.isMain)
    reportDecode(header, on: execution)
    execution.spend(cost) { [self] in applyDecode(on: execution) }
  }

  /// Reports a decode of this encoded image starting on `execution` (`WorkReport`).
  func reportDecode(_ header: PNGHeader, on execution: Execution) {
    guard let provenance, let encoded else { return }
    execution.world.reportDecode(
      source: provenance.source, byteCount: encoded.count, width: header.width,
      height: header.height, on: execution)
  }

  /// Does the real decode now and traces it with the thread that paid for it.
  func applyDecode(on execution: Execution) {
    guard let bytes = encoded, decodeError == nil else { return }
    let world = execution.world
    // A re-encoded resample decodes to its own pixels, not its source's: memoize it by its bytes.
    let transforms = provenance!.transforms
    let digest = transforms.isEmpty ? provenance!.source : ContentDigest(of: bytes)
    let partial = provenance!.isPartial && transforms.isEmpty
    let result =
      partial
      ? DecodeMemo.shared.decodePartial(bytes, digest: digest, target: .fullSize)
      : DecodeMemo.shared.decode(bytes, digest: digest, target: .fullSize)
    switch result {
    case .success(let bitmap):
      decoded = DecodedBitmap(bitmap, meter: world.memory, isContent: true)
      encoded = nil
    case .failure(let error):
      decodeError = error
    }
    world.trace.record(at: world.now, "image.decode") {
      $0.field("thread", execution.thread.name)
      $0.field("src", provenance!.source.description)
      if partial { $0.field("partial", bytes.count) }
      $0.field("ok", decodeError == nil)
    }
  }
}

public import PNGRender
package import SimKernel

/// Counts of decode work, for the `decodes` and `decode_ms` metrics.
package struct DecodeStats: Hashable, Sendable {
  /// Decodes started (lazy main-thread decodes and decoder-service decodes).
  package internal(set) var decodes = 0
  /// Decodes that ran on the main thread.
  package internal(set) var mainThreadDecodes = 0
  /// Modelled time spent decoding and resampling.
  package internal(set) var decodeTime: SimDuration = .zero

  mutating func recordDecode(cost: SimDuration, onMain: Bool) {
    decodes += 1
    if onMain { mainThreadDecodes += 1 }
    decodeTime += cost
  }
}

/// The decoder that loaders call as a step on the calling thread.
///
/// A decode is CPU work: its cost comes from the PNG header's dimensions and the device
/// profile (`decodeCost`, plus `resampleCost` of the source when the target resamples), it
/// needs a CPU slot on a worker (the main thread has its own core), and the real libpng decode
/// happens at the step's end, so the image appears at the right instant. From the moment the
/// step is reached until it ends, the decode's working memory (the full bitmap of a
/// decode-then-resize path, or the target plus one row when streaming: `DecodePlan`) is
/// registered with the memory meter. Results are memoized per process without changing cost.
public final class DecoderService {
  unowned let world: World
  /// The limits every decode checks after the header, before allocating.
  @exclusivity(unchecked) package var limits: DecodeLimits = .default

  init(world: World) { self.world = world }

  /// Decodes `data` to `target` as a step on `execution`; `completion` runs at the step's end
  /// with a decoded image or the typed error. Bytes without a readable header, or over the
  /// limits, fail after the fixed decode cost, without allocating.
  public func decode(
    _ data: [UInt8], target: DecodeTarget = .fullSize, on execution: Execution,
    completion: @escaping (Result<Image, PNGError>) -> Void
  ) {
    decodeStep(data, target: target, partial: false, on: execution, completion: completion)
  }

  /// Decodes `prefix`, the first bytes of a PNG as a transfer delivered them, to a *partial
  /// preview* at `target`, as a step on `execution`, as a progressive loader's incremental
  /// decoder does (ImageIO's `CGImageSourceCreateIncremental`): the rows decoded so far, or an
  /// Adam7 image's coarse passes, over transparent pixels (`PNGDecoder.decodePartial`).
  ///
  /// Priced like `decode(_:target:on:completion:)` of the whole image (an incremental decoder
  /// fills the whole bitmap each time, the rows not yet there included), resampled like a
  /// decode-then-resize, with the full-size bitmap as working memory while it runs. The image's
  /// provenance is the prefix's digest marked partial (`ImageProvenance.partialBytes`), which
  /// the oracle's `no_corrupt_image` accepts when a transfer delivered exactly these bytes.
  /// Fails with the typed error a full decode gives for the bytes present (after the fixed
  /// decode cost when the header is not there yet); running out of bytes is no failure.
  public func decodePartial(
    _ prefix: [UInt8], target: DecodeTarget = .fullSize, on execution: Execution,
    completion: @escaping (Result<Image, PNGError>) -> Void
  ) {
    decodeStep(prefix, target: target, partial: true, on: execution, completion: completion)
  }

  /// The step behind `decode` and `decodePartial`: the header and limits checked now (a
  /// failure costs the fixed decode cost), then the decode's cost spent with its working
  /// memory registered, then the real decode (memoized), traced, and the image handed over.
  private func decodeStep(
    _ bytes: [UInt8], target: DecodeTarget, partial: Bool, on execution: Execution,
    completion: @escaping (Result<Image, PNGError>) -> Void
  ) {
    let decoder = PNGDecoder(limits: limits)
    let header: PNGHeader
    do {
      header = try decoder.readHeader(bytes)
      try limits.check(header)
    } catch {
      execution.spend(world.device.decodeFixed) { completion(.failure(error)) }
      return
    }
    let plan = DecodePlan(header: header, target: target, fullThenResample: partial)
    var cost = world.device.decodeCost(width: header.width, height: header.height)
    if plan.method != .full {
      cost += world.device.resampleCost(sourceWidth: header.width, sourceHeight: header.height)
    }
    let digest = ContentDigest(of: bytes)
    execution.then { [self] in
      var working: MemoryRegistration? = MemoryRegistration(
        bytes: Int64(plan.workingBytes), meter: world.memory)
      world.decodes.recordDecode(cost: cost, onMain: execution.thread.isMain)
      world.reportDecode(
        source: digest, byteCount: bytes.count, width: header.width, height: header.height,
        on: execution)
      execution.spend(cost) { [self] in
        working = nil
        let result =
          partial
          ? DecodeMemo.shared.decodePartial(bytes, digest: digest, target: target)
          : DecodeMemo.shared.decode(bytes, digest: digest, target: target)
        world.trace.record(at: world.now, "decode") {
          $0.field("thread", execution.thread.name)
          $0.field("src", digest.description)
          if partial { $0.field("partial", bytes.count) }
          $0.field("target", target.description)
          $0.field("ok", (try? result.get()) != nil)
        }
        let provenance = ImageProvenance(
          source: digest, transforms: [target], partialBytes: partial ? bytes.count : nil)
        completion(result.map { Image(bitmap: $0, provenance: provenance, meter: world.memory) })
        _ = working
      }
    }
  }

  /// Resamples a decoded image to `target` as a CPU step on `execution` (seed 000's
  /// pre-rendered, cropped cell image; seed 002's downscale). An encoded image is decoded
  /// first, on the calling thread, at its decode cost (a worker's decode counts as a
  /// background decode, a main-thread one as a main-thread decode). `completion` gets the new
  /// image at the step's end; its provenance is the source's plus `target`. Nothing takes
  /// effect before its cost has been paid: the source's pixels appear at the end of the
  /// decode, the new image at the end of the resample.
  public func resample(
    _ image: Image, to target: DecodeTarget, on execution: Execution,
    completion: @escaping (Image) -> Void
  ) {
    precondition(image.kind == .content, "DecoderService.resample: only content images resample")
    pass(over: image, on: execution, completion: completion) { source, provenance in
      let bitmap = DecodeMemo.shared.resample(
        source.bitmap, source: provenance.source, byteCount: source.bitmap.byteCount,
        earlier: provenance.transforms, to: target)
      return (bitmap, provenance.appending(target))
    }
  }

  /// Applies the loader's own processing, named `key` (a rounded-corner, blur or tint
  /// processor, as Kingfisher's `ImageProcessor` and SDWebImage's transformers are), to a
  /// content image as a CPU step on `execution`, priced as one resampling pass over its
  /// pixels. An encoded image is decoded first, on the calling thread, at its decode cost.
  /// `completion` gets a new image at the step's end: the same pixels in a bitmap of its own
  /// (its memory counts separately, as a processor's output does), whose provenance adds
  /// `key`, so its variant (`ImageProvenance.variant`) differs from the unprocessed image's.
  /// The simulator models the processing's cost and identity, not its effect on pixels.
  public func process(
    _ image: Image, key: String, on execution: Execution, completion: @escaping (Image) -> Void
  ) {
    precondition(image.kind == .content, "DecoderService.process: only content images process")
    pass(over: image, on: execution, completion: completion) { [self] source, provenance in
      world.trace.record(at: world.now, "image.process") {
        $0.field("thread", execution.thread.name)
        $0.field("src", provenance.description)
        $0.field("key", key)
      }
      return (source.bitmap, provenance.processed(key))
    }
  }

  /// The step behind `resample` and `process`: one pass over `image`'s pixels, priced as a
  /// resample at its size. An encoded image is decoded first, on the calling thread, at its
  /// decode cost; `make` runs at the pass's end and gives the new pixels and provenance
  /// (`completion` gets `image` itself when it has no pixels, a failed decode).
  private func pass(
    over image: Image, on execution: Execution, completion: @escaping (Image) -> Void,
    make: @escaping (DecodedBitmap, ImageProvenance) -> (Bitmap, ImageProvenance)
  ) {
    // On the calling thread, at its cost; the pass below runs once it has been paid.
    if !image.isDecoded { image.decode(on: execution) }
    execution.then { [self] in
      guard let source = image.decoded, let provenance = image.provenance else {
        completion(image)
        return
      }
      let cost = world.device.resampleCost(
        sourceWidth: image.pixelWidth, sourceHeight: image.pixelHeight)
      world.decodes.decodeTime += cost
      execution.spend(cost) { [self] in
        let (bitmap, provenance) = make(source, provenance)
        completion(Image(bitmap: bitmap, provenance: provenance, meter: world.memory))
      }
    }
  }
}

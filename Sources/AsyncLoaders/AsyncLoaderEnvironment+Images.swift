public import PNGRender
import SimAsync
public import SimPlatform

extension AsyncLoaderEnvironment {
  /// Decodes `data` to `target` on a simulated worker, paying the decode's CPU cost there (a
  /// worker and a CPU slot, waiting for one when all are busy), and returns the image when the
  /// cost has been paid. Throws the decoder's `PNGError` for bytes it cannot decode.
  ///
  /// The decode is not cancellable once started, like `CGImageSourceCreateThumbnailAtIndex`;
  /// check `Task.isCancelled` after it.
  public func decode(
    _ data: [UInt8], target: DecodeTarget = .fullSize,
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Image {
    simulation.nameCurrentTask()
    let (queue, decoder) = (decodeQueue, platform.decoder)
    return try await simulation.awaitCallback("decode", isolation: isolation) { complete in
      queue.async(label: "decode") { execution in
        decoder.decode(data, target: target, on: execution) { complete($0.mapError { $0 }) }
      }
      return nil
    }
  }

  /// Decodes `prefix`, the bytes of a transfer so far (the chunks of `bytes(for:priority:)`
  /// joined), to a partial preview at `target` on a simulated worker, at a whole decode's CPU
  /// cost (`DecoderService.decodePartial`): the rows decoded so far, or an interlaced image's
  /// coarse passes, over transparent pixels. Throws the decoder's `PNGError` for bytes it cannot
  /// decode; running out of bytes is not one. Not cancellable once started; check
  /// `Task.isCancelled` (and the cell's identity) after it.
  public func decodePartial(
    _ prefix: [UInt8], target: DecodeTarget = .fullSize,
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Image {
    simulation.nameCurrentTask()
    let (queue, decoder) = (decodeQueue, platform.decoder)
    return try await simulation.awaitCallback("decode", isolation: isolation) { complete in
      queue.async(label: "decode") { execution in
        decoder.decodePartial(prefix, target: target, on: execution) {
          complete($0.mapError { $0 })
        }
      }
      return nil
    }
  }

  /// Resamples a decoded image to `target` (an aspect-fill crop of the cell's pixel size, say)
  /// on a simulated worker, paying its CPU cost there. An encoded image is decoded first, on
  /// the same worker, at its decode cost.
  public func resample(
    _ image: Image, to target: DecodeTarget, isolation: isolated (any Actor)? = #isolation
  ) async -> Image {
    let decoder = platform.decoder
    return await onDecodeQueue("resample", isolation: isolation) { execution, done in
      decoder.resample(image, to: target, on: execution, completion: done)
    }
  }

  /// Applies the loader's processing `key` to `image` on a simulated worker, paying one
  /// resampling pass's CPU cost there (`DecoderService.process(_:key:on:completion:)`); the
  /// result's variant carries `key`.
  public func process(
    _ image: Image, key: String, isolation: isolated (any Actor)? = #isolation
  ) async -> Image {
    let decoder = platform.decoder
    return await onDecodeQueue("process", isolation: isolation) { execution, done in
      decoder.process(image, key: key, on: execution, completion: done)
    }
  }

  /// Runs `body` as a work item labelled `label` on the decode queue's workers and returns the
  /// image it hands to its completion, the task waiting meanwhile (named after `label`).
  private func onDecodeQueue(
    _ label: String, isolation: isolated (any Actor)?,
    _ body: @escaping (Execution, @escaping (Image) -> Void) -> Void
  ) async -> Image {
    simulation.nameCurrentTask()
    let queue = decodeQueue
    return await simulation.waiting(on: label) {
      await withUnsafeContinuation(isolation: isolation) { continuation in
        queue.async(label: label) { execution in
          body(execution) { continuation.resume(returning: $0) }
        }
      }
    }
  }
}

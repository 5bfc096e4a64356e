import Foundation
import PNGRender
import SimPlatform
import SimThreads

/// `UIImage`'s equality and its PNG, JPEG and HEIC data.
///
/// Equality is identity, as `NSObject`'s `isEqual(_:)` is for two `UIImage` objects made
/// separately (`img != item.image` asks whether the image was replaced).
///
/// `pngData()` and `jpegData(compressionQuality:)` give bytes that `UIImage(data:)` and
/// `CIImage(data:)` read back as the same content, with its provenance, so an image that makes a
/// round trip through them (a filter tutorial's `CIImage(data: image.pngData()!)`) is still known
/// to the oracle as the row's image:
/// - an image made with `UIImage(data:)` gives back the bytes it was made from, at no cost;
/// - any other image (a thumbnail, a redraw, a placeholder) is encoded as a PNG, on the calling
///   simulated thread at the device's resample cost when it may block; the result carries the
///   image's provenance (a process-wide table maps the new bytes' digest to it).
///
/// Divergence: `jpegData` returns PNG bytes (CellSim's images are PNG only, and its decoder reads
/// nothing else), so the result is not JPEG, and `compressionQuality` is ignored.
extension UIImage {
  /// The image as PNG data (see the extension's notes).
  public func pngData() -> Data? {
    if let encodedData { return encodedData }
    let image: Image
    switch content {
    case .bitmap(let bitmap): image = bitmap
    case .named:
      guard let world = SimulationContext.world else { return nil }
      image = simImage(in: world)
    }
    if let bytes = image.encoded { return Data(bytes) }
    if !image.isDecoded, Blocking.canBlock {
      _ = Blocking.perform("decode", detail: "pngData") { execution, done in
        image.decode(on: execution)
        execution.then { done() }
      }
    }
    guard let decoded = image.decoded else { return nil }
    if Blocking.canBlock, let world = SimulationContext.world {
      let cost = world.device.resampleCost(
        sourceWidth: image.pixelWidth, sourceHeight: image.pixelHeight)
      _ = Blocking.perform("encode", detail: "pngData") { execution, done in
        execution.spend(cost) { done() }
      }
    }
    guard let bytes = try? PNGEncoder.encode(decoded.bitmap) else { return nil }
    if let provenance = image.provenance { Reencoded.register(bytes, as: provenance) }
    return Data(bytes)
  }

  /// The image as "JPEG" data: PNG bytes (see the extension's notes).
  public func jpegData(compressionQuality: CGFloat) -> Data? { pngData() }

  /// `heicData()`: always nil, UIKit's documented answer when a HEIC representation "could not
  /// be generated" (as on a device or simulator without a HEIC encoder). The layer has no HEIC
  /// encoder, and unlike `jpegData` it does not hand back PNG bytes: code that asks for HEIC
  /// writes them as `.heic` files or sends them as `image/heic`, where PNG bytes would be
  /// mislabelled, while nil takes the fallback such code has (`?? image.jpegData(…)`).
  public func heicData() -> Data? { nil }
}

/// The provenance of bytes the layer encoded from a content image, by the bytes' digest: what
/// `UIImage(data:)` gives an image made from them. Process-wide (encoding is deterministic, so
/// the same bytes always come from the same content), guarded by a real lock.
enum Reencoded {
  nonisolated(unsafe) static var table: [ContentDigest: ImageProvenance] = [:]
  static let lock = Foundation.NSLock()

  static func register(_ bytes: [UInt8], as provenance: ImageProvenance) {
    let digest = ContentDigest(of: bytes)
    lock.lock()
    defer { lock.unlock() }
    table[digest] = provenance
  }

  /// The SimPlatform image for `bytes`: with the registered provenance if the layer encoded
  /// them, else as `Image(data:)` makes it; nil for bytes without a readable PNG header.
  static func image(from bytes: [UInt8]) -> Image? {
    lock.lock()
    let provenance = table.isEmpty ? nil : table[ContentDigest(of: bytes)]
    lock.unlock()
    if let provenance { return Image(reencoded: bytes, provenance: provenance) }
    return Image(data: bytes)
  }
}

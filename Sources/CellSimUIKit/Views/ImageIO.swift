import PNGRender
import SimPlatform
import SimThreads

// ImageIO's downsampling, as loaders write it (WWDC 2018's `downsample(imageAt:to:scale:)`), on
// the simulated decoder: a thumbnail with `kCGImageSourceThumbnailMaxPixelSize` is the streaming
// downsample (`DecodeTarget.maxPixelSize`), priced on the calling thread.
//
// There is no Core Foundation on Linux, so the CF types loaders cast to are plain Swift types
// here: `data as CFData` is a `Data`, `[kCGImageSource…: value] as CFDictionary` a
// `[String: Any]`, `url as CFURL` a `URL`, and the option keys are strings.
// `CGImageSourceCreateWithURL` reads what `Data(contentsOf:)` reads: a file URL's real file, or
// an http(s) URL's body fetched on the world's network, blocking the calling thread (ImageIO
// reads synchronously too). Incremental sources: `ImageIO+Incremental.swift`. Not modelled:
// image properties beyond the pixel size.

/// Core Foundation's `CFData`: `Data` here.
public typealias CFData = Data
/// Core Foundation's `CFString`: `String` here.
public typealias CFString = String
/// Core Foundation's `CFDictionary`: `[String: Any]` here.
public typealias CFDictionary = [String: Any]
/// Core Foundation's `CFURL`: `URL` here.
public typealias CFURL = URL

/// `kCGImageSourceShouldCache` (accepted, ignored).
public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
/// `kCGImageSourceShouldCacheImmediately` (accepted, ignored: the thumbnail is decoded at once).
public let kCGImageSourceShouldCacheImmediately: CFString = "kCGImageSourceShouldCacheImmediately"
/// `kCGImageSourceCreateThumbnailFromImageAlways` (accepted; thumbnails always come from the
/// image).
public let kCGImageSourceCreateThumbnailFromImageAlways: CFString =
  "kCGImageSourceCreateThumbnailFromImageAlways"
/// `kCGImageSourceCreateThumbnailFromImageIfAbsent` (as `…Always`).
public let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString =
  "kCGImageSourceCreateThumbnailFromImageIfAbsent"
/// `kCGImageSourceCreateThumbnailWithTransform` (accepted, ignored).
public let kCGImageSourceCreateThumbnailWithTransform: CFString =
  "kCGImageSourceCreateThumbnailWithTransform"
/// `kCGImageSourceThumbnailMaxPixelSize`: the thumbnail's longer side, in pixels.
public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
/// `kCGImagePropertyPixelWidth`.
public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// `kCGImagePropertyPixelHeight`.
public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"

/// ImageIO's `CGImageSource`: encoded bytes with a readable header, or an incremental source
/// (`CGImageSourceCreateIncremental(_:)`) with the bytes accumulated so far.
public final class CGImageSource: @unchecked Sendable {
  /// The bytes: all of them, or an incremental source's so far.
  var bytes: [UInt8]
  /// The full image of `bytes` (nil for an incremental source before its final data).
  var image: Image?
  /// Whether the source was made by `CGImageSourceCreateIncremental(_:)`.
  let isIncremental: Bool
  /// Whether `bytes` are all the data (always, for a source that is not incremental).
  var isFinal: Bool

  init(bytes: [UInt8], image: Image) {
    self.bytes = bytes
    self.image = image
    isIncremental = false
    isFinal = true
  }

  /// An empty incremental source.
  init(incremental: Void) {
    bytes = []
    image = nil
    isIncremental = true
    isFinal = false
  }

  /// The image at index 0 now: the full image, or, for an incremental source before its final
  /// data, a partial preview of the bytes so far (nil until the header has arrived).
  var currentImage: Image? {
    if let image { return image }
    return isFinal ? nil : Image(partialData: bytes)
  }
}

/// `CGImageSourceCreateWithData(_:_:)`: a source, or nil for bytes that are not a readable PNG.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?)
  -> CGImageSource?
{
  let bytes = [UInt8](data)
  guard let image = Image(data: bytes) else { return nil }
  return CGImageSource(bytes: bytes, image: image)
}

/// `CGImageSourceCreateWithData(_:_:)` given an `NSData` (code that writes `data as NSData`,
/// or holds one, as toll-free bridging lets it on a device): the same source as for its bytes.
/// Disfavoured, so a call with a `Data` stays the `CFData` form.
// swift-format-ignore: AlwaysUseLowerCamelCase
@_disfavoredOverload
public func CGImageSourceCreateWithData(_ data: NSData, _ options: CFDictionary?)
  -> CGImageSource?
{
  CGImageSourceCreateWithData(Data(referencing: data), options)
}

/// `CGImageSourceCreateWithURL(_:_:)`: a source over the bytes at `url` (see the file's
/// notes), or nil when they cannot be read or are not a readable PNG.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
  guard let data = try? Data.simulatedContents(of: url) else { return nil }
  return CGImageSourceCreateWithData(data, options)
}

/// `CGImageSourceCreateWithURL(_:_:)` given an `NSURL` (`nsURL as CFURL` is implicit on
/// Darwin, where `CFURL` bridges; here `CFURL` is `URL`).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceCreateWithURL(_ url: NSURL, _ options: CFDictionary?) -> CGImageSource? {
  guard let url = url as URL? else { return nil }
  return CGImageSourceCreateWithURL(url, options)
}

/// `CGImageSourceGetCount(_:)`: 1 (PNG has one image); 0 for an incremental source whose
/// header has not arrived.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
  isrc.image != nil || (try? PNGHeader.read(from: isrc.bytes)) != nil ? 1 : 0
}

/// `CGImageSourceCopyPropertiesAtIndex(_:_:_:)`: the pixel size.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceCopyPropertiesAtIndex(
  _ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?
) -> CFDictionary? {
  guard index == 0, let header = try? PNGHeader.read(from: isrc.bytes) else { return nil }
  return [
    kCGImagePropertyPixelWidth: header.width,
    kCGImagePropertyPixelHeight: header.height,
  ]
}

/// `CGImageSourceCreateImageAtIndex(_:_:_:)`: the full image, decoded lazily (at first display
/// or preparation), as ImageIO's is. For an incremental source before its final data, a new
/// partial preview of the bytes so far each call (`Image(partialData:)`, also lazy), or nil
/// until the header has arrived.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceCreateImageAtIndex(
  _ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?
) -> CGImage? {
  guard index == 0, let image = isrc.currentImage else { return nil }
  return CGImage(image: image)
}

/// `CGImageSourceCreateThumbnailAtIndex(_:_:_:)`: with `kCGImageSourceThumbnailMaxPixelSize`,
/// the streaming downsample to that longer side (never upscaled); without it, the full image.
/// For an incremental source before its final data, the same of a partial decode of the bytes
/// so far (`DecoderService.decodePartial`).
/// Decoded now, as CPU work of the calling simulated thread (which blocks for the device's
/// decode and resample costs); the result keeps the source's provenance plus the downsample.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceCreateThumbnailAtIndex(
  _ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?
) -> CGImage? {
  guard index == 0 else { return nil }
  let target: DecodeTarget
  if let size = wholeNumber(options?[kCGImageSourceThumbnailMaxPixelSize]), size >= 1 {
    target = .maxPixelSize(size)
  } else {
    target = .fullSize
  }
  guard Blocking.canBlock else {
    preconditionFailure(
      "CellSimUIKit: CGImageSourceCreateThumbnailAtIndex was called outside a simulated "
        + "thread's blocking code")
  }
  let world = SimulationContext.world(for: "CGImageSourceCreateThumbnailAtIndex")
  var result: Image?
  _ = Blocking.perform("decode", detail: "CGImageSourceCreateThumbnailAtIndex") {
    execution, done in
    let complete = { (decoded: Result<Image, PNGError>) in
      result = try? decoded.get()
      done()
    }
    if isrc.isFinal {
      world.decoder.decode(isrc.bytes, target: target, on: execution, completion: complete)
    } else {
      world.decoder.decodePartial(isrc.bytes, target: target, on: execution, completion: complete)
    }
  }
  return result.map { CGImage(image: $0) }
}

/// A whole number from an options dictionary's value, whatever number type the app passed (a
/// thumbnail's pixel size, a page controller's spine location), rounded down; nil for none.
func wholeNumber(_ value: Any?) -> Int? {
  switch value {
  case let value as Int: return value
  case let value as CGFloat: return Int(value.rounded(.down))
  case let value as Double: return Int(value.rounded(.down))
  case let value as Float: return Int(value.rounded(.down))
  case let value as NSNumber: return value.intValue
  default: return nil
  }
}

import Foundation

// The rest of ImageIO's and Core Foundation's spellings that image code passes around: more
// option and property keys, the source's type, Core Foundation's booleans and numbers, and
// options given as an `NSDictionary` (toll-free bridged to `CFDictionary` on Apple's systems).

/// `kCGImageSourceSubsampleFactor` (accepted, ignored: a thumbnail's size comes from
/// `kCGImageSourceThumbnailMaxPixelSize`).
public let kCGImageSourceSubsampleFactor: CFString = "kCGImageSourceSubsampleFactor"
/// `kCGImageSourceTypeIdentifierHint` (accepted, ignored: the bytes say their type).
public let kCGImageSourceTypeIdentifierHint: CFString = "kCGImageSourceTypeIdentifierHint"
/// `kCGImagePropertyGIFDictionary`: absent from a PNG's properties, as from any non-GIF image.
public let kCGImagePropertyGIFDictionary: CFString = "{GIF}"
/// `kCGImagePropertyGIFDelayTime`, a key inside the GIF dictionary.
public let kCGImagePropertyGIFDelayTime: CFString = "DelayTime"
/// `kCGImagePropertyGIFUnclampedDelayTime`, a key inside the GIF dictionary.
public let kCGImagePropertyGIFUnclampedDelayTime: CFString = "UnclampedDelayTime"
/// `kCGImagePropertyGIFLoopCount`, a key inside the GIF dictionary.
public let kCGImagePropertyGIFLoopCount: CFString = "LoopCount"
/// `kCGImagePropertyPNGDictionary`: absent (the simulated decoder reports only the size).
public let kCGImagePropertyPNGDictionary: CFString = "{PNG}"

/// Core Foundation's `CFNumber`, toll-free bridged to `NSNumber`.
public typealias CFNumber = NSNumber
/// Core Foundation's `CFBoolean`, as a Swift `Bool` (what option dictionaries hold).
public typealias CFBoolean = Bool
/// `kCFBooleanTrue`.
public let kCFBooleanTrue: CFBoolean! = true
/// `kCFBooleanFalse`.
public let kCFBooleanFalse: CFBoolean! = false

/// `CGImageSourceGetType(_:)`: the source's uniform type identifier, `public.png` (the only
/// type the simulated decoder reads), or nil for an incremental source whose header has not
/// arrived.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
  CGImageSourceGetCount(isrc) > 0 ? "public.png" : nil
}

/// `CGImageSourceCopyPropertiesAtIndex(_:_:_:)` with options given as an `NSDictionary`, which
/// Apple's systems pass as a `CFDictionary` without a cast (the options are ignored).
// swift-format-ignore: AlwaysUseLowerCamelCase
@_disfavoredOverload
public func CGImageSourceCopyPropertiesAtIndex(
  _ isrc: CGImageSource, _ index: Int, _ options: NSDictionary?
) -> CFDictionary? {
  CGImageSourceCopyPropertiesAtIndex(isrc, index, nil as CFDictionary?)
}

/// `kCGImagePropertyFileSize`: the container's size in bytes.
public let kCGImagePropertyFileSize: CFString = "FileSize"

/// `CGImageSourceCopyProperties(_:_:)`: the container's properties, its size in bytes
/// (`kCGImagePropertyFileSize`); a PNG container has no GIF or other format dictionary.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?)
  -> CFDictionary?
{
  [kCGImagePropertyFileSize: isrc.bytes.count]
}

/// ImageIO's `CGImagePropertyOrientation`, with its EXIF values (what PhotoKit's
/// `requestImageDataAndOrientation` hands back). A PNG served in a run is always `.up`.
public enum CGImagePropertyOrientation: UInt32, Sendable {
  /// `.up` (1).
  case up = 1
  /// `.upMirrored` (2).
  case upMirrored = 2
  /// `.down` (3).
  case down = 3
  /// `.downMirrored` (4).
  case downMirrored = 4
  /// `.leftMirrored` (5).
  case leftMirrored = 5
  /// `.right` (6).
  case right = 6
  /// `.rightMirrored` (7).
  case rightMirrored = 7
  /// `.left` (8).
  case left = 8
}

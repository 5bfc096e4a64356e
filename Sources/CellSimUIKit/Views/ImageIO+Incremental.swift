import PNGRender
import SimPlatform

// ImageIO's incremental image sources, as progressive loaders use them (SDWebImage's
// `SDImageIOAnimatedCoder`, Kingfisher's progressive JPEG processor): create an empty source,
// give it all the bytes accumulated so far after each chunk with `CGImageSourceUpdateData`,
// and ask for the image so far with `CGImageSourceCreateImageAtIndex`. Before the final update
// that image is a partial preview (`Image(partialData:)`: the rows decoded so far, or an
// interlaced PNG's coarse passes, decoded lazily at first display like every ImageIO image);
// after it, the full image of the bytes, decoded as `UIImage(data:)` is. CellSim's choices where
// Apple documents nothing: no image (nil) before the PNG header has arrived, a new image object
// for each call, and a final status decided by whether the bytes end with an IEND chunk.

/// ImageIO's `CGImageSourceStatus`: where an image source stands.
public enum CGImageSourceStatus: Int32, Sendable {
  /// `kCGImageStatusUnexpectedEOF`: the final data ends before the image does.
  case statusUnexpectedEOF = -5
  /// `kCGImageStatusInvalidData`: the data is not a valid image.
  case statusInvalidData = -4
  /// `kCGImageStatusUnknownType`: the data is not of a known image type (not PNG here).
  case statusUnknownType = -3
  /// `kCGImageStatusReadingHeader`: too little data to read the header yet.
  case statusReadingHeader = -2
  /// `kCGImageStatusIncomplete`: the header is read, the image data is still arriving.
  case statusIncomplete = -1
  /// `kCGImageStatusComplete`: all the data is there.
  case statusComplete = 0
}

/// The 8-byte PNG signature.
private let pngSignature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

/// `CGImageSourceCreateIncremental(_:)`: an empty source to accumulate a download's bytes in.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceCreateIncremental(_ options: CFDictionary?) -> CGImageSource {
  CGImageSource(incremental: ())
}

/// `CGImageSourceUpdateData(_:_:_:)`: `data` is all the bytes accumulated so far (not just the
/// new ones), and `final` says whether they are all the bytes there will be. A source made
/// from complete data ignores it, as ImageIO does for a non-incremental source.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceUpdateData(_ isrc: CGImageSource, _ data: CFData, _ final: Bool) {
  guard isrc.isIncremental, !isrc.isFinal else { return }
  isrc.bytes = [UInt8](data)
  isrc.isFinal = final
  isrc.image = final ? Image(data: isrc.bytes) : nil
}

/// `CGImageSourceGetStatus(_:)`: `statusReadingHeader` until the PNG header has arrived (or
/// `statusUnknownType` once the bytes cannot be a PNG), `statusIncomplete` while an incremental
/// source waits for more, and for final data `statusComplete` when it ends with an IEND chunk,
/// else `statusUnexpectedEOF` (`statusInvalidData` for a header PNG does not allow).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
  let bytes = isrc.bytes
  do {
    _ = try PNGHeader.read(from: bytes)
  } catch {
    switch error.kind {
    case .notPNG:
      return bytes.count < 8 && !isrc.isFinal
        && bytes.elementsEqual(pngSignature.prefix(bytes.count))
        ? .statusReadingHeader : .statusUnknownType
    case .truncated:
      return isrc.isFinal ? .statusUnexpectedEOF : .statusReadingHeader
    default:
      return .statusInvalidData
    }
  }
  guard isrc.isFinal else { return .statusIncomplete }
  let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
  return bytes.count >= 12 && bytes.suffix(12).elementsEqual(iend)
    ? .statusComplete : .statusUnexpectedEOF
}

/// `CGImageSourceGetStatusAtIndex(_:_:)`: the source's status for image 0 (PNG has one image);
/// `statusInvalidData` for any other index.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int)
  -> CGImageSourceStatus
{
  index == 0 ? CGImageSourceGetStatus(isrc) : .statusInvalidData
}

// `import AVFoundation` in a file written for iOS, left outside the file's `#if canImport(UIKit)`
// block: on Linux it finds this module, which brings the layer and the one AVFoundation
// function image code calls, `AVMakeRect(aspectRatio:insideRect:)`. Nothing else of
// AVFoundation (players, capture, assets) is declared.
@_exported import CellSimUIKit

/// `AVMakeRect(aspectRatio:insideRect:)`: the largest rectangle of `aspectRatio`'s proportions
/// that fits in `boundingRect`, centred in it, as aspect-fit image code sizes a thumbnail. A
/// ratio with no width or height gives a rectangle of no size at the centre.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func AVMakeRect(aspectRatio: CGSize, insideRect boundingRect: CGRect) -> CGRect {
  guard aspectRatio.width > 0, aspectRatio.height > 0 else {
    return CGRect(x: boundingRect.midX, y: boundingRect.midY, width: 0, height: 0)
  }
  let scale = min(
    boundingRect.width / aspectRatio.width, boundingRect.height / aspectRatio.height)
  let size = CGSize(width: aspectRatio.width * scale, height: aspectRatio.height * scale)
  return CGRect(
    x: boundingRect.minX + (boundingRect.width - size.width) / 2,
    y: boundingRect.minY + (boundingRect.height - size.height) / 2,
    width: size.width, height: size.height)
}

// Written as iOS code whose framework imports stayed outside the import block: an image helper
// that imports ImageIO, CoreGraphics, CoreImage, QuartzCore, AVFoundation and the type
// identifiers as iOS files do. Each import finds the layer under that name on Linux. (Swift
// Testing's overlay for CoreImage is not on Linux, so this file does not import Testing.)
import AVFoundation
import CoreGraphics
import CoreImage
import ImageIO
import MobileCoreServices
import QuartzCore
import UniformTypeIdentifiers

#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

/// An aspect-fit thumbnail frame, as image helpers compute one.
func thumbnailFrame(for image: CGSize, in bounds: CGRect) -> CGRect {
  AVMakeRect(aspectRatio: image, insideRect: bounds)
}

/// Whether `data` opens as an image source with caching off, as downsampling code asks.
func opensAsImageSource(_ data: Data) -> Bool {
  let options = [kCGImageSourceShouldCache: false] as CFDictionary
  return CGImageSourceCreateWithData(data as CFData, options) != nil
}

/// The identifiers an image type check compares with.
func pngIdentifiers() -> [String] { [UTType.png.identifier, kUTTypePNG as String] }

/// A rounded layer, as cells round their thumbnails.
func roundedLayer() -> CALayer {
  let layer = CALayer()
  layer.cornerRadius = 4
  return layer
}

/// A filter made by name, as thumbnail code blurs with Core Image.
func blurFilter() -> CIFilter? { CIFilter(name: "CIGaussianBlur") }

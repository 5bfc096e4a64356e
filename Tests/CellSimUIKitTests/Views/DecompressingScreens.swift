// iOS code as written for a device: only the import block differs. The force-decompress idiom of
// Kingfisher's and SDWebImage's older decoders, and a screen that decodes off the main thread
// with it (CoreGraphicsTests).
#if canImport(UIKit)
  import UIKit
#else
  import CellSimUIKit
#endif

extension UIImage {
  /// Kingfisher-style `decoded()`: redraws the image into a bitmap context of its own size so
  /// that it is decoded now, on the calling thread, rather than at first display.
  func decodedImage() -> UIImage {
    guard let imageRef = self.cgImage else { return self }
    let size = CGSize(width: CGFloat(imageRef.width), height: CGFloat(imageRef.height))
    let colorSpace = CGColorSpaceCreateDeviceRGB()
    let bitmapInfo =
      CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
    guard
      let context = CGContext(
        data: nil, width: imageRef.width, height: imageRef.height, bitsPerComponent: 8,
        bytesPerRow: 0, space: colorSpace, bitmapInfo: bitmapInfo)
    else { return self }
    context.interpolationQuality = .high
    context.draw(imageRef, in: CGRect(origin: .zero, size: size))
    guard let decompressed = context.makeImage() else { return self }
    return UIImage(cgImage: decompressed, scale: scale, orientation: imageOrientation)
  }

  /// SDWebImage-style: keeps the alpha channel only when the image has one, and scales to
  /// `targetSize` pixels.
  func decodedImage(pixelSize targetSize: CGSize) -> UIImage? {
    guard let cgImage = self.cgImage else { return nil }
    let alphaInfo = cgImage.alphaInfo
    let hasAlpha =
      !(alphaInfo == .none || alphaInfo == .noneSkipFirst
      || alphaInfo == .noneSkipLast)
    var bitmapInfo = CGBitmapInfo.byteOrder32Little.rawValue
    bitmapInfo |=
      hasAlpha
      ? CGImageAlphaInfo.premultipliedFirst.rawValue
      : CGImageAlphaInfo.noneSkipFirst.rawValue
    guard
      let context = CGContext(
        data: nil, width: Int(targetSize.width), height: Int(targetSize.height),
        bitsPerComponent: 8, bytesPerRow: 0,
        space: cgImage.colorSpace ?? CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: bitmapInfo)
    else { return nil }
    context.draw(cgImage, in: CGRect(origin: .zero, size: targetSize))
    guard let imageRef = context.makeImage() else { return nil }
    return UIImage(cgImage: imageRef)
  }
}

/// The checked fix, decoding each image on the download's queue before it reaches the main
/// thread.
final class DecompressingPhotosViewController: NaivePhotosViewController {
  override func load(
    _ url: URL, into cell: PhotoCell, at indexPath: IndexPath, in tableView: UITableView
  ) {
    cell.representedURL = url
    DispatchQueue.global(qos: .userInitiated).async {
      guard let data = try? Data(contentsOf: url), let image = UIImage(data: data) else { return }
      let decoded = image.decodedImage()
      DispatchQueue.main.async {
        guard cell.representedURL == url else { return }
        cell.imageView?.image = decoded
      }
    }
  }
}

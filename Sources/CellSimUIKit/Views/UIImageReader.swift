import Foundation

/// UIKit's `UIImageReader` (iOS 17): reads images from data or a file with a configuration
/// deciding how far each is prepared.
///
/// On the simulated device, as `UIImage`'s own forms:
/// - by default, `image(data:)` is `UIImage(data:)`: decoded lazily, on the main thread, at the
///   first frame that shows it;
/// - with `preparesImagesForDisplay`, the image is decoded now, as CPU work of the calling
///   simulated thread (`UIImage.preparingForDisplay()`), so a frame that shows it decodes
///   nothing;
/// - with a `preferredThumbnailSize` (pixels), the image is decoded and scaled down to fit it,
///   aspect kept, never upscaled, at the device's decode and resample costs
///   (`UIImage.preparingThumbnail(of:)`); the thumbnail is decoded.
///
/// `image(contentsOf:)` reads the URL's bytes as `Data(contentsOf:)` does (a file, or a blocking
/// fetch from the world's network for an http(s) URL), then reads them as `image(data:)`. The
/// `async` forms do the same work on the calling thread, as the layer's `byPreparingForDisplay()`
/// does. `pixelsPerInch` and `prefersHighDynamicRange` are kept: the fixtures are PNGs with no
/// resolution metadata and no HDR form, so every image has scale 1, as Apple documents for the
/// default `pixelsPerInch` of 0.
public struct UIImageReader: Sendable {
  /// `UIImageReader.Configuration`: what a reader does to the images it reads.
  public struct Configuration: Sendable {
    /// `prefersHighDynamicRange`: whether an image that can decode as HDR does (kept; Apple's
    /// default depends on the device, the layer's is false).
    public var prefersHighDynamicRange = false
    /// `preparesImagesForDisplay`: whether each image is decoded as it is read (default false).
    public var preparesImagesForDisplay = false
    /// `preferredThumbnailSize`: the size in pixels images are scaled down to fit (default
    /// `.zero`: no thumbnail).
    public var preferredThumbnailSize = CGSize.zero
    /// `pixelsPerInch`: the resolution whose metadata sets the scale (default 0: scale 1).
    public var pixelsPerInch: Double = 0
    /// A configuration with Apple's defaults.
    public init() {}
  }

  /// `UIImageReader.default`: a reader with the default configuration.
  public static let `default` = UIImageReader(configuration: Configuration())

  /// The reader's configuration.
  public let configuration: Configuration

  /// A reader with `configuration`.
  public init(configuration: Configuration) { self.configuration = configuration }

  /// `image(data:)`: the image of `data`, prepared as the configuration says; nil if the bytes
  /// are not an image.
  public func image(data: Data) -> UIImage? { read(data) }

  /// `image(contentsOf:)`: the image of the bytes at `fileURL`, as `image(data:)`; nil if they
  /// cannot be read or are not an image.
  public func image(contentsOf fileURL: URL) -> UIImage? { read(contentsOf: fileURL) }

  /// `image(data:) async`: `image(data:)`, on the calling thread.
  public func image(data: Data) async -> UIImage? { read(data) }

  /// `image(contentsOf:) async`: `image(contentsOf:)`, on the calling thread.
  public func image(contentsOf fileURL: URL) async -> UIImage? { read(contentsOf: fileURL) }

  func read(_ data: Data) -> UIImage? {
    guard let image = UIImage(data: data) else { return nil }
    let size = configuration.preferredThumbnailSize
    if size.width >= 1, size.height >= 1 { return image.preparingThumbnail(of: size) }
    if configuration.preparesImagesForDisplay { return image.preparingForDisplay() }
    return image
  }

  func read(contentsOf url: URL) -> UIImage? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return read(data)
  }
}

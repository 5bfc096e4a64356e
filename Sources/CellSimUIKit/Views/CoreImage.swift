import Foundation
import SimPlatform
import SimThreads

/// Core Image's `CIImage`, as image loaders use it: a recipe over a content image, rendered by
/// `CIContext.createCGImage(_:from:)`. It wraps the SimPlatform image it stands for (with its
/// provenance) and the names of the filters applied to it, in order.
open class CIImage: NSObject, @unchecked Sendable {
  /// The content image the recipe starts from.
  let source: Image
  /// The filters applied, in order (recorded; their pixel effects are not modelled).
  let filters: [String]

  init(source: Image, filters: [String] = []) {
    self.source = source
    self.filters = filters
  }

  /// `CIImage(data:)`: nil unless the bytes are a readable PNG (CellSim's images are PNG only).
  /// Bytes from `UIImage.pngData()` keep their image's provenance.
  public convenience init?(data: Data) {
    guard let image = Reencoded.image(from: [UInt8](data)) else { return nil }
    self.init(source: image)
  }

  /// `CIImage(image:)`: nil for an image without content (a named or system image has none to
  /// filter here).
  public convenience init?(image: UIImage) {
    guard let source = image.contentImage else { return nil }
    self.init(source: source)
  }

  /// `CIImage(cgImage:)`.
  public convenience init(cgImage image: CGImage) { self.init(source: image.image) }

  /// The image's rectangle, in pixels.
  open var extent: CGRect {
    CGRect(x: 0, y: 0, width: source.pixelWidth, height: source.pixelHeight)
  }
}

/// Core Image's `CIFilter`: any name is accepted (Core Image returns nil only for unknown names;
/// the layer knows none, so it never does). The filter keeps its inputs; its `outputImage` is its
/// `inputImage` with the filter recorded on it. Rendering it (`CIContext`) costs what Core Image
/// costs most: a decode and a full-size pass over the pixels. The pixels themselves are not
/// changed (a sepia image looks like its source): the oracle judges whose image a cell shows, by
/// provenance, and a filtered image keeps its source's.
open class CIFilter: NSObject, @unchecked Sendable {
  /// The filter's name (`"CISepiaTone"`).
  open var name: String
  var inputs: [String: Any] = [:]

  /// `CIFilter(name:)`.
  public init?(name: String) { self.name = name }

  /// `CIFilter()`, as a subclass that computes its own `outputImage` makes itself.
  public override init() { self.name = "" }

  /// `CIFilter(name:parameters:)`: the filter with `params` as its inputs.
  public convenience init?(name: String, parameters params: [String: Any]?) {
    self.init(name: name)
    for (key, value) in params ?? [:] { inputs[key] = value }
  }

  /// `setValue(_:forKey:)`: keeps an input (`kCIInputImageKey`, `kCIInputIntensityKey`, …).
  open func setValue(_ value: Any?, forKey key: String) { inputs[key] = value }

  /// The input kept for `key`.
  open func value(forKey key: String) -> Any? { inputs[key] }

  /// `setDefaults()`: forgets every input but the image.
  open func setDefaults() { inputs = inputs.filter { $0.key == kCIInputImageKey } }

  /// The input image, with this filter recorded; nil without one (a generator such as
  /// `CILinearGradient`, which makes an image from no image, has no output here).
  open var outputImage: CIImage? {
    guard let input = inputs[kCIInputImageKey] as? CIImage else { return nil }
    return CIImage(source: input.source, filters: input.filters + [name])
  }

  /// The keys of the inputs set.
  open var inputKeys: [String] { inputs.keys.sorted() }
}

/// Core Image's `CIContextOption`.
public struct CIContextOption: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `.useSoftwareRenderer` (ignored).
  public static let useSoftwareRenderer = CIContextOption(rawValue: "kCIContextUseSoftwareRenderer")
  /// `.cacheIntermediates` (ignored).
  public static let cacheIntermediates = CIContextOption(rawValue: "kCIContextCacheIntermediates")
}

/// Core Image's `CIContext`: renders a `CIImage` on the calling simulated thread.
///
/// `createCGImage(_:from:)` decodes the source if it is still encoded (the device's decode cost)
/// and, when a filter was applied or the rectangle differs from the image's, makes a new bitmap of
/// the rectangle's size (the device's resample cost, aspect fill); the result's provenance is the
/// source's plus that resample. It blocks the calling thread, which must be blocking code (an
/// operation's `main()`, a queue's block), as the real render blocks it.
open class CIContext: NSObject, @unchecked Sendable {
  /// `CIContext(options:)` (options kept, ignored).
  public init(options: [CIContextOption: Any]? = nil) {}

  /// Renders `image` into `fromRect` (see the type's notes); nil for an empty rectangle.
  open func createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage? {
    let width = Int(fromRect.width.rounded())
    let height = Int(fromRect.height.rounded())
    guard width >= 1, height >= 1 else { return nil }
    let source = image.source
    let sameSize = width == source.pixelWidth && height == source.pixelHeight
    guard Blocking.canBlock else {
      preconditionFailure(
        "CellSimUIKit: CIContext.createCGImage(_:from:) was called outside a simulated thread's "
          + "blocking code")
    }
    let world = SimulationContext.world(for: "CIContext.createCGImage(_:from:)")
    if image.filters.isEmpty && sameSize {
      if !source.isDecoded {
        _ = Blocking.perform("decode", detail: "CIContext") { execution, done in
          source.decode(on: execution)
          execution.then { done() }
        }
      }
      return CGImage(image: source)
    }
    var result: Image?
    _ = Blocking.perform("decode", detail: "CIContext") { execution, done in
      world.decoder.resample(
        source, to: .aspectFill(width: width, height: height), on: execution
      ) {
        result = $0
        done()
      }
    }
    return CGImage(image: result ?? source)
  }
}

/// `kCIInputImageKey`.
public let kCIInputImageKey = "inputImage"
/// `kCIInputIntensityKey`.
public let kCIInputIntensityKey = "inputIntensity"
/// `kCIInputRadiusKey`.
public let kCIInputRadiusKey = "inputRadius"
/// `kCIInputScaleKey`.
public let kCIInputScaleKey = "inputScale"
/// `kCIInputAmountKey`.
public let kCIInputAmountKey = "inputAmount"
/// `kCIInputCenterKey`.
public let kCIInputCenterKey = "inputCenter"

extension UIImage {
  /// `UIImage(ciImage:)`: the recipe's source image, unrendered (no cost is charged: a device
  /// renders it when drawn, which the layer does not model; prefer `CIContext`).
  public convenience init(ciImage: CIImage) {
    self.init(content: .bitmap(ciImage.source), scale: 1)
  }

  /// `ciImage`: nil, as for any image not made from a `CIImage` (bitmap images have none).
  public var ciImage: CIImage? { nil }
}

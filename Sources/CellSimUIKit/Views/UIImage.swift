import PNGRender
package import SimPlatform
import SimThreads

/// UIKit's `UIImage`, over SimPlatform's `Image`, which keeps the image's provenance (the digest
/// of the bytes it came from) so that the oracle can judge which row's image a cell shows.
///
/// Modelled:
/// - `init?(data:)` and `init?(data:scale:)`: nil for bytes without a readable PNG header (CellSim
///   serves PNG only); otherwise an *encoded* image, decoded lazily on the main thread, at the
///   device's decode cost, by the first frame commit that shows it, as UIKit decodes
///   `UIImage(data:)`. It can be made on any thread, outside any world too.
/// - `init?(named:)` and `init?(systemName:)`: never nil (there is no asset catalog). Each
///   object is one shared placeholder (`Image.Kind.placeholder`, no request), a 40×40 pt bitmap
///   made in each world at its first use there; two objects are distinct images. A name that
///   says failure (it contains `error`, `fail`, `broken`, `warning`, `exclamationmark` or
///   `xmark`, in any case: `UIImage(systemName: "exclamationmark.triangle")`) makes a failure
///   image (`Image.Kind.failure`) instead, which the oracle accepts for a row whose load failed.
/// - `preparingForDisplay()` and `preparingThumbnail(of:)`: the decode (and the resample) as a
///   CPU step of the calling simulated thread, at the device's cost, blocking it until done; the
///   async forms do the same work on the calling thread.
///
/// - `cgImage` and `UIImage(cgImage:)`, and redraws through `UIGraphicsImageRenderer`
///   (`UIGraphicsImageRenderer.swift`) and Core Graphics bitmap contexts (`CGContext.swift`).
///
/// `pngData()`, `jpegData(compressionQuality:)` and equality: `UIImage+Encoding.swift`;
/// `UIImage(ciImage:)`: `CoreImage.swift`; symbol configurations and `UIImage(contentsOfFile:)`:
/// `UIImage+Symbols.swift`.
///
/// - `UIImage.animatedImage(with:duration:)`: the first frame's content, keeping `images` and
///   `duration` (the frames are not animated).
///
/// Not modelled: image assets, `resizableImage` (accepted, returning `self`), rendering modes
/// and tints (recorded or accepted, never drawn), and the scale's effect on memory.
open class UIImage: NSObject, @unchecked Sendable {
  /// What the image stands for.
  enum Content {
    /// Content decoded (or to be decoded) from bytes.
    case bitmap(Image)
    /// A named or system image: a placeholder per world.
    case named(String)
  }

  /// `UIImage.RenderingMode`.
  public enum RenderingMode: Int, Sendable {
    /// `.automatic`.
    case automatic = 0
    /// `.alwaysOriginal`.
    case alwaysOriginal = 1
    /// `.alwaysTemplate`.
    case alwaysTemplate = 2
  }

  /// What the image stands for.
  let content: Content
  /// A named image's placeholder in each world.
  let placeholders = PerWorld<Image>()
  /// The scale factor: points × scale = pixels.
  public let scale: CGFloat
  /// `accessibilityIdentifier` (UIKit's `UIAccessibilityIdentification`, which `UIImage` adopts):
  /// kept, as tests and asset names use it to tell images apart.
  open var accessibilityIdentifier: String?
  /// The rendering mode (recorded, never applied).
  public private(set) var renderingMode: RenderingMode = .automatic
  /// The bytes a `UIImage(data:)` was made from (what `pngData()` gives back).
  var encodedData: Data?
  /// The configuration a symbol image was made with (`UIImage+Symbols.swift`).
  var storedConfiguration: Configuration?
  /// An animated image's frames and duration.
  var frames: [UIImage]?
  var frameDuration: TimeInterval = 0
  /// The asset the image was registered with (`UIImageAsset.swift`), held strongly so that
  /// `image.imageAsset?.image(with:)` still works once the app let go of the asset.
  var registeredAsset: UIImageAsset?

  /// The size of a named or system image, in points.
  static let namedSize = 40

  init(content: Content, scale: CGFloat) {
    self.content = content
    self.scale = scale
  }

  /// An image over `image`, an `Image` of SimPlatform.
  package convenience init(simImage image: Image, scale: CGFloat = 1) {
    self.init(content: .bitmap(image), scale: scale)
  }

  /// `UIImage(data:)`: an image decoded lazily at first display, or nil when the bytes are not a
  /// readable PNG.
  public convenience init?(data: Data) {
    self.init(data: data, scale: 1)
  }

  /// `UIImage(data:scale:)`.
  public init?(data: Data, scale: CGFloat) {
    guard let image = Reencoded.image(from: [UInt8](data)) else { return nil }
    self.content = .bitmap(image)
    self.scale = scale > 0 ? scale : 1
    self.encodedData = data
  }

  /// `UIImage(named:)`: a placeholder of its own (there is no asset catalog, so never nil).
  public init?(named name: String) {
    self.content = .named("named:" + name)
    self.scale = 1
  }

  /// `UIImage(systemName:)`: an SF Symbol stands for a placeholder of its own.
  public init?(systemName name: String) {
    self.content = .named("system:" + name)
    self.scale = 1
  }

  /// `#imageLiteral(resourceName:)`, as Xcode's image picker writes it (UIKit's
  /// `_ExpressibleByImageLiteral` conformance): the placeholder of `UIImage(named:)`.
  public required convenience init(imageLiteralResourceName path: String) {
    self.init(named: path)!
  }

  /// An empty image (`UIImage()`): a placeholder of its own.
  public override init() {
    self.content = .named("empty")
    self.scale = 1
  }

  /// The size in points.
  open var size: CGSize {
    switch content {
    case .bitmap(let image):
      return CGSize(
        width: CGFloat(image.pixelWidth) / scale, height: CGFloat(image.pixelHeight) / scale)
    case .named:
      return CGSize(width: Self.namedSize, height: Self.namedSize)
    }
  }

  /// For example `UIImage(640×427 px, a1b2…)`.
  open override var description: String {
    switch content {
    case .bitmap(let image):
      return "UIImage(\(image.pixelWidth)×\(image.pixelHeight) px, "
        + "\(image.provenance?.description ?? image.kind.rawValue))"
    case .named(let name): return "UIImage(\(name))"
    }
  }

  /// The SimPlatform image shown for this one in `world` (a named image's placeholder is made
  /// there at its first use).
  package func simImage(in world: World) -> Image {
    switch content {
    case .bitmap(let image): return image
    case .named:
      return placeholders.value(in: world) {
        Image(kind: kind, width: Self.namedSize, height: Self.namedSize, world: world)
      }
    }
  }

  /// The kind of a named image: a failure image when its name says so, else a placeholder.
  var kind: Image.Kind {
    guard case .named(let name) = content else { return .content }
    let lowered = name.lowercased()
    let failure = ["error", "fail", "broken", "warning", "exclamationmark", "xmark"]
    return failure.contains { lowered.contains($0) } ? .failure : .placeholder
  }

  /// The SimPlatform image, for a content image (nil for a named one).
  package var contentImage: Image? {
    if case .bitmap(let image) = content { return image }
    return nil
  }

  /// `withRenderingMode(_:)`: the same image, recording the mode.
  open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
    let copy = UIImage(content: content, scale: scale)
    copy.renderingMode = renderingMode
    return copy
  }

  /// `withTintColor(_:)`: the same image (tints are not modelled).
  open func withTintColor(_ color: UIColor) -> UIImage { self }

  /// `withTintColor(_:renderingMode:)`: the same content, recording the mode (tints are not
  /// modelled).
  open func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
    withRenderingMode(renderingMode)
  }

  /// `UIImage.ResizingMode`.
  public enum ResizingMode: Int, Sendable {
    case tile = 0
    case stretch = 1
  }

  /// `resizableImage(withCapInsets:)`: the same image (stretching is not drawn).
  open func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage { self }

  /// `resizableImage(withCapInsets:resizingMode:)`: the same image.
  open func resizableImage(
    withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode
  ) -> UIImage { self }

  // MARK: Animated images

  /// The frames of an animated image, nil for a still one.
  open var images: [UIImage]? { frames }
  /// The animation's duration, 0 for a still image.
  open var duration: TimeInterval { frames == nil ? 0 : frameDuration }

  /// `UIImage.animatedImage(with:duration:)`: an image that shows its first frame (the oracle
  /// judges that frame's content; frames are not animated), keeping the frames and the
  /// duration. Nil without frames.
  open class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
    guard let first = images.first else { return nil }
    let image = UIImage(content: first.content, scale: first.scale)
    image.frames = images
    image.frameDuration = duration
    return image
  }

  // MARK: Preparing images off the main thread

  /// `preparingForDisplay()`: decodes the image now, as a CPU step of the calling simulated
  /// thread (blocking it for the device's decode cost), and returns it decoded; a frame that
  /// shows it then decodes nothing. A named image is returned as it is. Outside blocking code
  /// (no simulated thread can park), the image is returned undecoded.
  open func preparingForDisplay() -> UIImage? {
    guard case .bitmap(let image) = content else { return self }
    if !image.isDecoded, Blocking.canBlock {
      _ = Blocking.perform("decode", detail: "preparingForDisplay") { execution, done in
        image.decode(on: execution)
        execution.then { done() }
      }
    }
    return UIImage(content: .bitmap(image), scale: scale)
  }

  /// `preparingThumbnail(of:)`: the image decoded and scaled down to fit `size` (pixels, aspect
  /// kept, never upscaled), as CPU steps of the calling simulated thread at the device's decode
  /// and resample costs. Its provenance is the source's plus the resample. Nil for a size
  /// without area; a named image is returned as it is.
  open func preparingThumbnail(of size: CGSize) -> UIImage? {
    guard size.width >= 1, size.height >= 1 else { return nil }
    guard case .bitmap(let image) = content else { return self }
    let factor = min(
      Double(size.width) / Double(image.pixelWidth),
      Double(size.height) / Double(image.pixelHeight))
    let longest = max(image.pixelWidth, image.pixelHeight)
    let target = max(1, min(longest, Int((Double(longest) * factor).rounded(.down))))
    guard Blocking.canBlock else {
      preconditionFailure(
        "CellSimUIKit: UIImage.preparingThumbnail(of:) was called outside a simulated thread's "
          + "blocking code")
    }
    var result: Image?
    let world = SimulationContext.world(for: "UIImage.preparingThumbnail(of:)")
    _ = Blocking.perform("decode", detail: "preparingThumbnail") { execution, done in
      world.decoder.resample(image, to: .maxPixelSize(target), on: execution) {
        result = $0
        done()
      }
    }
    return result.map { UIImage(content: .bitmap($0), scale: 1) }
  }

  /// `byPreparingForDisplay()`: `preparingForDisplay()`, on the calling thread.
  open func byPreparingForDisplay() async -> UIImage? { preparingForDisplay() }

  /// `byPreparingThumbnail(ofSize:)`: `preparingThumbnail(of:)`, on the calling thread.
  open func byPreparingThumbnail(ofSize size: CGSize) async -> UIImage? {
    preparingThumbnail(of: size)
  }
}

extension UIImage: _ExpressibleByImageLiteral {}

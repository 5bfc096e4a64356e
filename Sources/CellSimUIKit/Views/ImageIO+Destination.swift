import Foundation

// ImageIO's encoding (`CGImageDestination…`), as disk caches write thumbnails, and the type
// identifiers it takes (`UTType`, `kUTType…`). A destination encodes through the same path as
// `UIImage.pngData()` (`UIImage+Encoding.swift`): the bytes carry the image's provenance, the
// encoding is priced on the calling simulated thread, and every type is written as PNG
// (CellSim's images are PNG only), so JPEG and HEIC destinations give PNG bytes and their
// compression quality is ignored. A destination holds one image; an animated or multi-image
// file (`count` above 1) is not modelled, and its `CGImageDestinationFinalize` answers false.

/// Core Foundation's `CFMutableData`: Foundation's `NSMutableData` here; a destination made on
/// one appends its bytes to it when finalized.
public typealias CFMutableData = NSMutableData

/// `kCGImageDestinationLossyCompressionQuality` (accepted, ignored: the bytes are PNG).
public let kCGImageDestinationLossyCompressionQuality: CFString =
  "kCGImageDestinationLossyCompressionQuality"
/// `kCGImageDestinationImageMaxPixelSize` (accepted, ignored: the image is written at its size;
/// downsample with `CGImageSourceCreateThumbnailAtIndex` first).
public let kCGImageDestinationImageMaxPixelSize: CFString = "kCGImageDestinationImageMaxPixelSize"

/// ImageIO's `CGImageDestination`: where the image added to it is written when it is finalized.
public final class CGImageDestination: @unchecked Sendable {
  enum Output {
    case data(NSMutableData)
    case url(URL)
  }
  let output: Output
  /// The type identifier it was made for.
  let type: String
  /// The number of images it was made for.
  let count: Int
  /// The images added so far.
  var images: [CGImage] = []
  /// Set once finalized: it takes nothing more.
  var isFinalized = false

  init(output: Output, type: String, count: Int) {
    self.output = output
    self.type = type
    self.count = count
  }

  /// The type identifiers a destination can be made for.
  static let types: Set<String> = [
    UTType.png.identifier, UTType.jpeg.identifier, UTType.heic.identifier,
  ]
}

/// `CGImageDestinationCreateWithData(_:_:_:_:)`: a destination that appends to `data`; nil for
/// a type it cannot write (see the file's notes) or a count below 1.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageDestinationCreateWithData(
  _ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
  guard count >= 1, CGImageDestination.types.contains(type) else { return nil }
  return CGImageDestination(output: .data(data), type: type, count: count)
}

/// `CGImageDestinationCreateWithURL(_:_:_:_:)`: a destination that writes the file at `url`
/// when finalized (`Data.write(to:)`: the app's sandbox for its own folders); nil for a type it
/// cannot write or a count below 1.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageDestinationCreateWithURL(
  _ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
  guard count >= 1, CGImageDestination.types.contains(type) else { return nil }
  return CGImageDestination(output: .url(url), type: type, count: count)
}

/// `CGImageDestinationAddImage(_:_:_:)`: adds `image` (the properties are accepted, ignored).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageDestinationAddImage(
  _ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?
) {
  guard !idst.isFinalized else { return }
  idst.images.append(image)
}

/// `CGImageDestinationAddImageFromSource(_:_:_:_:)`: adds the source's image at `index`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageDestinationAddImageFromSource(
  _ idst: CGImageDestination, _ isrc: CGImageSource, _ index: Int, _ properties: CFDictionary?
) {
  guard let image = CGImageSourceCreateImageAtIndex(isrc, index, nil) else { return }
  CGImageDestinationAddImage(idst, image, properties)
}

/// `CGImageDestinationSetProperties(_:_:)` (accepted, ignored).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageDestinationSetProperties(
  _ idst: CGImageDestination, _ properties: CFDictionary?
) {}

/// `CGImageDestinationFinalize(_:)`: encodes the image and writes it; false when the
/// destination holds no image, more than one, or was finalized already, or when the encoding
/// or the write fails.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
  guard !idst.isFinalized, idst.count == 1, idst.images.count == 1 else { return false }
  idst.isFinalized = true
  guard let bytes = UIImage(cgImage: idst.images[0]).pngData() else { return false }
  switch idst.output {
  case .data(let data):
    data.append(bytes)
    return true
  case .url(let url):
    do {
      try bytes.write(to: url)
      return true
    } catch {
      return false
    }
  }
}

/// `kUTTypePNG` (MobileCoreServices, deprecated in iOS 15): `"public.png"`.
public let kUTTypePNG: CFString = "public.png"
/// `kUTTypeJPEG`: `"public.jpeg"`.
public let kUTTypeJPEG: CFString = "public.jpeg"
/// `kUTTypeImage`: `"public.image"`.
public let kUTTypeImage: CFString = "public.image"
/// `kUTTypeGIF`: `"com.compuserve.gif"`.
public let kUTTypeGIF: CFString = "com.compuserve.gif"

/// UniformTypeIdentifiers' `UTType`, for the image types loaders name: its identifier, file
/// extension and MIME type, and conformance to `.image` and `.data`.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
  /// The type's identifier (`"public.png"`).
  public let identifier: String
  /// The usual file extension (`"png"`), if the type has one.
  public let preferredFilenameExtension: String?
  /// The usual MIME type (`"image/png"`), if the type has one.
  public let preferredMIMEType: String?
  /// The identifiers of the types it conforms to, itself included.
  let conformances: [String]

  init(_ identifier: String, ext: String?, mime: String?, conformsTo: [String]) {
    self.identifier = identifier
    self.preferredFilenameExtension = ext
    self.preferredMIMEType = mime
    self.conformances = [identifier] + conformsTo
  }

  /// `public.data`.
  public static let data = UTType("public.data", ext: nil, mime: nil, conformsTo: [])
  /// `public.image`.
  public static let image = UTType(
    "public.image", ext: nil, mime: nil, conformsTo: ["public.data"])
  /// `public.png`.
  public static let png = UTType(
    "public.png", ext: "png", mime: "image/png", conformsTo: ["public.image", "public.data"])
  /// `public.jpeg`.
  public static let jpeg = UTType(
    "public.jpeg", ext: "jpeg", mime: "image/jpeg", conformsTo: ["public.image", "public.data"])
  /// `public.heic`.
  public static let heic = UTType(
    "public.heic", ext: "heic", mime: "image/heic", conformsTo: ["public.image", "public.data"])
  /// `com.compuserve.gif`.
  public static let gif = UTType(
    "com.compuserve.gif", ext: "gif", mime: "image/gif",
    conformsTo: ["public.image", "public.data"])
  /// `org.webmproject.webp`.
  public static let webP = UTType(
    "org.webmproject.webp", ext: "webp", mime: "image/webp",
    conformsTo: ["public.image", "public.data"])

  /// `public.camera-raw-image` (`rawImage`): a camera's raw format, which a photo app tests
  /// an asset's type against (`type.conforms(to: .rawImage)`).
  public static let rawImage = UTType(
    "public.camera-raw-image", ext: nil, mime: nil, conformsTo: ["public.image", "public.data"])

  static let known: [UTType] = [.png, .jpeg, .heic, .gif, .webP, .rawImage, .image, .data]

  /// `UTType(_:)`: the known type with `identifier`, or nil.
  public init?(_ identifier: String) {
    guard let type = Self.known.first(where: { $0.identifier == identifier }) else {
      return nil
    }
    self = type
  }

  /// `UTType(filenameExtension:conformingTo:)`: the known type with that extension (`jpg` is
  /// JPEG) if it conforms to `supertype` (`.data` unless given), or nil.
  public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
    let ext = filenameExtension.lowercased()
    let match = ext == "jpg" ? .jpeg : Self.known.first { $0.preferredFilenameExtension == ext }
    guard let match, match.conforms(to: supertype) else { return nil }
    self = match
  }

  /// `UTType(mimeType:)`: the known type with that MIME type, or nil.
  public init?(mimeType: String) {
    guard let type = Self.known.first(where: { $0.preferredMIMEType == mimeType.lowercased() })
    else { return nil }
    self = type
  }

  /// `conforms(to:)`: whether the type is `type` or one of its kinds.
  public func conforms(to type: UTType) -> Bool { conformances.contains(type.identifier) }

  /// The identifier.
  public var description: String { identifier }
}

extension URL {
  /// `appendingPathExtension(for:)`: the URL with the type's preferred filename extension
  /// (unchanged for a type without one, such as `.data`).
  public func appendingPathExtension(for contentType: UTType) -> URL {
    guard let ext = contentType.preferredFilenameExtension else { return self }
    return appendingPathExtension(ext)
  }

  /// `appendPathExtension(for:)`: appends the type's preferred filename extension.
  public mutating func appendPathExtension(for contentType: UTType) {
    self = appendingPathExtension(for: contentType)
  }
}

/// Core Foundation's `CFAllocator`: no allocator is modelled; every function takes nil.
public typealias CFAllocator = NSObject
/// `kCFAllocatorDefault`: nil.
nonisolated(unsafe) public let kCFAllocatorDefault: CFAllocator? = nil
/// Core Foundation's `CFIndex`.
public typealias CFIndex = Int

/// `CFDataCreateMutable(_:_:)`: an empty `NSMutableData` (the allocator and capacity are
/// accepted, ignored), as code that encodes with `CGImageDestinationCreateWithData` makes one.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CFDataCreateMutable(_ allocator: CFAllocator?, _ capacity: CFIndex) -> CFMutableData! {
  NSMutableData()
}

/// `CGDataProvider`, as `CGImage.dataProvider` returns it: its `data` is the image's bitmap
/// (`bytesPerRow` x `height` bytes). Pixel values are not modelled: the bytes are zero.
public final class CGDataProvider: @unchecked Sendable {
  let byteCount: Int
  init(byteCount: Int) { self.byteCount = byteCount }
  /// `CGDataProvider.data` (`CGDataProviderCopyData`): the provider's bytes.
  public var data: CFData? { Data(count: byteCount) }
}

extension CGImage {
  /// `CGImage.dataProvider`: the provider of the image's bitmap.
  public var dataProvider: CGDataProvider? { CGDataProvider(byteCount: bytesPerRow * height) }
}

/// `CGImageDestinationAddImage(_:_:_:)` with properties given as an `NSDictionary` (toll-free bridged
/// to `CFDictionary` on Apple's systems, so apps pass one without a cast).
// swift-format-ignore: AlwaysUseLowerCamelCase
// (Non-optional and disfavoured: `CGImageDestinationAddImage(d, image, nil)` keeps meaning the `CFDictionary?` one.)
@_disfavoredOverload
public func CGImageDestinationAddImage(
  _ idst: CGImageDestination, _ image: CGImage, _ properties: NSDictionary
) {
  CGImageDestinationAddImage(idst, image, properties as? [String: Any] ?? [:])
}

public import PNGRender

/// Which variant of a URL's image a request wants: the size its pixels are resampled to, and
/// the processing applied after decoding (a rounded-corner or blur processor, named by a key).
///
/// Two requests of one URL can want different variants: a list's 128-px thumbnail and a detail
/// row's full-size image, or a blurred backdrop and a sharp foreground. A loader that merges
/// them, or caches them under one key, shows one request the other's variant (SDWebImage
/// #3364: a thumbnail loaded at the same time as the full-size image was written to memory
/// under the full-size image's key; SDWebImage #3866, the same after a disk hit).
///
/// A loader declares the variant a cell's request wants
/// (`LoaderEnvironment.declareVariant(_:for:)`); `no_cross_cell_image` then accepts in that
/// cell only images of that variant. A cell with no declaration accepts any variant of its
/// URL: one variant per URL, what every loader that declares nothing keeps meaning.
public struct ImageVariant: Hashable, Sendable, CustomStringConvertible {
  /// The last resize applied to the decoded pixels (`.fullSize`: none).
  public let target: DecodeTarget
  /// The processing keys applied after decoding, in order (empty: none).
  public let processing: [String]

  /// The variant resampled to `target` (default: full size), then processed with `processing`
  /// (keys in the order applied; default: none).
  public init(target: DecodeTarget = .fullSize, processing: [String] = []) {
    self.target = target
    self.processing = processing
  }

  /// The full-size image, unprocessed.
  public static let original = ImageVariant()

  /// For example `full`, `max 128 px` or `fill 100×100+rounded`.
  public var description: String {
    ([target.description] + processing).joined(separator: "+")
  }
}

extension ImageProvenance {
  /// The variant these pixels are: the last resize applied (full size when none) and the
  /// processing applied since decoding.
  public var variant: ImageVariant {
    ImageVariant(target: transforms.last ?? .fullSize, processing: processing)
  }
}

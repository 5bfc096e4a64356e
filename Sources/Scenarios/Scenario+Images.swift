extension Scenario {
  /// Where each item's image comes from (`images`): every item has a URL, and every URL
  /// serves the bytes of one fixture PNG.
  public struct Images: Sendable, Equatable {
    /// The URL template (`url`); `{id}` is replaced by the item's stable id.
    public var urlTemplate: String
    /// Globs under the fixtures root (`fixtures`), in file order. Files are assigned to items
    /// round-robin by id, in the order `FixtureGlob.expand(_:in:)` gives.
    public var fixtures: [String]
    /// Groups of ids that use the first id's URL (`shared`).
    public var shared: [[Int]]
    /// Per-item URL or fixture replacements (`overrides`), applied last.
    public var overrides: [ImageOverride]
    /// Whether every URL serves bytes of its own (`unique_bytes`, default false): its fixture
    /// stamped with a deterministic per-URL mark and re-encoded (`URLStamp`), so two rows that
    /// share a fixture no longer share bytes, and content identity is request identity.
    /// URLs that `shared` joins are one URL and serve one set of bytes; a fixture that does not
    /// decode is served as it is.
    public var uniqueBytes: Bool
    /// Synthetic photos generated for the run (`generated`), served after the files the globs
    /// match, in the same round-robin: big images without committing big files.
    public var generated: GeneratedFixtures?
    /// Caches filled with every starting item's image before the run (`warm_start`), in file
    /// order.
    public var warmStart: [WarmStart]

    /// The placeholder in `urlTemplate` for an item's id.
    public static let idPlaceholder = "{id}"

    /// Images from `urlTemplate` and `fixtures`, with optional groups, overrides and per-URL
    /// bytes.
    public init(
      urlTemplate: String, fixtures: [String], shared: [[Int]] = [],
      overrides: [ImageOverride] = [], uniqueBytes: Bool = false,
      generated: GeneratedFixtures? = nil, warmStart: [WarmStart] = []
    ) {
      self.urlTemplate = urlTemplate
      self.fixtures = fixtures
      self.shared = shared
      self.overrides = overrides
      self.uniqueBytes = uniqueBytes
      self.generated = generated
      self.warmStart = warmStart
    }

    /// The template's URL for item `id` (before `shared` and `overrides` apply).
    public func templateURL(forItem id: Int) -> String {
      urlTemplate.replacing(Self.idPlaceholder, with: String(id))
    }
  }

  /// A replacement of one item's URL, fixture, or both.
  public struct ImageOverride: Sendable, Equatable {
    /// The item id (an id present at the start, `0 ..< table.rows`).
    public var id: Int
    /// The item's URL instead of the template's.
    public var url: String?
    /// The item's fixture, a path under the fixtures root, instead of the round-robin one.
    public var fixture: String?

    /// An override for item `id`; at least one of `url` and `fixture` should be given.
    public init(id: Int, url: String? = nil, fixture: String? = nil) {
      self.id = id
      self.url = url
      self.fixture = fixture
    }
  }
}

extension Scenario {
  /// `images.generated`: `count` deterministic synthetic photos (`SyntheticPhoto`, 8-bit RGB
  /// PNG) of `width` × `height` pixels, made once per process and shared by every run that asks
  /// for the same ones. Their names, `generated:<width>x<height>-<n>` (n from 0; no file path
  /// has the colon), stand for them where a fixture path appears (the round-robin, messages).
  public struct GeneratedFixtures: Sendable, Equatable {
    /// How many distinct photos (1 ... `maxCount`).
    public var count: Int
    /// Width in pixels (1 ... `maxSide`).
    public var width: Int
    /// Height in pixels (1 ... `maxSide`).
    public var height: Int

    /// The most photos a file may ask for.
    public static let maxCount = 32
    /// The longest side a photo may have.
    public static let maxSide = 4096
    /// The most pixels all the photos of a file may have together (64 M: generating them
    /// costs about a second per 10 M pixels in an optimised build).
    public static let maxTotalPixels = 64 * 1_048_576
    /// The prefix of a generated fixture's name.
    public static let namePrefix = "generated:"

    /// `count` photos of `width` × `height`.
    public init(count: Int, width: Int, height: Int) {
      self.count = count
      self.width = width
      self.height = height
    }

    /// The names of the photos, in round-robin order.
    public var names: [String] {
      (0..<count).map { "\(Self.namePrefix)\(width)x\(height)-\($0)" }
    }

    /// Why the sizes are over the caps, or nil: a file (or a scenario built in code) may not
    /// make the run generate more than the caps allow.
    public var problem: String? {
      if count < 1 || count > Self.maxCount {
        return "count must be 1 to \(Self.maxCount), got \(count)"
      }
      for (key, side) in [("width", width), ("height", height)]
      where side < 1 || side > Self.maxSide {
        return "\(key) must be 1 to \(Self.maxSide) pixels, got \(side)"
      }
      if count * width * height > Self.maxTotalPixels {
        return "count × width × height is \(count * width * height) pixels, over the cap of "
          + "\(Self.maxTotalPixels) (64 M pixels)"
      }
      return nil
    }
  }

  /// One entry of `images.warm_start`: a cache the loader makes, filled before the run with
  /// the image of every item present at the start, keyed by the item's URL (`TableItem.url`,
  /// what `cellForRow` gives the loader).
  public struct WarmStart: Sendable, Equatable {
    /// Which kind of cache.
    public enum Kind: String, Sendable, CaseIterable {
      /// A `DiskCache` (`LoaderEnvironment.diskCache(name:byteLimit:)`): the bytes the URL
      /// serves.
      case disk
      /// A `MemoryCache` of `Image`s (`LoaderEnvironment.memoryCache`): the URL's image
      /// decoded and resampled to an aspect fill of the cell's pixel size
      /// (`TableView.imagePixelSize`), at cost = its decoded bytes.
      case memory
    }

    /// Which kind of cache (`cache`).
    public var kind: Kind
    /// The cache's name, as the loader passes it when making the cache (`name`).
    public var name: String

    /// Fills the loader's `kind` cache named `name`.
    public init(kind: Kind, name: String) {
      self.kind = kind
      self.name = name
    }
  }
}

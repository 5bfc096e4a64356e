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

    /// The placeholder in `urlTemplate` for an item's id.
    public static let idPlaceholder = "{id}"

    /// Images from `urlTemplate` and `fixtures`, with optional groups, overrides and per-URL
    /// bytes.
    public init(
      urlTemplate: String, fixtures: [String], shared: [[Int]] = [],
      overrides: [ImageOverride] = [], uniqueBytes: Bool = false
    ) {
      self.urlTemplate = urlTemplate
      self.fixtures = fixtures
      self.shared = shared
      self.overrides = overrides
      self.uniqueBytes = uniqueBytes
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

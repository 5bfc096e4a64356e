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

    /// The placeholder in `urlTemplate` for an item's id.
    public static let idPlaceholder = "{id}"

    /// Images from `urlTemplate` and `fixtures`, with optional groups and overrides.
    public init(
      urlTemplate: String, fixtures: [String], shared: [[Int]] = [],
      overrides: [ImageOverride] = []
    ) {
      self.urlTemplate = urlTemplate
      self.fixtures = fixtures
      self.shared = shared
      self.overrides = overrides
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

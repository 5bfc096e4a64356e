import Foundation
import PNGRender
import SimTable

/// What each URL serves: the bytes of one fixture PNG, and their content digest.
///
/// Built from a scenario's `images` section: the URL template, fixture globs under the fixtures
/// root (sorted, assigned round-robin by item id), `shared` groups and `overrides`. Items
/// inserted later get the template URL and the fixture their id's turn gives; `set_url` events
/// register their URL here. Lookups are by key only; nothing iterates a dictionary in an order
/// that could reach a trace.
///
/// With `unique_bytes`, a URL serves its fixture stamped for that URL (`URLStamp`), made the
/// first time anything asks for the URL's bytes or digest and kept by content in
/// `StampedFixtureMemo`.
final class ImageServer {
  let images: Scenario.Images
  let fixturesRoot: URL
  /// `fixturesRoot.path` ending in a slash: a fixture's path is this and its relative path,
  /// concatenated (appending a path component to a `URL` and reading its path back, for each
  /// fixture of each run, was about 1.5 % of a fuzz campaign).
  let rootPrefix: String
  /// Fixture paths matched by the globs, sorted, relative to the root.
  let fixtures: [String]
  /// What a registered URL serves.
  struct Served {
    var bytes: [UInt8]
    var digest: ContentDigest
    /// With `unique_bytes`, until the stamped bytes are made: `bytes` and `digest` are still
    /// the fixture's.
    var unstamped: Bool
  }

  /// Every registered URL (one dictionary: the oracle asks for a URL's digest for every cell
  /// it judges, and one lookup hashes the URL once).
  @exclusivity(unchecked) var served: [String: Served] = [:]
  @exclusivity(unchecked) var fileCache: [String: (bytes: [UInt8], digest: ContentDigest)] = [:]
  /// The fixture each registered URL serves.
  @exclusivity(unchecked) var fixtureOfURL: [String: String] = [:]
  /// The URL template split at its first `{id}`, so URLs are built by concatenation.
  let templateParts: (prefix: String, suffix: String)?

  init(images: Scenario.Images, fixturesRoot: URL, index: FixtureIndex? = nil) throws(RunError) {
    self.images = images
    self.fixturesRoot = fixturesRoot
    let root = fixturesRoot.path
    rootPrefix = root.hasSuffix("/") ? root : root + "/"
    let matched =
      images.fixtures.isEmpty
      ? []
      : index?.expand(images.fixtures, in: fixturesRoot)
        ?? FixtureGlob.expand(images.fixtures, in: fixturesRoot)
    if let generated = images.generated, let problem = generated.problem {
      throw .setup("images.generated: " + problem)
    }
    fixtures = matched + (images.generated?.names ?? [])
    if let range = images.urlTemplate.range(of: Scenario.Images.idPlaceholder),
      !images.urlTemplate[range.upperBound...].contains(Scenario.Images.idPlaceholder)
    {
      templateParts = (
        String(images.urlTemplate[..<range.lowerBound]),
        String(images.urlTemplate[range.upperBound...])
      )
    } else {
      templateParts = nil
    }
    if fixtures.isEmpty {
      // A glob whose only matches are links out of the root says so, not "match no file".
      for glob in images.fixtures {
        if let escape = FixtureGlob.escapeReason(glob, in: fixturesRoot) {
          throw .setup("images.fixtures: " + escape)
        }
      }
      throw .setup(
        "images.fixtures: \(images.fixtures) match no file under \(fixturesRoot.path)")
    }
  }

  /// The items at the start of a run: ids 0..<rows with their URLs.
  func initialItems(rows: Int) throws(RunError) -> [TableItem] {
    var urls = (0..<rows).map { templateURL($0) }
    var fixtureOf = (0..<rows).map { fixtures[$0 % fixtures.count] }
    for group in images.shared where group.count > 0 {
      for id in group where id < rows && group[0] < rows {
        urls[id] = urls[group[0]]
        fixtureOf[id] = fixtureOf[group[0]]
      }
    }
    for (index, override) in images.overrides.enumerated() where override.id < rows {
      if let url = override.url { urls[override.id] = url }
      if let fixture = override.fixture {
        try requireInside(fixture, field: "images.overrides[\(index)].fixture")
        fixtureOf[override.id] = fixture
      }
    }
    for id in 0..<rows { try register(url: urls[id], fixture: fixtureOf[id]) }
    return (0..<rows).map { TableItem(id: $0, url: urls[$0]) }
  }

  /// Registers the URL an inserted item `id` gets, with its round-robin fixture.
  func registerInserted(id: Int) throws(RunError) -> String {
    let url = templateURL(id)
    try register(url: url, fixture: fixtures[id % fixtures.count])
    return url
  }

  /// Throws unless `fixture`, a path named by the scenario (an override's, a `set_url`
  /// event's), is a file whose real path stays under the fixtures root. The reader checks this
  /// when it is given the root; a scenario read without one, or built in code, is checked here,
  /// so a link out of the root (to `/etc/passwd`, say) is never served as an image's bytes.
  func requireInside(_ fixture: String, field: String) throws(RunError) {
    if let problem = FixtureGlob.problem(with: fixture) {
      throw .setup("\(field): \(problem), got \"\(fixture)\"")
    }
    if let escape = FixtureGlob.escapeReason(fixture, in: fixturesRoot) {
      throw .setup("\(field): " + escape)
    }
  }

  /// Makes `url` serve `fixture` (a path under the fixtures root). A URL already registered
  /// keeps its first fixture unless `replace` is set.
  func register(url: String, fixture: String, replace: Bool = false) throws(RunError) {
    if served[url] != nil && !replace { return }
    let file = try load(fixture)
    fixtureOfURL[url] = fixture
    served[url] = Served(bytes: file.bytes, digest: file.digest, unstamped: images.uniqueBytes)
  }

  /// What `url` serves, its stamped bytes made first if they are still to be made.
  func servedStamped(_ url: String) -> Served? {
    guard let entry = served[url] else { return nil }
    guard entry.unstamped else { return entry }
    let stamped =
      StampedFixtureMemo.shared.stamped(entry.bytes, source: entry.digest, url: url)
      ?? (entry.bytes, entry.digest)
    let made = Served(bytes: stamped.bytes, digest: stamped.digest, unstamped: false)
    served[url] = made
    return made
  }

  /// The largest fixture loaded so far, by its bytes (of equal ones, the first by path).
  var largestFixture: (path: String, bytes: Int)? {
    let largest = fileCache.max { a, b in
      a.value.bytes.count != b.value.bytes.count
        ? a.value.bytes.count < b.value.bytes.count : a.key > b.key
    }
    return largest.map { ($0.key, $0.value.bytes.count) }
  }

  /// The template URL of item `id`.
  func templateURL(_ id: Int) -> String {
    guard let parts = templateParts else { return images.templateURL(forItem: id) }
    return parts.prefix + String(id) + parts.suffix
  }

  /// Makes `alias` serve the fixture `url` serves (a loader's expected URL for a row whose item
  /// has `url`); nothing if `url` serves nothing or `alias` is `url`.
  func registerAlias(_ alias: String, of url: String) throws(RunError) {
    guard alias != url, let fixture = fixtureOfURL[url] else { return }
    try register(url: alias, fixture: fixture)
  }

  /// The bytes `url` serves, or nil (the network answers 404).
  func bytes(for url: String) -> [UInt8]? { servedStamped(url)?.bytes }

  /// The digest of the bytes `url` serves.
  func digest(for url: String) -> ContentDigest? { servedStamped(url)?.digest }

  /// The bytes and digest of `fixture`, read through the process-wide `FixtureStore`, so
  /// every run in a process shares one array per fixture.
  func load(_ fixture: String) throws(RunError) -> (bytes: [UInt8], digest: ContentDigest) {
    if let cached = fileCache[fixture] { return cached }
    if let key = GeneratedFixtureMemo.key(ofName: fixture) {
      guard let photo = GeneratedFixtureMemo.shared.photo(key) else {
        throw .setup("generated fixture \(fixture) could not be encoded")
      }
      fileCache[fixture] = photo
      return photo
    }
    guard let file = FixtureStore.shared.file(atPath: rootPrefix + fixture) else {
      throw .setup("fixture \(fixture) cannot be read under \(fixturesRoot.path)")
    }
    fileCache[fixture] = file
    return file
  }
}

extension ImageServer {
  /// The URLs whose fixture has digest `source`, sorted (for messages only).
  func urlsServing(_ source: ContentDigest) -> [String] {
    served.filter { !$0.value.unstamped && $0.value.digest == source }.map(\.key).sorted()
  }
}

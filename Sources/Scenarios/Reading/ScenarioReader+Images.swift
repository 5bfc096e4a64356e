import Foundation

/// Reading `images`.
extension ScenarioReader {
  func readImages(_ value: YAMLValue, table: Scenario.Table) throws(ScenarioError)
    -> Scenario.Images
  {
    let fields = try value.mapping(
      keys: ["url", "fixtures", "shared", "overrides", "unique_bytes", "generated", "warm_start"],
      what: "a mapping with url and fixtures")
    let url = try readURLTemplate(try fields.required("url", "a URL template with {id}"))
    let generated = try fields["generated"].map(readGenerated)
    // With generated photos the globs are optional: the photos alone may serve every URL.
    let fixtures =
      try generated != nil && fields["fixtures"] == nil
      ? [] : readFixtureGlobs(try fields.required("fixtures", "fixture globs"))
    let warmStart = try fields["warm_start"].map(readWarmStart) ?? []
    let shared = try fields["shared"].map { v throws(ScenarioError) in
      try readShared(v, rows: table.rows)
    }
    let overrides = try fields["overrides"].map { v throws(ScenarioError) in
      try readOverrides(v, rows: table.rows)
    }
    let uniqueBytes = try fields["unique_bytes"]?.bool() ?? false
    return Scenario.Images(
      urlTemplate: url, fixtures: fixtures, shared: shared ?? [], overrides: overrides ?? [],
      uniqueBytes: uniqueBytes, generated: generated, warmStart: warmStart)
  }

  /// `generated: {count, width, height}`, within the caps (`GeneratedFixtures.problem`).
  private func readGenerated(_ value: YAMLValue) throws(ScenarioError)
    -> Scenario.GeneratedFixtures
  {
    let fields = try value.mapping(
      keys: ["count", "width", "height"], what: "a mapping with count, width and height")
    var sizes: [Int] = []
    for key in ["count", "width", "height"] {
      let field = try fields.required(key, key == "count" ? "how many photos" : "pixels")
      let number = try field.count("a whole number of one or more")
      let cap =
        key == "count"
        ? Scenario.GeneratedFixtures.maxCount : Scenario.GeneratedFixtures.maxSide
      if number < 1 || number > cap {
        throw field.error(
          .outOfRange, "images.generated.\(key) must be 1 to \(cap), got \(number)")
      }
      sizes.append(number)
    }
    let generated = Scenario.GeneratedFixtures(count: sizes[0], width: sizes[1], height: sizes[2])
    if let problem = generated.problem {
      throw value.error(.outOfRange, "images.generated: " + problem)
    }
    return generated
  }

  /// `warm_start: [{cache: disk|memory, name}]`, each cache at most once.
  private func readWarmStart(_ value: YAMLValue) throws(ScenarioError) -> [Scenario.WarmStart] {
    var entries: [Scenario.WarmStart] = []
    for element in try value.list("a list of {cache, name} entries") {
      let fields = try element.mapping(
        keys: ["cache", "name"], what: "a mapping with cache and name")
      let kindValue = try fields.required("cache", "disk or memory")
      let text = try kindValue.nonEmptyText("disk or memory")
      guard let kind = Scenario.WarmStart.Kind(rawValue: text) else {
        throw kindValue.error(
          .invalidValue,
          "images.warm_start: unknown cache kind \(quoted(text)); expected disk or memory")
      }
      let name = try fields.required("name", "the cache's name").nonEmptyText(
        "the name the loader gives the cache")
      let entry = Scenario.WarmStart(kind: kind, name: name)
      if entries.contains(entry) {
        throw element.error(
          .invalidValue,
          "images.warm_start: the \(kind.rawValue) cache \(quoted(name)) is listed twice")
      }
      entries.append(entry)
    }
    return entries
  }

  /// A URL template whose only placeholder is `{id}`.
  private func readURLTemplate(_ value: YAMLValue) throws(ScenarioError) -> String {
    let template = try value.nonEmptyText("a URL template such as \"https://img.test/{id}.png\"")
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      let name = rest[rest.index(after: open)..<close]
      if name != "id" {
        throw value.error(
          .invalidValue, "unknown placeholder {\(name)} in the URL template; did you mean {id}?")
      }
      rest = rest[rest.index(after: close)...]
    }
    return template
  }

  /// A list of globs (a single string is read as a list of one).
  private func readFixtureGlobs(_ value: YAMLValue) throws(ScenarioError) -> [String] {
    let elements: [YAMLValue]
    if case .sequence = value.node {
      elements = try value.list()
    } else {
      elements = [value]
    }
    if elements.isEmpty {
      throw value.error(
        .invalidValue, "expected at least one fixture glob, got an empty list",
        hint: "for example fixtures: [\"photos/*.png\"]")
    }
    var globs: [String] = []
    for element in elements {
      let glob = try element.nonEmptyText("a fixture glob such as \"photos/*.png\"")
      if let problem = FixtureGlob.problem(with: glob) {
        throw element.error(.invalidValue, problem + ", got \(quoted(glob))")
      }
      if let root = fixturesRoot, FixtureGlob.expand(glob, in: root).isEmpty {
        if let escape = FixtureGlob.escapeReason(glob, in: root) {
          throw element.error(.noFixtureMatch, escape)
        }
        throw element.error(
          .noFixtureMatch, "fixture glob \(quoted(glob)) matches no file under the fixtures root",
          hint: "the fixtures root is \(root.path)")
      }
      globs.append(glob)
    }
    return globs
  }

  /// A fixture path (no wildcards) that names a file under the fixtures root, when one is
  /// given.
  func readFixturePath(_ value: YAMLValue) throws(ScenarioError) -> String {
    let path = try value.nonEmptyText("a fixture path such as \"photos/coffee.png\"")
    if let problem = FixtureGlob.problem(with: path) {
      throw value.error(.invalidValue, problem + ", got \(quoted(path))")
    }
    if FixtureGlob.hasWildcards(path) {
      throw value.error(.invalidValue, "expected one fixture path, got the glob \(quoted(path))")
    }
    if let root = fixturesRoot, FixtureGlob.expand(path, in: root).isEmpty {
      if let escape = FixtureGlob.escapeReason(path, in: root) {
        throw value.error(.noFixtureMatch, escape)
      }
      throw value.error(
        .noFixtureMatch, "fixture \(quoted(path)) is not a file under the fixtures root",
        hint: "the fixtures root is \(root.path)")
    }
    return path
  }

  /// An item id present at the start of the run.
  private func itemID(_ value: YAMLValue, rows: Int) throws(ScenarioError) -> Int {
    let id = try value.count("an item id of zero or more")
    guard id < rows else {
      throw value.error(
        .outOfRange,
        "item id \(id) is out of range: the table starts with \(rows) item(s), ids 0 to "
          + "\(rows - 1)")
    }
    return id
  }

  private func readShared(_ value: YAMLValue, rows: Int) throws(ScenarioError) -> [[Int]] {
    var groups: [[Int]] = []
    // A set, so that validating n ids is linear (a list made 30,000 ids take 17 s).
    var grouped: Set<Int> = []
    for groupValue in try value.list("a list of id groups, such as [[3, 4, 5]]") {
      let members = try groupValue.list("a group of item ids, such as [3, 4, 5]")
      if members.count < 2 {
        throw groupValue.error(
          .invalidValue, "a shared group needs at least two ids, got \(members.count)")
      }
      var group: [Int] = []
      for member in members {
        let id = try itemID(member, rows: rows)
        if !grouped.insert(id).inserted {
          throw member.error(.invalidValue, "item id \(id) is already in a shared group")
        }
        group.append(id)
      }
      groups.append(group)
    }
    return groups
  }

  private func readOverrides(_ value: YAMLValue, rows: Int) throws(ScenarioError)
    -> [Scenario.ImageOverride]
  {
    var overrides: [Scenario.ImageOverride] = []
    for element in try value.list("a list of {id, url, fixture} overrides") {
      let fields = try element.mapping(keys: ["id", "url", "fixture"])
      let idValue = try fields.required("id", "the item id")
      let id = try itemID(idValue, rows: rows)
      if overrides.contains(where: { $0.id == id }) {
        throw idValue.error(.invalidValue, "item id \(id) already has an override")
      }
      let url = try fields["url"]?.nonEmptyText("a URL")
      let fixture = try fields["fixture"].map(readFixturePath)
      if url == nil && fixture == nil {
        throw element.error(.missingKey, "an override needs url, fixture or both")
      }
      overrides.append(Scenario.ImageOverride(id: id, url: url, fixture: fixture))
    }
    return overrides
  }
}

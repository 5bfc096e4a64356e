// Written as iOS code, with only the layer imported: an app's defaults, kept per world in memory.
import CellSimUIKit
import Testing

/// What an app keeps in its defaults (the shape of a public app's session store).
enum Preferences {
  static let defaults = UserDefaults.standard
  static func remember(page: Int, token: String?) {
    defaults.set(page, forKey: "lastPage")
    defaults.setValue(token, forKey: "access_token")
  }
}

@Suite("UserDefaults: in memory, per world")
struct UserDefaultsTests {
  @Test("each run starts empty, even through a static instance, and sees only its own values")
  func perWorld() throws {
    let log = Log()
    for run in 1...2 {
      try simulate {
        DispatchQueue.main.async {
          let before = Preferences.defaults.object(forKey: "lastPage") == nil
          Preferences.remember(page: run * 10, token: "t\(run)")
          log.add(
            "run \(run) empty \(before) page \(Preferences.defaults.integer(forKey: "lastPage")) "
              + "token \(UserDefaults.standard.string(forKey: "access_token") ?? "nil")")
        }
      }
    }
    #expect(
      log.lines == ["run 1 empty true page 10 token t1 @0", "run 2 empty true page 20 token t2 @0"])
  }

  @Test("typed getters convert as Foundation's do; registered values sit below the app's")
  func conversions() throws {
    let log = Log()
    try simulate {
      let defaults = UserDefaults.standard
      defaults.register(defaults: ["columns": 3, "grid": true])
      defaults.set("42", forKey: "count")
      defaults.set(2.5, forKey: "ratio")
      defaults.set("YES", forKey: "flag")
      defaults.set(["a", "b"], forKey: "tags")
      defaults.set(URL(string: "https://img.test/1.png"), forKey: "last")
      log.add(
        "\(defaults.integer(forKey: "count")) \(defaults.double(forKey: "ratio")) "
          + "\(defaults.bool(forKey: "flag")) \(defaults.string(forKey: "ratio") ?? "nil") "
          + "\(defaults.integer(forKey: "columns")) \(defaults.bool(forKey: "grid")) "
          + "\(defaults.stringArray(forKey: "tags") ?? []) "
          + "\(defaults.url(forKey: "last")?.lastPathComponent ?? "nil") "
          + "\(defaults.integer(forKey: "missing"))")
      defaults.set(5, forKey: "columns")
      defaults.removeObject(forKey: "count")
      let suite = UserDefaults(suiteName: "group.photos")
      suite?.set(true, forKey: "grid-only")
      log.add(
        "\(defaults.integer(forKey: "columns")) \(defaults.object(forKey: "count") == nil) "
          + "\(defaults.bool(forKey: "grid-only")) \(suite?.bool(forKey: "grid-only") == true) "
          + "\(defaults.synchronize()) \(UserDefaults(suiteName: "NSGlobalDomain") == nil)")
    }
    #expect(
      log.lines == [
        "42 2.5 true 2.5 3 true [\"a\", \"b\"] 1.png 0 @0", "5 true false true true true @0",
      ])
  }
}

import SimKernel
import SimNetwork
import SimPlatform
import SimTable
import Testing

@testable import ImageLoaders

/// The built-in catalog: names, seeds, options, errors and the table hook.
@Suite("Loader catalog")
struct CatalogTests {
  @Test("every built-in loader is registered with its seed article and options")
  func builtInEntries() throws {
    let catalog = LoaderCatalog.builtIn
    #expect(
      catalog.names == [
        "naive", "block-operation", "image-provider", "filo-queue", "runloop-buffered",
        "wwdc211", "reference", "blocking-fetch", "blocking-semaphore", "blocking-lock",
        "blocking-sync-deadlock", "blocking-lock-order", "animated-image",
      ])
    let seeds = catalog.entries.map(\.seed)
    #expect(
      seeds == ["002", "001", "002", "000", "003", "004", nil, "002", nil, nil, nil, nil, nil])
    let options = Dictionary(
      uniqueKeysWithValues: catalog.entries.map { ($0.name, $0.options.map(\.name)) })
    #expect(options["naive"] == [])
    #expect(options["animated-image"] == ["fixed", "frames_per_step"])
    #expect(options["block-operation"] == ["max_concurrent", "clear_on_reuse"])
    #expect(options["image-provider"] == ["cancel", "force_unwrap"])
    #expect(options["filo-queue"] == ["connections", "queue_capacity"])
    #expect(options["runloop-buffered"] == ["mode", "buffer_percent", "render_queue"])
    #expect(options["wwdc211"] == [])
    #expect(
      options["reference"] == ["memory_cache", "retries", "retry_backoff", "prefetch", "progress"])
    for entry in catalog.entries {
      #expect(!entry.summary.isEmpty, "\(entry.name)")
      for spec in entry.options {
        // Every default is itself a valid value.
        let value: LoaderOptionValue =
          switch spec.kind {
          case .bool: .bool(spec.defaultValue == "true")
          case .integer: .number(Double(spec.defaultValue)!)
          case .duration, .size, .choice: .string(spec.defaultValue)
          }
        _ = try entry.validate([(spec.name, value)])
      }
    }
  }

  @Test("every built-in loader builds with its defaults")
  func buildsWithDefaults() throws {
    for name in LoaderCatalog.builtIn.names {
      let world = World(device: loaderTestDevice())
      let network = try FakeNetwork(world: world) { _ in nil }
      let environment = LoaderEnvironment(world: world, network: network)
      let instance = try LoaderCatalog.builtIn.make(name, environment: environment)
      #expect(instance.name == name)
    }
  }

  @Test("an unknown loader or option is a typed error that suggests the nearest name")
  func typedErrors() throws {
    let catalog = LoaderCatalog.builtIn
    #expect(throws: LoaderError.unknownLoader("refrence", suggestion: "reference")) {
      try catalog.entry(named: "refrence")
    }
    #expect(throws: LoaderError.unknownLoader("wwdc212", suggestion: "wwdc211")) {
      try catalog.entry(named: "wwdc212")
    }
    let filo = try catalog.entry(named: "filo-queue")
    #expect(
      throws: LoaderError.unknownOption(
        loader: "filo-queue", option: "conections", suggestion: "connections")
    ) { try filo.validate([("conections", .number(2))]) }
    let buffered = try catalog.entry(named: "runloop-buffered")
    #expect(
      throws: LoaderError.invalidOption(
        loader: "runloop-buffered", option: "mode", expected: "\"default\" or \"common\"",
        got: "\"tracking\"")
    ) { try buffered.validate([("mode", .string("tracking"))]) }
    let reference = try catalog.entry(named: "reference")
    #expect(throws: LoaderError.self) {
      try reference.validate([("memory_cache", .string("lots"))])
    }
    #expect(throws: LoaderError.self) { try reference.validate([("retries", .number(11))]) }
    let message = LoaderError.unknownLoader("refrence", suggestion: "reference").description
    #expect(message.contains("did you mean \"reference\"") && message.contains("cellsim loaders"))
  }

  @Test("only runloop-buffered changes the table: its margin makes the table twice as tall")
  func adjustHook() throws {
    let catalog = LoaderCatalog.builtIn
    let device = loaderTestDevice()
    for entry in catalog.entries {
      var configuration = TableConfiguration()
      entry.adjust(&configuration, options: try entry.validate([]), device: device)
      let expected = entry.name == "runloop-buffered" ? device.screenHeight / 2 : 0
      #expect(configuration.preloadMargin == expected, "\(entry.name)")
    }
    let buffered = try catalog.entry(named: "runloop-buffered")
    var configuration = TableConfiguration()
    configuration.preloadMargin = 500
    buffered.adjust(
      &configuration, options: try buffered.validate([("buffer_percent", .number(50))]),
      device: device)
    #expect(configuration.preloadMargin == 500)
  }
}

import Testing

@testable import ImageLoaders

@Suite("Loader options")
struct LoaderOptionsTests {
  let specs: [LoaderOptionSpec] = [
    LoaderOptionSpec("mode", .choice(["default", "common"]), default: "default", "run-loop mode"),
    LoaderOptionSpec("cancel", .bool, default: "false", "cancel on end display"),
    LoaderOptionSpec("width", .integer(1...8), default: "4", "queue width"),
    LoaderOptionSpec("memory_cache", .size, default: "50MB", "cache size"),
    LoaderOptionSpec("backoff", .duration, default: "200ms", "retry backoff"),
  ]

  @Test("given options are read, missing ones take their defaults")
  func reading() throws {
    let options = try LoaderOptions(
      loader: "x", entries: [("mode", .string("common")), ("width", .number(2))], specs: specs)
    #expect(options.choice("mode") == "common")
    #expect(options.integer("width") == 2)
    #expect(!options.bool("cancel"))
    #expect(options.size("memory_cache") == 50_000_000)
    #expect(options.duration("backoff") == .ms(200))
  }

  @Test("unknown options and bad values are typed errors, with a suggestion for typos")
  func errors() {
    #expect(throws: LoaderError.unknownOption(loader: "x", option: "mdoe", suggestion: "mode")) {
      try LoaderOptions(loader: "x", entries: [("mdoe", .string("common"))], specs: specs)
    }
    #expect(throws: LoaderError.self) {
      try LoaderOptions(loader: "x", entries: [("mode", .string("tracking"))], specs: specs)
    }
    #expect(throws: LoaderError.self) {
      try LoaderOptions(loader: "x", entries: [("width", .number(9))], specs: specs)
    }
    #expect(throws: LoaderError.self) {
      try LoaderOptions(loader: "x", entries: [("cancel", .string("yes"))], specs: specs)
    }
    #expect(throws: LoaderError.self) {
      try LoaderOptions(loader: "x", entries: [("memory_cache", .string("lots"))], specs: specs)
    }
  }

  @Test("an unknown loader name suggests the nearest one")
  func unknownLoader() {
    let catalog = LoaderCatalog.builtIn
    #expect(throws: LoaderError.self) { try catalog.entry(named: "refrence") }
  }
}

// Written as iOS code, with only the layer imported: the localized strings modern screens build
// their titles with (`String(localized:)`, `LocalizedStringResource`), which Linux's Foundation lacks.
import CellSimUIKit
import Testing

extension LocalizedStringResource {
  /// As Xcode generates for a strings catalog's key (`String(localized: .batchSelect)`).
  static var batchSelect: LocalizedStringResource {
    LocalizedStringResource("batchSelect", defaultValue: "Select")
  }
}

@Suite("String(localized:) and LocalizedStringResource")
struct StringLocalizedTests {
  @Test("a literal is its own string when no table has it")
  func literal() {
    #expect(String(localized: "Search photos") == "Search photos")
    #expect(String(localized: "Title", table: "Missing", comment: "a title") == "Title")
  }

  @Test("an interpolated literal keeps its values; its key has format specifiers")
  func interpolated() {
    let count = 3
    let name = "Album"
    #expect(String(localized: "\(count) photos in \(name)") == "3 photos in Album")
    #if !canImport(Darwin)
      // The layer's own value (Darwin's Foundation does not make the key public).
      let value: String.LocalizationValue = "\(count) photos in \(name)"
      #expect(value.key == "%lld photos in %@")
    #endif
  }

  @Test("a key with a default value, and a resource")
  func keyAndResource() {
    #expect(String(localized: "photos.title", defaultValue: "Photos") == "Photos")
    #expect(String(localized: .batchSelect) == "Select")
    let r: LocalizedStringResource = "Done"
    #expect(r.key == "Done" && String(localized: r) == "Done")
  }
}

// Written as iOS code, with only the layer imported: a theme's light/dark colours, as apps
// declare them (`static let mainBackground = UIColor { trait in … }`).
import CellSimUIKit
import Testing

@Suite("UIColor(dynamicProvider:) and resolvedColor(with:)")
struct DynamicColorTests {
  static let themed = UIColor { trait in
    trait.userInterfaceStyle == .dark
      ? UIColor(white: 0.11, alpha: 1.0) : UIColor(white: 0.9, alpha: 1)
  }

  @Test("a dynamic colour takes the provider's light appearance")
  func lightAppearance() {
    #expect(Self.themed.red == 0.9 && Self.themed.alpha == 1)
    #expect(Self.themed.cgColor.alpha == 1)
  }

  @Test("resolvedColor(with:) asks the provider for the given traits")
  func resolved() {
    let dark = Self.themed.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark))
    #expect(dark.red == 0.11)
    let light = Self.themed.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light))
    #expect(light.red == 0.9)
  }

  @Test("a fixed colour resolves to itself")
  func fixed() {
    let c = UIColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)
    #expect(c.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) === c)
  }
}

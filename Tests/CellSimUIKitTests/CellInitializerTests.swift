// Imports only the layer: Process and FileManager come through its re-export of Foundation.
import CellSimUIKit
import Testing

/// Type-checks the `Probes/CellOwnInitializer*.swift.probe` files with the swiftc that built the
/// tests, against the built modules (`ProbeTypecheck`).
@Suite("A cell with only a designated initializer of its own")
struct CellInitializerTests {
  @Test("it does not compile: the layer's registration initializer is required")
  func ownInitializerOnly() throws {
    guard let (status, output) = try ProbeTypecheck.run("CellOwnInitializer") else { return }
    #expect(status != 0)
    #expect(
      output.contains(
        "'required' initializer 'init(registeredStyle:reuseIdentifier:)' must be provided by "
          + "subclass of 'UITableViewCell'"), "\(output)")
    #expect(
      output.contains(
        "'required' initializer 'init(registeredFrame:reuseIdentifier:)' must be provided by "
          + "subclass of 'UICollectionReusableView'"), "\(output)")
  }

  @Test("overriding UIKit's initializer too (valid UIKit) compiles")
  func withUIKitsInitializer() throws {
    guard let (status, output) = try ProbeTypecheck.run("CellOwnInitializerFixed") else {
      return
    }
    #expect(status == 0, "\(output)")
  }
}

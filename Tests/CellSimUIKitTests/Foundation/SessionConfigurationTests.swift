// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

@Suite("URLSessionConfiguration keeps the properties loaders set")
struct SessionConfigurationTests {
  @Test("the network-policy properties are stored and copied into the session")
  func storedProperties() {
    let configuration = URLSessionConfiguration.default
    configuration.httpShouldUsePipelining = true
    configuration.networkServiceType = .responsiveData
    configuration.networkServiceType = .background
    configuration.isDiscretionary = true
    configuration.allowsExpensiveNetworkAccess = false
    configuration.allowsConstrainedNetworkAccess = false
    let session = URLSession(configuration: configuration)
    let kept = session.configuration
    #expect(kept.httpShouldUsePipelining && kept.isDiscretionary)
    #expect(kept.networkServiceType == .background)
    #expect(!kept.allowsExpensiveNetworkAccess && !kept.allowsConstrainedNetworkAccess)
  }
}

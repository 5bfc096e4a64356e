// Written as iOS code, with only the layer imported: UIKit's text attributes on Foundation's
// attributed strings, and a button configuration's text transformer, as Apple's page shows it.
import CellSimUIKit
import Testing

@Suite("UIKit's attribute scope and text attributes transformers")
@MainActor struct UIKitAttributeScopeTests {
  @Test("a container and an attributed string take UIKit's attributes by name")
  func attributesByName() {
    var container = AttributeContainer()
    let bold = UIFont.boldSystemFont(ofSize: 20)
    container.font = bold
    container.foregroundColor = .black
    container.kern = 1.5
    #expect(container.font === bold)
    #expect(container.foregroundColor == .black)
    #expect(container.kern == 1.5)
    var title = AttributedString("Photos")
    title.mergeAttributes(container)
    #expect(title.font === bold)
    #expect(title.runs.count == 1)
    title.underlineStyle = .single
    #expect(title.underlineStyle == .single)
  }

  @Test("a configuration keeps its transformers, and calling one transforms the attributes")
  func transformer() {
    var configuration = UIButton.Configuration.filled()
    configuration.title = "Select"
    configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer {
      incoming in
      var outgoing = incoming
      outgoing.foregroundColor = UIColor.black
      outgoing.font = UIFont.boldSystemFont(ofSize: 20)
      return outgoing
    }
    var container = AttributeContainer()
    container.backgroundColor = UIColor.blue
    let transformed = configuration.titleTextAttributesTransformer?(container)
    #expect(transformed?.foregroundColor == .black)
    #expect(transformed?.font?.pointSize == 20)
    #expect(transformed?.backgroundColor == .blue)
    #expect(configuration.subtitleTextAttributesTransformer == nil)
    let button = UIButton(configuration: configuration)
    #expect(button.configuration?.titleTextAttributesTransformer != nil)
  }
}

// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A gallery that takes dropped image URLs, as drop-target screens write it.
final class DropGallery: UIViewController, UIDropInteractionDelegate {
  var urls: [String] = []
  func dropInteraction(_ interaction: UIDropInteraction, canHandle session: any UIDropSession)
    -> Bool
  { session.canLoadObjects(ofClass: NSURL.self) }
  func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession
  ) -> UIDropProposal { UIDropProposal(operation: .copy) }
  func dropInteraction(_ interaction: UIDropInteraction, performDrop session: any UIDropSession) {
    session.loadObjects(ofClass: NSURL.self) { items in
      self.urls += items.compactMap { ($0 as? NSURL)?.absoluteString }
    }
  }
}

/// A source of drags with only the required method.
final class DragSource: NSObject, UIDragInteractionDelegate {
  func dragInteraction(
    _ interaction: UIDragInteraction, itemsForBeginning session: any UIDragSession
  ) -> [UIDragItem] { [] }
}

@Suite("Keyboard notifications, drag and drop interactions, underline styles")
@MainActor struct KeyboardAndInteractionTests {
  @Test("keyboard notifications and keys have UIKit's names; a posted one reads back")
  func keyboardNotifications() throws {
    #expect(UIResponder.keyboardWillShowNotification.rawValue == "UIKeyboardWillShowNotification")
    #expect(UIResponder.keyboardFrameEndUserInfoKey == "UIKeyboardFrameEndUserInfoKey")
    let frame = Box(CGRect.zero)
    let duration = Box(0.0)
    try simulate {
      let center = NotificationCenter.default
      let token = center.addObserver(
        forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil
      ) { note in
        let info = note.userInfo
        frame.value = info?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect ?? .zero
        duration.value = info?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0
      }
      center.post(
        name: UIResponder.keyboardWillShowNotification, object: nil,
        userInfo: [
          UIResponder.keyboardFrameEndUserInfoKey: CGRect(x: 0, y: 500, width: 375, height: 300),
          UIResponder.keyboardAnimationDurationUserInfoKey: 0.25,
        ])
      center.removeObserver(token)
    }
    #expect(frame.value.height == 300 && duration.value == 0.25)
  }

  @Test("interactions are added, listed and removed; their delegates are kept weakly")
  func interactions() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    var gallery: DropGallery? = DropGallery()
    let drop = UIDropInteraction(delegate: gallery!)
    let source = DragSource()
    let drag = UIDragInteraction(delegate: source)
    view.addInteraction(drop)
    view.addInteraction(drag)
    #expect(view.interactions.count == 2 && drop.view === view && drag.view === view)
    #expect(!drag.isEnabled && !UIDragInteraction.isEnabledByDefault)
    #expect(drop.delegate === gallery)
    let proposal = DefaultDrop().dropInteraction(drop, sessionDidUpdate: HandMadeDropSession([]))
    #expect(proposal.operation == .cancel)
    view.removeInteraction(drop)
    #expect(view.interactions.count == 1 && drop.view == nil)
    view.interactions = []
    #expect(view.interactions.isEmpty && drag.view == nil)
    gallery = nil
    #expect(drop.delegate == nil)
  }

  @Test("a drop gallery loads dropped URLs from the session")
  func dropLoadsURLs() throws {
    let gallery = DropGallery()
    let view = UIView()
    let drop = UIDropInteraction(delegate: gallery)
    view.addInteraction(drop)
    try simulate {
      let url = NSURL(string: "https://img.test/1.png")!
      let session = HandMadeDropSession([UIDragItem(itemProvider: NSItemProvider(object: url))])
      #expect(gallery.dropInteraction(drop, canHandle: session))
      gallery.dropInteraction(drop, performDrop: session)
    }
    #expect(gallery.urls == ["https://img.test/1.png"])
  }

  @Test("underline styles have UIKit's raw values; old split view display modes are aliases")
  func underlineAndDisplayModes() {
    #expect(NSUnderlineStyle.single.rawValue == 1 && NSUnderlineStyle.double.rawValue == 9)
    #expect([NSUnderlineStyle.single, .patternDash].contains(.patternDash))
    let title = NSAttributedString(
      string: "Bulbasaur", attributes: [.underlineStyle: NSUnderlineStyle.single.rawValue])
    #expect(title.attribute(.underlineStyle, at: 0, effectiveRange: nil) as? Int == 1)
    #expect(UISplitViewController.DisplayMode.primaryOverlay == .oneOverSecondary)
    #expect(UISplitViewController.DisplayMode.allVisible == .oneBesideSecondary)
    #expect(UISplitViewController.DisplayMode.primaryHidden == .secondaryOnly)
  }
}

/// A drop delegate with no methods, to read UIKit's defaults.
final class DefaultDrop: UIDropInteractionDelegate {}

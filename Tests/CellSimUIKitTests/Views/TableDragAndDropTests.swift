// Written as iOS code: this file imports only the layer (and Testing), besides the test helpers.
import CellSimUIKit
import Testing

/// A list of places whose rows can be dragged out and text dropped in, as Apple's table drag
/// and drop sample writes its delegates (only the required methods, and a proposal).
final class PlaceList: UIViewController, UITableViewDragDelegate, UITableViewDropDelegate {
  var names = ["Yosemite", "Sequoia"]

  func tableView(
    _ tableView: UITableView, itemsForBeginning session: any UIDragSession,
    at indexPath: IndexPath
  ) -> [UIDragItem] {
    let data = names[indexPath.row].data(using: .utf8)
    let provider = NSItemProvider()
    provider.registerDataRepresentation(forTypeIdentifier: "public.plain-text", visibility: .all) {
      completion in
      completion(data, nil)
      return nil
    }
    return [UIDragItem(itemProvider: provider)]
  }

  func tableView(
    _ tableView: UITableView, dropSessionDidUpdate session: any UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UITableViewDropProposal {
    UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
  }

  func tableView(
    _ tableView: UITableView, performDropWith coordinator: any UITableViewDropCoordinator
  ) {
    coordinator.session.loadObjects(ofClass: NSString.self) { items in
      self.names += items.compactMap { $0 as? NSString }.map { String(describing: $0) }
    }
  }
}

/// A drag and drop session made by hand (the simulated user never starts one).
final class HandMadeDropSession: UIDropSession, UIDragSession {
  let items: [UIDragItem]
  var localContext: Any?
  init(_ items: [UIDragItem]) { self.items = items }
  var localDragSession: (any UIDragSession)? { nil }
  var allowsMoveOperation: Bool { true }
  var isRestrictedToDraggingApplication: Bool { false }
  func location(in view: UIView) -> CGPoint { .zero }
  func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool {
    items.contains { item in
      typeIdentifiers.contains(where: item.itemProvider.hasItemConformingToTypeIdentifier)
    }
  }
}

@Suite("Table view drag and drop, and loading from item providers")
@MainActor struct TableDragAndDropTests {
  @Test("the delegates are kept weakly; no drag or drop is under way; UIKit's defaults answer")
  func delegatesKept() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
    #expect(!table.dragInteractionEnabled && !table.hasActiveDrag && !table.hasActiveDrop)
    var list: PlaceList? = PlaceList()
    table.dragDelegate = list
    table.dropDelegate = list
    table.dragInteractionEnabled = true
    #expect(table.dragDelegate === list && table.dropDelegate === list)
    #expect(table.dragInteractionEnabled)
    let session = HandMadeDropSession([])
    let defaults = DefaultsOnly()
    let proposal = defaults.tableView(
      table, dropSessionDidUpdate: session, withDestinationIndexPath: nil)
    #expect(proposal.operation == .cancel && proposal.intent == .unspecified)
    #expect(defaults.tableView(table, canHandle: session))
    #expect(UITableViewDropProposal.Intent.automatic.rawValue == 3)
    list = nil
    #expect(table.dragDelegate == nil && table.dropDelegate == nil)
  }

  @Test("a load handler runs when its representation is loaded; completions on a worker thread")
  func dataRepresentation() throws {
    let log = Log()
    try simulate {
      let provider = NSItemProvider()
      provider.registerDataRepresentation(forTypeIdentifier: "public.plain-text", visibility: .all)
      {
        completion in
        log.add("handler on \(simulatedThreadName())")
        completion("Sequoia".data(using: .utf8), nil)
        return nil
      }
      #expect(provider.registeredTypeIdentifiers == ["public.plain-text"])
      #expect(provider.canLoadObject(ofClass: NSString.self))
      #expect(!provider.canLoadObject(ofClass: UIImage.self))
      provider.loadObject(ofClass: String.self) { text, error in
        log.add("string \(text ?? "nil") \(error == nil) on \(simulatedThreadName())")
      }
      provider.loadDataRepresentation(forTypeIdentifier: "public.png") { data, error in
        log.add("png \(data == nil) \(error != nil)")
      }
    }
    // Called by the load itself (here, the setup outside any simulated thread).
    #expect(log.lines.first == "handler on none @0")
    #expect(log.lines.contains { $0.hasPrefix("string Sequoia true on w") })
    #expect(log.lines.contains("png true true @0"))
  }

  @Test("an image offered by an item provider loads back as its pixels, at scale 1, as on iOS")
  func imageRoundTrip() throws {
    let size = Box(CGSize.zero)
    try simulate {
      let renderer = UIGraphicsImageRenderer(size: CGSize(width: 6, height: 4))
      let image = renderer.image { context in
        UIColor.red.setFill()
        context.fill(CGRect(x: 0, y: 0, width: 6, height: 4))
      }
      let provider = NSItemProvider(object: image)
      #expect(provider.canLoadObject(ofClass: UIImage.self))
      provider.loadObject(ofClass: UIImage.self) { object, _ in
        size.value = (object as? UIImage)?.size ?? .zero
      }
    }
    // Drawn at the device's scale 3; PNG data keeps the pixels, not the scale.
    #expect(size.value == CGSize(width: 18, height: 12))
  }

  @Test("a drop session loads its items' objects in order and hands them over on the main queue")
  func sessionLoadsObjects() throws {
    let list = PlaceList()
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
    let thread = Box("")
    try simulate {
      let items =
        list.tableView(
          table, itemsForBeginning: HandMadeDropSession([]), at: IndexPath(row: 1, section: 0))
        + [UIDragItem(itemProvider: NSItemProvider(object: "Pinnacles" as NSString))]
      let session = HandMadeDropSession(items)
      #expect(session.canLoadObjects(ofClass: NSString.self))
      session.loadObjects(ofClass: NSString.self) { objects in
        thread.value = simulatedThreadName()
        list.names += objects.compactMap { $0 as? NSString }.map { String(describing: $0) }
      }
    }
    #expect(list.names == ["Yosemite", "Sequoia", "Sequoia", "Pinnacles"])
    #expect(thread.value == "main")
  }
}

/// A drop delegate with the required method only, to read UIKit's defaults.
final class DefaultsOnly: UITableViewDropDelegate {
  func tableView(
    _ tableView: UITableView, performDropWith coordinator: any UITableViewDropCoordinator
  ) {}
}

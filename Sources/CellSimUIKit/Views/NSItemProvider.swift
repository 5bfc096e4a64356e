import Foundation

/// Foundation's `NSItemProvider`, which swift-corelibs-foundation lacks: data offered under
/// uniform type identifiers, loaded on demand.
///
/// Representations load as Apple documents: `loadDataRepresentation` calls the registered load
/// handler, and every completion handler runs on a global queue (a simulated worker thread),
/// never on the caller's. `loadObject(ofClass:)` loads the first registered type the class can
/// read. No drag or drop ever hands the app a provider (the simulated user never drags), so
/// these run only when the app calls them itself. Visibility is accepted and not enforced
/// (there is one process).
open class NSItemProvider: NSObject, @unchecked Sendable {
  /// A registered representation: its type and what loads it.
  struct Representation {
    var typeIdentifier: String
    var load: @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
  }

  var representations: [Representation] = []

  /// The uniform type identifiers registered, in order.
  open var registeredTypeIdentifiers: [String] { representations.map(\.typeIdentifier) }

  /// A name for the data, offered to whoever receives it.
  open var suggestedName: String?

  /// A provider with no data.
  public override init() {}

  /// A provider of `object`'s representations.
  public convenience init(object: any NSItemProviderWriting) {
    self.init()
    registerObject(object, visibility: .all)
  }

  /// Registers `object`'s representations, each loaded by the object's
  /// `loadData(withTypeIdentifier:forItemProviderCompletionHandler:)`.
  open func registerObject(
    _ object: any NSItemProviderWriting, visibility: NSItemProviderRepresentationVisibility
  ) {
    let boxed = UncheckedObject(object)
    for typeIdentifier in type(of: object).writableTypeIdentifiersForItemProvider {
      representations.append(
        Representation(typeIdentifier: typeIdentifier) { completion in
          boxed.object.loadData(
            withTypeIdentifier: typeIdentifier, forItemProviderCompletionHandler: completion)
        })
    }
  }

  /// Registers data of `typeIdentifier`, produced by `loadHandler` when someone loads it.
  open func registerDataRepresentation(
    forTypeIdentifier typeIdentifier: String, visibility: NSItemProviderRepresentationVisibility,
    loadHandler:
      @escaping @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) ->
      Progress?
  ) {
    representations.append(
      Representation(typeIdentifier: typeIdentifier, load: loadHandler))
  }

  /// Whether `typeIdentifier` is registered.
  open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
    registeredTypeIdentifiers.contains(typeIdentifier)
  }

  /// Loads the data of `typeIdentifier`; `completionHandler` runs on a global queue, with an
  /// error when the type is not registered.
  @discardableResult
  open func loadDataRepresentation(
    forTypeIdentifier typeIdentifier: String,
    completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress {
    guard let representation = representations.first(where: { $0.typeIdentifier == typeIdentifier })
    else { return Self.fail(typeIdentifier) { completionHandler(nil, $0) } }
    let progress = Progress(totalUnitCount: 1)
    _ = representation.load { data, error in
      DispatchQueue.global().async {
        progress.completedUnitCount = 1
        completionHandler(data, error)
      }
    }
    return progress
  }

  /// Whether a registered type is one `aClass` reads.
  open func canLoadObject(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
    readableRepresentation(for: aClass) != nil
  }

  /// Loads an instance of `aClass` from the first registered type it reads; the handler runs on
  /// a global queue, with an error when no registered type is readable or the data is not.
  @discardableResult
  open func loadObject(
    ofClass aClass: any NSItemProviderReading.Type,
    completionHandler: @escaping @Sendable ((any NSItemProviderReading)?, (any Error)?) -> Void
  ) -> Progress {
    guard let typeIdentifier = readableRepresentation(for: aClass) else {
      return Self.fail("\(aClass)") { completionHandler(nil, $0) }
    }
    let reader = ReadingClass(type: aClass)
    return loadDataRepresentation(forTypeIdentifier: typeIdentifier) { data, error in
      guard let data else { return completionHandler(nil, error) }
      do {
        completionHandler(
          try reader.type.object(withItemProviderData: data, typeIdentifier: typeIdentifier), nil)
      } catch { completionHandler(nil, error) }
    }
  }

  /// Loads a Swift value whose Foundation class reads a registered type (`String.self`: text).
  @discardableResult
  public func loadObject<T: _ObjectiveCBridgeable & SendableMetatype>(
    ofClass: T.Type, completionHandler: @escaping @Sendable (T?, (any Error)?) -> Void
  ) -> Progress where T._ObjectiveCType: NSItemProviderReading {
    let bridge = Bridge<T>()
    return loadObject(ofClass: T._ObjectiveCType.self) { object, error in
      completionHandler(object.flatMap(bridge.value), error)
    }
  }

  /// The first registered type `aClass` reads.
  func readableRepresentation(for aClass: any NSItemProviderReading.Type) -> String? {
    let readable = aClass.readableTypeIdentifiersForItemProvider
    return registeredTypeIdentifiers.first(where: readable.contains)
  }

  /// Hands Foundation's error for `what` to `deliver` on a global queue; the load's progress.
  static func fail(_ what: String, _ deliver: @escaping @Sendable (NSError) -> Void) -> Progress {
    let error = unavailable(what)
    DispatchQueue.global().async { deliver(error) }
    return Progress(totalUnitCount: 1)
  }

  /// Foundation's error for a representation that cannot be loaded.
  static func unavailable(_ what: String) -> NSError {
    NSError(
      domain: "NSItemProviderErrorDomain", code: -1000,
      userInfo: [NSLocalizedDescriptionKey: "Cannot load representation of type \(what)"])
  }
}

/// Foundation's `NSItemProviderRepresentationVisibility`: who may load a representation, with
/// Foundation's raw values.
public enum NSItemProviderRepresentationVisibility: Int, Sendable {
  /// Every process.
  case all = 0
  /// Processes of the same team.
  case team = 1
  /// Processes of the same group (macOS).
  case group = 2
  /// This process only.
  case ownProcess = 3
}

/// A class an item provider reads, captured by a `@Sendable` handler.
private struct ReadingClass: @unchecked Sendable {
  let type: any NSItemProviderReading.Type
}

/// Bridges a loaded Foundation object to its Swift value type, in a `@Sendable` handler.
private struct Bridge<T: _ObjectiveCBridgeable>: @unchecked Sendable {
  func value(_ object: any NSItemProviderReading) -> T? {
    guard let object = object as? T._ObjectiveCType else { return nil }
    var value: T?
    T._forceBridgeFromObjectiveC(object, result: &value)
    return value
  }
}

/// An object captured by a `@Sendable` load handler: the layer runs one simulated thread at a
/// time, as Foundation hands a provider's object to one loader at a time.
private struct UncheckedObject: @unchecked Sendable {
  let object: any NSItemProviderWriting
  init(_ object: any NSItemProviderWriting) { self.object = object }
}

/// Foundation's `NSItemProviderWriting`: an object an item provider can offer.
public protocol NSItemProviderWriting: AnyObject {
  /// The uniform type identifiers it can be written as.
  static var writableTypeIdentifiersForItemProvider: [String] { get }
  /// Produces the object's data as `typeIdentifier` and hands it to `completionHandler`.
  func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler:
      @escaping @Sendable (
        Data?, (any Error)?
      ) -> Void
  ) -> Progress?
}

/// Foundation's `NSItemProviderReading`: a class an item provider's data can be read as.
public protocol NSItemProviderReading: AnyObject {
  /// The uniform type identifiers it reads.
  static var readableTypeIdentifiersForItemProvider: [String] { get }
  /// An instance made from `data` of `typeIdentifier`.
  static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

#if canImport(Darwin)
  // Foundation's NSString and NSURL declare their representations already.
  extension NSString: NSItemProviderWriting, NSItemProviderReading {}
  extension NSURL: NSItemProviderWriting, NSItemProviderReading {}
#else
  extension NSString: NSItemProviderWriting, NSItemProviderReading {
    /// Plain UTF-8 text.
    public static var writableTypeIdentifiersForItemProvider: [String] {
      ["public.utf8-plain-text"]
    }
    /// Plain text, UTF-8 or not said.
    public static var readableTypeIdentifiersForItemProvider: [String] {
      ["public.utf8-plain-text", "public.plain-text", "public.text"]
    }
    /// The string's UTF-8 bytes.
    public func loadData(
      withTypeIdentifier typeIdentifier: String,
      forItemProviderCompletionHandler completionHandler:
        @escaping @Sendable (
          Data?, (any Error)?
        ) -> Void
    ) -> Progress? {
      completionHandler(Data(String(describing: self).utf8), nil)
      return nil
    }
    /// The text decoded as UTF-8; an error for bytes that are not.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws
      -> Self
    {
      guard let text = String(data: data, encoding: .utf8) else {
        throw NSItemProvider.unavailable(typeIdentifier)
      }
      guard let string = NSString(string: text) as? Self else {
        throw NSItemProvider.unavailable(typeIdentifier)
      }
      return string
    }
  }

  extension NSURL: NSItemProviderWriting, NSItemProviderReading {
    /// A URL.
    public static var writableTypeIdentifiersForItemProvider: [String] { ["public.url"] }
    /// A URL.
    public static var readableTypeIdentifiersForItemProvider: [String] { ["public.url"] }
    /// The URL's absolute string, as UTF-8.
    public func loadData(
      withTypeIdentifier typeIdentifier: String,
      forItemProviderCompletionHandler completionHandler:
        @escaping @Sendable (
          Data?, (any Error)?
        ) -> Void
    ) -> Progress? {
      completionHandler(Data(absoluteString.utf8), nil)
      return nil
    }
    /// The URL the UTF-8 text spells; an error for text that is none.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws
      -> Self
    {
      guard let text = String(data: data, encoding: .utf8), let url = NSURL(string: text) as? Self
      else {
        throw NSItemProvider.unavailable(typeIdentifier)
      }
      return url
    }
  }
#endif

extension UIImage: NSItemProviderWriting, NSItemProviderReading {
  /// PNG and JPEG images.
  public static var writableTypeIdentifiersForItemProvider: [String] {
    ["public.png", "public.jpeg"]
  }
  /// PNG images (the layer decodes PNG only), and images of any format.
  public static var readableTypeIdentifiersForItemProvider: [String] {
    ["public.png", "public.image"]
  }
  /// The image's PNG encoding, whichever type is asked for.
  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler:
      @escaping @Sendable (
        Data?, (any Error)?
      ) -> Void
  ) -> Progress? {
    completionHandler(pngData(), nil)
    return nil
  }
  /// The image the data decodes to; an error for data that does not decode.
  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws
    -> Self
  {
    guard let image = UIImage(data: data) as? Self else {
      throw NSItemProvider.unavailable(typeIdentifier)
    }
    return image
  }
}

extension UIDropSession {
  /// Whether an item's provider offers a type `aClass` reads.
  public func canLoadObjects(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
    items.contains { $0.itemProvider.canLoadObject(ofClass: aClass) }
  }

  /// Loads an instance of `aClass` from every item that offers one, and hands them, in the
  /// items' order, to `completion` on the main queue once all have loaded (items whose data does
  /// not read are left out).
  @discardableResult
  public func loadObjects(
    ofClass aClass: any NSItemProviderReading.Type,
    completion: @escaping @MainActor ([any NSItemProviderReading]) -> Void
  ) -> Progress {
    let providers = items.map(\.itemProvider).filter { $0.canLoadObject(ofClass: aClass) }
    let progress = Progress(totalUnitCount: Int64(providers.count))
    let loaded = LoadedObjects(count: providers.count)
    let group = DispatchGroup()
    for (index, provider) in providers.enumerated() {
      group.enter()
      provider.loadObject(ofClass: aClass) { object, _ in
        loaded.objects[index] = object.map(UncheckedReading.init)
        progress.completedUnitCount += 1
        group.leave()
      }
    }
    group.notify(queue: .main) {
      let objects = loaded.objects.compactMap { $0?.object }
      MainActor.assumeIsolated { completion(objects) }
    }
    return progress
  }
}

/// The objects a drop session's loads produced, by item (one simulated thread runs at a time).
private final class LoadedObjects: @unchecked Sendable {
  var objects: [UncheckedReading?]
  init(count: Int) { objects = Array(repeating: nil, count: count) }
}

/// A loaded object handed between simulated threads.
private struct UncheckedReading: @unchecked Sendable {
  let object: any NSItemProviderReading
}

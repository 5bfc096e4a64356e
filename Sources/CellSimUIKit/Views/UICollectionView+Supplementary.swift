/// Supplementary views, selection and the other `UICollectionView` members grid code calls.
///
/// A vertical flow layout's headers and footers are asked for and shown as they come on screen
/// (`UICollectionView+SupplementaryDisplay.swift`); other layouts' supplementary items are not.
/// Registering and dequeuing work as in UIKit: a view of the registered class is made (one per
/// kind, identifier and index path, made again only if its class changes, so a view is not
/// reused across sections as UIKit may reuse it) and a registration's handler configures it.
extension UICollectionView {
  /// `UICollectionView.elementKindSectionHeader`.
  public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
  /// `UICollectionView.elementKindSectionFooter`.
  public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

  /// Registers `viewClass` for supplementary views of `elementKind` and `identifier`.
  public func register(
    _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
    withReuseIdentifier identifier: String
  ) {
    let key = "\(elementKind)/\(identifier)"
    if let viewClass {
      guard let type = viewClass as? UICollectionReusableView.Type else {
        preconditionFailure(
          "UICollectionView.register: \(viewClass) is not a UICollectionReusableView subclass")
      }
      supplementary.registered[key] = type
      supplementary.nibs[key] = nil
    } else {
      supplementary.registered[key] = nil
    }
  }

  /// Registers a nib for supplementary views of `elementKind` and `identifier`: views of the
  /// nib's stand-in class (see `UINib`), made as UIKit loads a nib; nil removes the registration.
  public func register(
    _ nib: UINib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String
  ) {
    let key = "\(kind)/\(identifier)"
    supplementary.registered[key] = nil
    supplementary.nibs[key] = nib
  }

  /// A supplementary view of the class registered for `elementKind` and `identifier`; stops, as
  /// UIKit raises, when none is registered.
  public func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> UICollectionReusableView {
    let key = "\(elementKind)/\(identifier)"
    let viewKey = "\(key)@\(indexPath.section).\(indexPath.item)"
    if let nib = supplementary.nibs[key] {
      if let view = supplementary.views[viewKey] {
        view.prepareForReuse()
        return view
      }
      let view = nib.makeView(
        UICollectionReusableView.self,
        call: "UICollectionView.dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)",
        registered: identifier
      ) { $0.reuseIdentifier = identifier }
      supplementary.views[viewKey] = view
      return view
    }
    guard let type = supplementary.registered[key] else {
      preconditionFailure(
        "UICollectionView: could not dequeue a view of kind: \(elementKind) with identifier "
          + "\(identifier) - must register a nib or a class for the identifier")
    }
    if let view = supplementary.views[viewKey], Swift.type(of: view) == type {
      view.prepareForReuse()
      return view
    }
    let view = type.init(registeredFrame: .zero, reuseIdentifier: identifier)
    supplementary.views[viewKey] = view
    return view
  }

  /// A supplementary view of the registration's class, configured by its handler.
  public func dequeueConfiguredReusableSupplementary<Supplementary: UICollectionReusableView>(
    using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
  ) -> Supplementary {
    let key = "\(registration.elementKind)/\(registration.identifier)"
    if let nib = registration.supplementaryNib {
      if supplementary.nibs[key] == nil { supplementary.nibs[key] = nib }
    } else if supplementary.registered[key] == nil {
      supplementary.registered[key] = Supplementary.self
    }
    let view =
      dequeueReusableSupplementaryView(
        ofKind: registration.elementKind, withReuseIdentifier: registration.identifier,
        for: indexPath) as! Supplementary
    registration.handler(view, registration.elementKind, indexPath)
    return view
  }

  /// `UICollectionView.SupplementaryRegistration`: a view class and the handler configuring it.
  public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
    /// `(view, elementKind, indexPath)`.
    public typealias Handler = (Supplementary, String, IndexPath) -> Void
    /// The kind of view registered.
    public let elementKind: String
    let handler: Handler
    let identifier: String
    /// The nib whose stand-in makes the views (`init(supplementaryNib:elementKind:handler:)`);
    /// nil: `Supplementary` itself.
    let supplementaryNib: UINib?

    /// A registration for views of `elementKind` that `handler` configures.
    public init(elementKind: String, handler: @escaping Handler) {
      self.elementKind = elementKind
      self.handler = handler
      self.identifier =
        "SupplementaryRegistration.\(Supplementary.self).\(RegistrationCounter.next())"
      self.supplementaryNib = nil
    }

    /// A registration for views of `elementKind` made from `nib` (its stand-in, see `UINib`),
    /// as `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)` with a nib makes them,
    /// that `handler` configures.
    public init(supplementaryNib nib: UINib, elementKind: String, handler: @escaping Handler) {
      self.elementKind = elementKind
      self.handler = handler
      self.identifier =
        "SupplementaryRegistration.\(Supplementary.self).\(RegistrationCounter.next())"
      self.supplementaryNib = nib
    }
  }

  // MARK: Hit-testing and selection

  /// The displayed item under `point` (in the collection view's content): its frame is the
  /// layout's, or the scenario's table's when the layout gives none (a flow or list layout).
  public func indexPathForItem(at point: CGPoint) -> IndexPath? {
    guard let engine else { return nil }
    return indexPathsForVisibleItems.first { indexPath in
      if let frame = layoutFrame(for: indexPath) { return frame.contains(point) }
      let row = engine.layout.frame(ofRow: engineSections.row(for: indexPath) ?? indexPath.item)
      return CGRect(x: row.x, y: row.y, width: row.width, height: row.height).contains(point)
    }
  }

  /// The selected items (nil when none), in the order selected.
  public var indexPathsForSelectedItems: [IndexPath]? {
    supplementary.selected.isEmpty ? nil : supplementary.selected
  }

  /// Selects `indexPath` (recorded; the delegate is not told, as in UIKit) and scrolls it to
  /// `scrollPosition` unless that is empty; nil clears the selection.
  public func selectItem(
    at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition
  ) {
    guard let indexPath else {
      supplementary.selected = []
      return
    }
    if !allowsMultipleSelection { supplementary.selected = [] }
    if !supplementary.selected.contains(indexPath) { supplementary.selected.append(indexPath) }
    cellForItem(at: indexPath)?.isSelected = true
    if !scrollPosition.isEmpty {
      scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Deselects `indexPath` (recorded; the delegate is not told, as in UIKit).
  public func deselectItem(at indexPath: IndexPath, animated: Bool) {
    supplementary.selected.removeAll { $0 == indexPath }
    cellForItem(at: indexPath)?.isSelected = false
  }

  // MARK: Sections and layouts

  /// Uses `layout` from now on (no animation is modelled).
  public func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
    collectionViewLayout = layout
  }

  /// Uses `layout` from now on; `completion(true)` runs on the next main-thread turn.
  public func setCollectionViewLayout(
    _ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
  ) {
    collectionViewLayout = layout
    performBatchUpdates(nil, completion: completion)
  }
}

/// What a collection view keeps for supplementary views and selection.
@MainActor struct CollectionExtras {
  var registered: [String: UICollectionReusableView.Type] = [:]
  var nibs: [String: UINib] = [:]
  var views: [String: UICollectionReusableView] = [:]
  var selected: [IndexPath] = []
  /// The supplementary views on screen (`UICollectionView+SupplementaryDisplay.swift`).
  var display = SupplementaryDisplay()
  /// Drag and drop (`UICollectionView+DragAndDrop.swift`): kept, never called.
  weak var dragDelegate: (any UICollectionViewDragDelegate)?
  weak var dropDelegate: (any UICollectionViewDropDelegate)?
}

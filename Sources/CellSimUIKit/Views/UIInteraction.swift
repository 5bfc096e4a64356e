import Foundation

/// UIKit's `UIInteraction`: an object that gives a view a behaviour (a drop target, a drag
/// source), added with `addInteraction(_:)`.
@preconcurrency @MainActor public protocol UIInteraction: AnyObject {
  /// The view the interaction is added to.
  var view: UIView? { get }
  /// Called before the interaction moves to `view` (nil: it is being removed).
  func willMove(to view: UIView?)
  /// Called after the interaction moved to `view`.
  func didMove(to view: UIView?)
}

extension UIView {
  /// Adds `interaction` (kept in order; UIKit's `willMove(to:)` and `didMove(to:)` are called).
  public func addInteraction(_ interaction: any UIInteraction) {
    interaction.willMove(to: self)
    touchSettings.interactions.append(interaction)
    interaction.didMove(to: self)
  }

  /// Removes `interaction`, if it was added.
  public func removeInteraction(_ interaction: any UIInteraction) {
    guard let index = touchSettings.interactions.firstIndex(where: { $0 === interaction })
    else { return }
    interaction.willMove(to: nil)
    touchSettings.interactions.remove(at: index)
    interaction.didMove(to: nil)
  }

  /// The interactions added, in order. Setting it removes the old ones and adds the new.
  public var interactions: [any UIInteraction] {
    get { touchSettings.interactions }
    set {
      for interaction in touchSettings.interactions { removeInteraction(interaction) }
      for interaction in newValue { addInteraction(interaction) }
    }
  }
}

/// UIKit's `UIDropInteraction`: makes its view a drop target. The simulated user never drags,
/// so no session reaches it and its delegate is never asked.
@preconcurrency @MainActor open class UIDropInteraction: NSObject, UIInteraction {
  /// The delegate (held weakly, as UIKit holds it).
  open private(set) weak var delegate: (any UIDropInteractionDelegate)?
  /// Whether several drops may happen at once (kept).
  open var allowsSimultaneousDropSessions = false
  /// The view it is added to.
  open private(set) weak var view: UIView?
  /// An interaction whose drops `delegate` handles.
  public init(delegate: any UIDropInteractionDelegate) { self.delegate = delegate }
  /// Does nothing before the move.
  open func willMove(to view: UIView?) {}
  /// Keeps the view.
  open func didMove(to view: UIView?) { self.view = view }
}

/// UIKit's `UIDropInteractionDelegate`; every method is optional, with UIKit's defaults.
@preconcurrency @MainActor public protocol UIDropInteractionDelegate: AnyObject {
  /// Whether the interaction can take the session's items (yes by default).
  func dropInteraction(_ interaction: UIDropInteraction, canHandle session: any UIDropSession)
    -> Bool
  /// A drop session entered the view.
  func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession)
  /// How a drop would be handled (cancelled by default, as UIKit's).
  func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession
  ) -> UIDropProposal
  /// A drop session left the view.
  func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession)
  /// Incorporates the dropped items.
  func dropInteraction(_ interaction: UIDropInteraction, performDrop session: any UIDropSession)
  /// The drop's animations ended.
  func dropInteraction(_ interaction: UIDropInteraction, concludeDrop session: any UIDropSession)
  /// A drop session ended.
  func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession)
}

extension UIDropInteractionDelegate {
  /// Yes.
  public func dropInteraction(
    _ interaction: UIDropInteraction, canHandle session: any UIDropSession
  ) -> Bool { true }
  /// Does nothing.
  public func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession
  ) {}
  /// A proposal to cancel the drop.
  public func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession
  ) -> UIDropProposal { UIDropProposal(operation: .cancel) }
  /// Does nothing.
  public func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession
  ) {}
  /// Does nothing.
  public func dropInteraction(
    _ interaction: UIDropInteraction, performDrop session: any UIDropSession
  ) {}
  /// Does nothing.
  public func dropInteraction(
    _ interaction: UIDropInteraction, concludeDrop session: any UIDropSession
  ) {}
  /// Does nothing.
  public func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession
  ) {}
}

/// UIKit's `UIDragInteraction`: makes its view a drag source. The simulated user never touches
/// and holds, so no drag starts and its delegate is never asked.
@preconcurrency @MainActor open class UIDragInteraction: NSObject, UIInteraction {
  /// Whether drag interactions are enabled by default: false, UIKit's value on iPhone.
  open class var isEnabledByDefault: Bool { false }
  /// The delegate (held weakly, as UIKit holds it).
  open private(set) weak var delegate: (any UIDragInteractionDelegate)?
  /// Whether the interaction may begin a drag (`isEnabledByDefault` until set).
  open var isEnabled: Bool
  /// Whether other recognizers may recognize during the lift (kept).
  open var allowsSimultaneousRecognitionDuringLift = false
  /// The view it is added to.
  open private(set) weak var view: UIView?
  /// An interaction whose drags `delegate` provides items for.
  public init(delegate: any UIDragInteractionDelegate) {
    self.delegate = delegate
    isEnabled = Self.isEnabledByDefault
  }
  /// Does nothing before the move.
  open func willMove(to view: UIView?) {}
  /// Keeps the view.
  open func didMove(to view: UIView?) { self.view = view }
}

/// UIKit's `UIDragInteractionDelegate`; only the items for a new drag are required.
@preconcurrency @MainActor public protocol UIDragInteractionDelegate: AnyObject {
  /// The items to drag when a drag starts (empty: no drag).
  func dragInteraction(
    _ interaction: UIDragInteraction, itemsForBeginning session: any UIDragSession
  ) -> [UIDragItem]
  /// A drag is about to begin.
  func dragInteraction(
    _ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession)
  /// A drag ended with `operation`.
  func dragInteraction(
    _ interaction: UIDragInteraction, session: any UIDragSession,
    didEndWith operation: UIDropOperation)
}

extension UIDragInteractionDelegate {
  /// Does nothing.
  public func dragInteraction(
    _ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession
  ) {}
  /// Does nothing.
  public func dragInteraction(
    _ interaction: UIDragInteraction, session: any UIDragSession,
    didEndWith operation: UIDropOperation
  ) {}
}

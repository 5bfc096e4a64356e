import Foundation
import Synchronization

/// UIKit's `UINib`, for code that registers cells from nibs or loads views from them.
///
/// There are no nib files off Apple's platforms, so a nib is a name, and a test says which view
/// class each name stands for: `UINib.standIn(PhotoCell.self, forNibNamed: "PhotoCell")`. A
/// nib's view is then made as UIKit loads one: `init(coder:)` (with an empty archive), then
/// `awakeFromNib()`; a cell also gets the reuse identifier it was registered with. There are no
/// outlets to connect, so the stand-in's `outlets` closure does it: it runs after
/// `init(coder:)` and before `awakeFromNib()`, as UIKit connects a nib's outlets, and makes the
/// subviews the nib would hold (`cell.photoView = UIImageView()`, added to the content view).
/// A nib nobody stood in for stops the run, naming the nib and the call that fixes it.
@preconcurrency @MainActor open class UINib: NSObject {
  /// UIKit's `UINib.OptionsKey`.
  public struct OptionsKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// The key named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Objects outside the nib that it refers to.
    public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
  }

  /// The nib's name (nil for a nib made from data).
  let name: String?

  /// `UINib(nibName:bundle:)`.
  public init(nibName name: String, bundle bundleOrNil: Bundle?) { self.name = name }

  /// `UINib(data:bundle:)`: a nib no test can stand in for (it has no name).
  public init(data: Data, bundle bundleOrNil: Bundle?) { self.name = nil }

  /// `instantiate(withOwner:options:)`: the stand-in view, made as UIKit loads a nib.
  open func instantiate(
    withOwner ownerOrNil: Any?, options optionsOrNil: [OptionsKey: Any]? = nil
  ) -> [Any] {
    [makeView(call: "UINib.instantiate(withOwner:options:)") { _ in }]
  }

  /// Says that the nib named `name` holds one view of `viewClass` (a test's stand-in for the
  /// nib file, which does not exist off Apple's platforms), whose outlets `outlets` connects.
  /// Process-wide; a later call for the same name replaces the earlier one.
  public nonisolated static func standIn<View: UIView>(
    _ viewClass: View.Type, forNibNamed name: String,
    outlets: (@MainActor (View) -> Void)? = nil
  ) {
    let standIn = StandIn(viewClass, outlets: outlets)
    standIns.withLock { $0[name] = standIn }
  }

  nonisolated static let standIns = Mutex<[String: StandIn]>([:])

  /// A view class standing in for a nib or a storyboard's prototype cell, and what connects its
  /// outlets.
  struct StandIn: @unchecked Sendable {
    let type: UIView.Type
    let outlets: (@MainActor (UIView) -> Void)?

    init<View: UIView>(_ type: View.Type, outlets: (@MainActor (View) -> Void)?) {
      self.type = type
      if let outlets {
        self.outlets = { @MainActor view in
          if let view = view as? View { outlets(view) }
        }
      } else {
        self.outlets = nil
      }
    }

    /// A view made as UIKit loads one from a nib: `init(coder:)`, `prepare`, the outlets, then
    /// `awakeFromNib()`; nil if `init(coder:)` returns nil.
    @MainActor func make(prepare: (UIView) -> Void) -> UIView? {
      guard let view = type.init(coder: UINib.emptyArchive()) else { return nil }
      prepare(view)
      outlets?(view)
      view.awakeFromNib()
      return view
    }
  }

  /// A view of the stand-in class: `init(coder:)`, then `prepare` (a reuse identifier), then
  /// `awakeFromNib()`.
  func makeView(call: String, prepare: (UIView) -> Void) -> UIView {
    guard let name else {
      preconditionFailure(
        "CellSimUIKit: \(call) on a nib made from data: nibs are not modelled, and only a nib "
          + "with a name can have a stand-in (UINib.standIn(_:forNibNamed:))")
    }
    guard let standIn = Self.standIns.withLock({ $0[name] }) else {
      preconditionFailure(
        "CellSimUIKit: \(call) needs the nib \"\(name)\", and nib files are not modelled; say "
          + "which view class it holds before the run: UINib.standIn(YourView.self, "
          + "forNibNamed: \"\(name)\")")
    }
    guard let view = standIn.make(prepare: prepare) else {
      preconditionFailure(
        "CellSimUIKit: \(standIn.type).init(coder:) returned nil for the nib \"\(name)\"")
    }
    return view
  }

  /// A view of the stand-in class that must be a `View` (a cell, a header): `registered` names
  /// the registration for the message; `identify` gives it its reuse identifier.
  func makeView<View: UIView>(
    _ kind: View.Type, call: String, registered identifier: String,
    identify: (View) -> Void
  ) -> View {
    let view = makeView(call: call) { if let view = $0 as? View { identify(view) } }
    guard let typed = view as? View else {
      preconditionFailure(
        "CellSimUIKit: the nib registered for \"\(identifier)\" holds a \(type(of: view)), not a "
          + "\(View.self)")
    }
    return typed
  }

  /// A coder over an empty keyed archive: every `decode…` finds nothing.
  static func emptyArchive() -> NSCoder {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.finishEncoding()
    guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: archiver.encodedData) else {
      preconditionFailure("CellSimUIKit: Foundation could not read an empty keyed archive")
    }
    unarchiver.requiresSecureCoding = false
    return unarchiver
  }
}

extension Bundle {
  /// `loadNibNamed(_:owner:options:)`: the nib's stand-in view (see `UINib`).
  @MainActor public func loadNibNamed(
    _ name: String, owner: Any?, options: [UINib.OptionsKey: Any]? = nil
  ) -> [Any]? {
    [
      UINib(nibName: name, bundle: self).makeView(call: "Bundle.loadNibNamed(_:owner:options:)") {
        _ in
      }
    ]
  }
}

extension UITableView {
  /// `register(_:forCellReuseIdentifier:)` with a nib: cells of the nib's stand-in class (see
  /// `UINib`); nil removes the registration.
  public func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
    registered[identifier] = nil
    registeredNibs[identifier] = nib
  }

  /// A cell from the nib registered for `identifier`.
  func cell(fromNibFor identifier: String) -> UITableViewCell? {
    registeredNibs[identifier]?.makeView(
      UITableViewCell.self, call: "UITableView.dequeueReusableCell(withIdentifier:)",
      registered: identifier
    ) { $0.reuseIdentifier = identifier }
  }
}

extension UICollectionView {
  /// `register(_:forCellWithReuseIdentifier:)` with a nib: cells of the nib's stand-in class
  /// (see `UINib`); nil removes the registration.
  public func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
    registered[identifier] = nil
    registeredNibs[identifier] = nib
  }

  /// A cell from the nib registered for `identifier`.
  func cell(fromNibFor identifier: String) -> UICollectionViewCell? {
    registeredNibs[identifier]?.makeView(
      UICollectionViewCell.self,
      call: "UICollectionView.dequeueReusableCell(withReuseIdentifier:for:)",
      registered: identifier
    ) { $0.reuseIdentifier = identifier }
  }
}

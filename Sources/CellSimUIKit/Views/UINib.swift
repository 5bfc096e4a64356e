import Foundation
import Synchronization

/// UIKit's `UINib`, for code that registers cells from nibs or loads views from them.
///
/// There are no nib files off Apple's platforms, so a nib is a name, and a test says which view
/// class each name stands for: `UINib.standIn(PhotoCell.self, forNibNamed: "PhotoCell")`. A
/// nib's view is then made as UIKit loads one: `init(coder:)` (with an empty archive), then
/// `awakeFromNib()`; a cell also gets the reuse identifier it was registered with. Outlets are
/// not connected: a view that takes its subviews from a nib must make them in `init(coder:)`
/// or `awakeFromNib()` for the run. A nib nobody stood in for stops the run, naming the nib
/// and the call that fixes it.
@preconcurrency @MainActor open class UINib {
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
  /// nib file, which does not exist off Apple's platforms). Process-wide; a later call for the
  /// same name replaces the earlier one.
  public nonisolated static func standIn(_ viewClass: UIView.Type, forNibNamed name: String) {
    standIns.withLock { $0[name] = viewClass }
  }

  nonisolated static let standIns = Mutex<[String: UIView.Type]>([:])

  /// A view of the stand-in class: `init(coder:)`, then `prepare` (a reuse identifier), then
  /// `awakeFromNib()`.
  func makeView(call: String, prepare: (UIView) -> Void) -> UIView {
    guard let name else {
      preconditionFailure(
        "CellSimUIKit: \(call) on a nib made from data: nibs are not modelled, and only a nib "
          + "with a name can have a stand-in (UINib.standIn(_:forNibNamed:))")
    }
    guard let type = Self.standIns.withLock({ $0[name] }) else {
      preconditionFailure(
        "CellSimUIKit: \(call) needs the nib \"\(name)\", and nib files are not modelled; say "
          + "which view class it holds before the run: UINib.standIn(YourView.self, "
          + "forNibNamed: \"\(name)\")")
    }
    guard let view = type.init(coder: Self.emptyArchive()) else {
      preconditionFailure("CellSimUIKit: \(type).init(coder:) returned nil for the nib \"\(name)\"")
    }
    prepare(view)
    view.awakeFromNib()
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

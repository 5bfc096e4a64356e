import Foundation

/// UIKit's `UITableViewHeaderFooterView`: registered, dequeued and reused as UIKit's is. A
/// hosted table asks for the header and footer views of the sections on screen and shows them
/// (`UITableView+SectionViews.swift`); the oracle judges the cells' images, not what a header
/// shows.
@preconcurrency @MainActor open class UITableViewHeaderFooterView: UIView {
  /// The reuse identifier it was made with.
  public internal(set) var reuseIdentifier: String?
  /// The view custom content goes into.
  public let contentView = UIView(frame: .zero)
  var builtInTextLabel: UILabel?
  var builtInDetailLabel: UILabel?
  /// The background view.
  open var backgroundView: UIView?
  /// `backgroundConfiguration` (iOS 14; kept, not shown).
  open var backgroundConfiguration: UIBackgroundConfiguration?
  /// The content configuration (kept).
  open var contentConfiguration: (any UIContentConfiguration)?

  /// `UITableViewHeaderFooterView(reuseIdentifier:)`, the designated initializer.
  public init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 28))
    addSubview(contentView)
  }

  /// An empty view (see `UINib` for views from nibs).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    addSubview(contentView)
  }

  /// A view without a reuse identifier, with `frame`.
  public override convenience init(frame: CGRect) {
    self.init(reuseIdentifier: nil)
    self.frame = frame
  }

  /// How the table makes a registered class (see `UITableViewCell`'s
  /// `init(registeredStyle:reuseIdentifier:)`, which this mirrors).
  public required convenience init(registeredReuseIdentifier reuseIdentifier: String?) {
    self.init(reuseIdentifier: reuseIdentifier)
  }

  /// The built-in title label (made at first use, inside `contentView`).
  open var textLabel: UILabel? {
    if let builtInTextLabel { return builtInTextLabel }
    let label = UILabel(frame: .zero)
    contentView.addSubview(label)
    builtInTextLabel = label
    return label
  }

  /// The built-in detail label (made at first use, inside `contentView`).
  open var detailTextLabel: UILabel? {
    if let builtInDetailLabel { return builtInDetailLabel }
    let label = UILabel(frame: .zero)
    contentView.addSubview(label)
    builtInDetailLabel = label
    return label
  }

  /// A list configuration to fill in.
  open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

  /// Called before the view is reused.
  open func prepareForReuse() {}
}

extension UITableView {
  /// `register(_:forHeaderFooterViewReuseIdentifier:)`: a `UITableViewHeaderFooterView`
  /// subclass (or nil to remove it) for `identifier`.
  public func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
    headerFooterNibs[identifier] = nil
    guard let aClass else {
      headerFooterClasses[identifier] = nil
      return
    }
    guard let type = aClass as? UITableViewHeaderFooterView.Type else {
      preconditionFailure(
        "UITableView.register: \(aClass) is not a UITableViewHeaderFooterView subclass")
    }
    headerFooterClasses[identifier] = type
  }

  /// `register(_:forHeaderFooterViewReuseIdentifier:)` with a nib (see `UINib`).
  public func register(_ nib: UINib?, forHeaderFooterViewReuseIdentifier identifier: String) {
    headerFooterClasses[identifier] = nil
    headerFooterNibs[identifier] = nib
  }

  /// `dequeueReusableHeaderFooterView(withIdentifier:)`: a view of `identifier` that left the
  /// screen, after its `prepareForReuse()`, else a new view of the registered class or nib; nil
  /// if none is registered.
  public func dequeueReusableHeaderFooterView(withIdentifier identifier: String)
    -> UITableViewHeaderFooterView?
  {
    if let reused = reusedHeaderFooterView(identifier) { return reused }
    if let type = headerFooterClasses[identifier] {
      return type.init(registeredReuseIdentifier: identifier)
    }
    return headerFooterNibs[identifier]?.makeView(
      UITableViewHeaderFooterView.self,
      call: "UITableView.dequeueReusableHeaderFooterView(withIdentifier:)", registered: identifier
    ) { $0.reuseIdentifier = identifier }
  }
}

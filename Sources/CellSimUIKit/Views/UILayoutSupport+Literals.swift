/// `UILayoutSupport` (iOS 7; `UIViewController.topLayoutGuide`/`bottomLayoutGuide`, deprecated in
/// iOS 11): a length and anchors. Libraries such as SnapKit extend it.
@preconcurrency @MainActor public protocol UILayoutSupport: NSObjectProtocol {
  var length: CGFloat { get }
  var topAnchor: NSLayoutYAxisAnchor { get }
  var bottomAnchor: NSLayoutYAxisAnchor { get }
  var heightAnchor: NSLayoutDimension { get }
}

/// The type `#colorLiteral(...)` has when nothing else gives it one (UIKit declares this), as in
/// `#colorLiteral(red: 1, green: 1, blue: 1, alpha: 1).withAlphaComponent(0.25)`.
public typealias _ColorLiteralType = UIColor
/// The type `#imageLiteral(resourceName:)` has when nothing else gives it one (UIKit declares this).
public typealias _ImageLiteralType = UIImage

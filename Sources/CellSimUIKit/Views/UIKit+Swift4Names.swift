// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation

// The names UIKit had before Swift 4.2 nested them in their types, as Apple's SDK keeps them:
// available in the Swift 4 language mode, and in Swift 5 and later an error that names the new
// spelling, as Xcode reports it. A project still built in Swift 4 mode (many image-loading
// tutorials are) compiles unchanged; in Swift 5 mode, these fail on Apple's tools too.

@available(swift, obsoleted: 4.2, renamed: "UIView.ContentMode")
public typealias UIViewContentMode = UIView.ContentMode
@available(swift, obsoleted: 4.2, renamed: "UIView.AnimationOptions")
public typealias UIViewAnimationOptions = UIView.AnimationOptions
@available(swift, obsoleted: 4.2, renamed: "UIView.AutoresizingMask")
public typealias UIViewAutoresizing = UIView.AutoresizingMask
@available(swift, obsoleted: 4.2, renamed: "UITableViewCell.CellStyle")
public typealias UITableViewCellStyle = UITableViewCell.CellStyle
@available(swift, obsoleted: 4.2, renamed: "UITableViewCell.SelectionStyle")
public typealias UITableViewCellSelectionStyle = UITableViewCell.SelectionStyle
@available(swift, obsoleted: 4.2, renamed: "UITableViewCell.AccessoryType")
public typealias UITableViewCellAccessoryType = UITableViewCell.AccessoryType
@available(swift, obsoleted: 4.2, renamed: "UITableViewCell.EditingStyle")
public typealias UITableViewCellEditingStyle = UITableViewCell.EditingStyle
@available(swift, obsoleted: 4.2, renamed: "UITableView.Style")
public typealias UITableViewStyle = UITableView.Style
@available(swift, obsoleted: 4.2, renamed: "UITableView.ScrollPosition")
public typealias UITableViewScrollPosition = UITableView.ScrollPosition
@available(swift, obsoleted: 4.2, renamed: "UITableView.RowAnimation")
public typealias UITableViewRowAnimation = UITableView.RowAnimation
@available(swift, obsoleted: 4.2, renamed: "UICollectionView.ScrollPosition")
public typealias UICollectionViewScrollPosition = UICollectionView.ScrollPosition
@available(swift, obsoleted: 4.2, renamed: "UICollectionView.ScrollDirection")
public typealias UICollectionViewScrollDirection = UICollectionView.ScrollDirection
@available(swift, obsoleted: 4.2, renamed: "UIControl.State")
public typealias UIControlState = UIControl.State
@available(swift, obsoleted: 4.2, renamed: "UIControl.Event")
public typealias UIControlEvents = UIControl.Event
@available(swift, obsoleted: 4.2, renamed: "UIBarButtonItem.SystemItem")
public typealias UIBarButtonSystemItem = UIBarButtonItem.SystemItem
@available(swift, obsoleted: 4.2, renamed: "UIBarButtonItem.Style")
public typealias UIBarButtonItemStyle = UIBarButtonItem.Style
@available(swift, obsoleted: 4.2, renamed: "UIActivityIndicatorView.Style")
public typealias UIActivityIndicatorViewStyle = UIActivityIndicatorView.Style
@available(swift, obsoleted: 4.2, renamed: "UIAlertController.Style")
public typealias UIAlertControllerStyle = UIAlertController.Style
@available(swift, obsoleted: 4.2, renamed: "UIAlertAction.Style")
public typealias UIAlertActionStyle = UIAlertAction.Style
@available(swift, obsoleted: 4.2, renamed: "UIImage.RenderingMode")
public typealias UIImageRenderingMode = UIImage.RenderingMode
@available(swift, obsoleted: 4.2, renamed: "UIImage.Orientation")
public typealias UIImageOrientation = UIImage.Orientation
@available(swift, obsoleted: 4.2, renamed: "NSLayoutConstraint.Axis")
public typealias UILayoutConstraintAxis = NSLayoutConstraint.Axis
@available(swift, obsoleted: 4.2, renamed: "NSLayoutConstraint.Attribute")
public typealias NSLayoutAttribute = NSLayoutConstraint.Attribute
@available(swift, obsoleted: 4.2, renamed: "NSLayoutConstraint.Relation")
public typealias NSLayoutRelation = NSLayoutConstraint.Relation
@available(swift, obsoleted: 4.2, renamed: "UIStackView.Distribution")
public typealias UIStackViewDistribution = UIStackView.Distribution
@available(swift, obsoleted: 4.2, renamed: "UIStackView.Alignment")
public typealias UIStackViewAlignment = UIStackView.Alignment
@available(swift, obsoleted: 4.2, renamed: "UIBlurEffect.Style")
public typealias UIBlurEffectStyle = UIBlurEffect.Style
@available(swift, obsoleted: 4.2, renamed: "UIButton.ButtonType")
public typealias UIButtonType = UIButton.ButtonType
@available(swift, obsoleted: 4.2, renamed: "UIApplication.State")
public typealias UIApplicationState = UIApplication.State
@available(swift, obsoleted: 4.2, renamed: "UIGestureRecognizer.State")
public typealias UIGestureRecognizerState = UIGestureRecognizer.State
@available(swift, obsoleted: 4.2, renamed: "UISwipeGestureRecognizer.Direction")
public typealias UISwipeGestureRecognizerDirection = UISwipeGestureRecognizer.Direction
@available(swift, obsoleted: 4.2, renamed: "UITextField.ViewMode")
public typealias UITextFieldViewMode = UITextField.ViewMode
@available(swift, obsoleted: 4.2, renamed: "UITextField.BorderStyle")
public typealias UITextBorderStyle = UITextField.BorderStyle
@available(swift, obsoleted: 4.2, renamed: "NSAttributedString.Key")
public typealias NSAttributedStringKey = NSAttributedString.Key
@available(swift, obsoleted: 4.2, renamed: "UIFont.TextStyle")
public typealias UIFontTextStyle = UIFont.TextStyle
@available(swift, obsoleted: 4.2, renamed: "UIFontDescriptor.SymbolicTraits")
public typealias UIFontDescriptorSymbolicTraits = UIFontDescriptor.SymbolicTraits
@available(swift, obsoleted: 4.2, renamed: "UIProgressView.Style")
public typealias UIProgressViewStyle = UIProgressView.Style
@available(swift, obsoleted: 4.2, renamed: "UIControl.ContentHorizontalAlignment")
public typealias UIControlContentHorizontalAlignment = UIControl.ContentHorizontalAlignment
@available(swift, obsoleted: 4.2, renamed: "UIControl.ContentVerticalAlignment")
public typealias UIControlContentVerticalAlignment = UIControl.ContentVerticalAlignment
@available(swift, obsoleted: 4.2, renamed: "UISplitViewController.DisplayMode")
public typealias UISplitViewControllerDisplayMode = UISplitViewController.DisplayMode
@available(swift, obsoleted: 4.2, renamed: "UINavigationController.Operation")
public typealias UINavigationControllerOperation = UINavigationController.Operation

/// `UICollectionElementKindSectionHeader`.
@available(swift, obsoleted: 4.2, renamed: "UICollectionView.elementKindSectionHeader")
public let UICollectionElementKindSectionHeader = "UICollectionElementKindSectionHeader"
/// `UICollectionElementKindSectionFooter`.
@available(swift, obsoleted: 4.2, renamed: "UICollectionView.elementKindSectionFooter")
public let UICollectionElementKindSectionFooter = "UICollectionElementKindSectionFooter"
/// `UITableViewAutomaticDimension`.
@available(swift, obsoleted: 4.2, renamed: "UITableView.automaticDimension")
public let UITableViewAutomaticDimension: CGFloat = -1

/// `UIEdgeInsetsMake(_:_:_:_:)`.
@available(swift, obsoleted: 4.2, renamed: "UIEdgeInsets.init(top:left:bottom:right:)")
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat)
  -> UIEdgeInsets
{ UIEdgeInsets(top: top, left: left, bottom: bottom, right: right) }

/// `UIImagePNGRepresentation(_:)`.
@available(swift, obsoleted: 4.2, renamed: "UIImage.pngData(self:)")
public func UIImagePNGRepresentation(_ image: UIImage) -> Data? { image.pngData() }

/// `UIImageJPEGRepresentation(_:_:)`.
@available(swift, obsoleted: 4.2, renamed: "UIImage.jpegData(self:compressionQuality:)")
public func UIImageJPEGRepresentation(_ image: UIImage, _ compressionQuality: CGFloat) -> Data? {
  image.jpegData(compressionQuality: compressionQuality)
}

extension UIView {
  /// `bringSubview(toFront:)`.
  @available(swift, obsoleted: 4.2, renamed: "bringSubviewToFront(_:)")
  public func bringSubview(toFront view: UIView) { bringSubviewToFront(view) }
  /// `sendSubview(toBack:)`.
  @available(swift, obsoleted: 4.2, renamed: "sendSubviewToBack(_:)")
  public func sendSubview(toBack view: UIView) { sendSubviewToBack(view) }
}

extension UIViewController {
  /// `addChildViewController(_:)`.
  @available(swift, obsoleted: 4.2, renamed: "addChild(_:)")
  public func addChildViewController(_ childController: UIViewController) {
    addChild(childController)
  }
  /// `removeFromParentViewController()`.
  @available(swift, obsoleted: 4.2, renamed: "removeFromParent()")
  public func removeFromParentViewController() { removeFromParent() }
  /// `childViewControllers`.
  @available(swift, obsoleted: 4.2, renamed: "children")
  public var childViewControllers: [UIViewController] { children }
}

extension UIActivityIndicatorView {
  /// `init(activityIndicatorStyle:)`.
  @available(swift, obsoleted: 4.2, renamed: "init(style:)")
  public convenience init(activityIndicatorStyle style: UIActivityIndicatorView.Style) {
    self.init(style: style)
  }
  /// `activityIndicatorViewStyle`.
  @available(swift, obsoleted: 4.2, renamed: "style")
  public var activityIndicatorViewStyle: UIActivityIndicatorView.Style {
    get { style }
    set { style = newValue }
  }
}

extension NSUnderlineStyle {
  /// `.styleSingle`, the Swift 4 name of `.single`.
  @available(swift, obsoleted: 4.2, renamed: "single")
  public static let styleSingle = NSUnderlineStyle.single
  /// `.styleThick`, the Swift 4 name of `.thick`.
  @available(swift, obsoleted: 4.2, renamed: "thick")
  public static let styleThick = NSUnderlineStyle.thick
  /// `.styleDouble`, the Swift 4 name of `.double`.
  @available(swift, obsoleted: 4.2, renamed: "double")
  public static let styleDouble = NSUnderlineStyle.double
  /// `.styleNone`, the Swift 4 name of an empty style.
  @available(swift, obsoleted: 4.2, message: "use [] or no underline attribute")
  public static let styleNone = NSUnderlineStyle([])
}

extension NSNotification.Name {
  /// `UIKeyboardWillShow` (Swift 4 spelling).
  @available(swift, obsoleted: 4.2, renamed: "UIResponder.keyboardWillShowNotification")
  public static let UIKeyboardWillShow = UIResponder.keyboardWillShowNotification
  /// `UIKeyboardWillHide` (Swift 4 spelling).
  @available(swift, obsoleted: 4.2, renamed: "UIResponder.keyboardWillHideNotification")
  public static let UIKeyboardWillHide = UIResponder.keyboardWillHideNotification
  /// `UIKeyboardWillChangeFrame` (Swift 4 spelling).
  @available(swift, obsoleted: 4.2, renamed: "UIResponder.keyboardWillChangeFrameNotification")
  public static let UIKeyboardWillChangeFrame = UIResponder.keyboardWillChangeFrameNotification
}

/// `UIKeyboardFrameEndUserInfoKey`.
@available(swift, obsoleted: 4.2, renamed: "UIResponder.keyboardFrameEndUserInfoKey")
public let UIKeyboardFrameEndUserInfoKey = UIResponder.keyboardFrameEndUserInfoKey
/// `UIKeyboardAnimationDurationUserInfoKey`.
@available(swift, obsoleted: 4.2, renamed: "UIResponder.keyboardAnimationDurationUserInfoKey")
public let UIKeyboardAnimationDurationUserInfoKey =
  UIResponder.keyboardAnimationDurationUserInfoKey

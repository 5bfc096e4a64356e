import Foundation

/// UIKit's `UITextItemInteraction`, with its raw values: how the user interacts with a link or
/// an attachment in a text view. A run has no touches, so none ever happens.
public enum UITextItemInteraction: Int, Sendable {
  /// A tap, which performs the item's default action.
  case invokeDefaultAction = 0
  /// A long press, which presents the item's actions.
  case presentActions = 1
  /// A press that previews the item.
  case preview = 2
}

/// UIKit's `UIDataDetectorTypes`, with its raw values: the kinds of data a text view turns into
/// links. Kept; nothing is detected (no link is ever tapped in a run).
public struct UIDataDetectorTypes: OptionSet, Hashable, Sendable {
  /// The types' bits.
  public let rawValue: UInt
  /// The types of `rawValue`.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Strings with the format of a phone number.
  public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
  /// Strings with the format of a URL.
  public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
  /// Strings with the format of an address.
  public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
  /// Strings with the format of a calendar event.
  public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
  /// Strings with the format of a package tracking number.
  public static let shipmentTrackingNumber = UIDataDetectorTypes(rawValue: 1 << 4)
  /// Strings with the format of a flight number.
  public static let flightNumber = UIDataDetectorTypes(rawValue: 1 << 5)
  /// Strings that are lookup suggestions.
  public static let lookupSuggestion = UIDataDetectorTypes(rawValue: 1 << 6)
  /// Strings with the format of an amount of money.
  public static let money = UIDataDetectorTypes(rawValue: 1 << 7)
  /// Strings with the format of a physical value, such as a measurement.
  public static let physicalValue = UIDataDetectorTypes(rawValue: 1 << 8)
  /// Every type.
  public static let all = UIDataDetectorTypes(rawValue: .max)
}

/// What a text view keeps for TextKit and links: its own container, which follows the view's
/// width and has no height limit (a text view scrolls), its detector types and link attributes.
final class TextViewTextKit {
  let container: NSTextContainer
  var dataDetectorTypes: UIDataDetectorTypes = []
  /// UIKit's documented default: blue text with a single underline.
  var linkTextAttributes: [NSAttributedString.Key: Any]? = [
    .foregroundColor: UIColor.blue, .underlineStyle: 1,
  ]

  init() {
    container = NSTextContainer(size: CGSize(width: 0, height: CGFloat.greatestFiniteMagnitude))
    container.widthTracksTextView = true
  }
}

extension UITextView {
  /// `textContainer`: the text view's own container. Its width tracks the text view
  /// (`widthTracksTextView` is true): whenever the view hands it out, a tracking container takes
  /// the view's width less `textContainerInset`'s left and right (and, if `heightTracksTextView`
  /// is set, its height less the top and bottom); otherwise its size is what your code set.
  public var textContainer: NSTextContainer {
    let container = textKit.container
    let inset = textContainerInset
    if container.widthTracksTextView {
      container.size.width = max(0, bounds.width - inset.left - inset.right)
    }
    if container.heightTracksTextView {
      container.size.height = max(0, bounds.height - inset.top - inset.bottom)
    }
    return container
  }

  /// `dataDetectorTypes`: the kinds of data turned into links (kept; none by default).
  public var dataDetectorTypes: UIDataDetectorTypes {
    get { textKit.dataDetectorTypes }
    set { textKit.dataDetectorTypes = newValue }
  }

  /// `linkTextAttributes`: the attributes to apply to links (kept; by default blue text with a
  /// single underline, as UIKit documents).
  public var linkTextAttributes: [NSAttributedString.Key: Any]! {
    get { textKit.linkTextAttributes }
    set { textKit.linkTextAttributes = newValue }
  }
}

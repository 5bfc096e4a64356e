import Foundation

/// UIKit's `UIKeyboardAppearance`, with its raw values.
public enum UIKeyboardAppearance: Int, Sendable {
  case `default` = 0
  case dark = 1
  case light = 2
  /// Deprecated: `dark`.
  public static let alert = UIKeyboardAppearance.dark
}

/// UIKit's `UITextSmartQuotesType` (iOS 11), with its raw values.
public enum UITextSmartQuotesType: Int, Sendable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// UIKit's `UITextSmartDashesType` (iOS 11), with its raw values.
public enum UITextSmartDashesType: Int, Sendable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// UIKit's `UITextSmartInsertDeleteType` (iOS 11), with its raw values.
public enum UITextSmartInsertDeleteType: Int, Sendable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// UIKit's `UITextContentType`: what a text input holds, for AutoFill (kept; nothing is filled
/// in a run). The raw value of each constant here is its name.
public struct UITextContentType: Hashable, RawRepresentable, Sendable {
  /// The type's name.
  public let rawValue: String
  /// A type named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// A type named `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// A person's full name.
  public static let name = UITextContentType("name")
  /// A given name.
  public static let givenName = UITextContentType("givenName")
  /// A family name.
  public static let familyName = UITextContentType("familyName")
  /// A nickname.
  public static let nickname = UITextContentType("nickname")
  /// An organization's name.
  public static let organizationName = UITextContentType("organizationName")
  /// A location.
  public static let location = UITextContentType("location")
  /// A full street address.
  public static let fullStreetAddress = UITextContentType("fullStreetAddress")
  /// A city.
  public static let addressCity = UITextContentType("addressCity")
  /// A postal code.
  public static let postalCode = UITextContentType("postalCode")
  /// A country's name.
  public static let countryName = UITextContentType("countryName")
  /// A telephone number.
  public static let telephoneNumber = UITextContentType("telephoneNumber")
  /// An email address.
  public static let emailAddress = UITextContentType("emailAddress")
  /// A URL.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public static let URL = UITextContentType("URL")
  /// A credit card number.
  public static let creditCardNumber = UITextContentType("creditCardNumber")
  /// An account name.
  public static let username = UITextContentType("username")
  /// A password.
  public static let password = UITextContentType("password")
  /// A new password.
  public static let newPassword = UITextContentType("newPassword")
  /// A one-time code.
  public static let oneTimeCode = UITextContentType("oneTimeCode")
}

/// The text input traits a text field or text view keeps beyond those it declares itself, made
/// at first use. Never acted on: no keyboard is shown in a run.
@MainActor final class TextInputTraitSettings {
  var enablesReturnKeyAutomatically = false
  var keyboardAppearance: UIKeyboardAppearance = .default
  var textContentType: UITextContentType?
  var smartQuotesType: UITextSmartQuotesType = .default
  var smartDashesType: UITextSmartDashesType = .default
  var smartInsertDeleteType: UITextSmartInsertDeleteType = .default
  // A text view's own (a text field declares these itself).
  var isSecureTextEntry = false
  var autocapitalizationType: UITextAutocapitalizationType = .sentences
  var autocorrectionType: UITextAutocorrectionType = .default
  var spellCheckingType: UITextSpellCheckingType = .default
  var keyboardType: UIKeyboardType = .default
  var returnKeyType: UIReturnKeyType = .default
}

import Foundation

// UIKit's attribute scope for Foundation's `AttributedString` and `AttributeContainer`
// (iOS 15): `container.font = …`, `string.foregroundColor = …`, as a button configuration's
// text transformer writes them. Darwin's UIKit declares it; off Darwin, Foundation has only its
// own scope. The values are kept, as every text attribute of the layer is: nothing is drawn.
#if !canImport(Darwin)
  extension AttributeScopes {
    /// `AttributeScopes.UIKitAttributes`: the text attributes UIKit reads, with Foundation's.
    public struct UIKitAttributes: AttributeScope {
      /// `font`: a `UIFont`.
      public let font: FontAttribute
      /// `foregroundColor`: a `UIColor`.
      public let foregroundColor: ForegroundColorAttribute
      /// `backgroundColor`: a `UIColor`.
      public let backgroundColor: BackgroundColorAttribute
      /// `paragraphStyle`: an `NSParagraphStyle`.
      public let paragraphStyle: ParagraphStyleAttribute
      /// `kern`: points between characters.
      public let kern: KernAttribute
      /// `underlineStyle`: an `NSUnderlineStyle`.
      public let underlineStyle: UnderlineStyleAttribute
      /// `strikethroughStyle`: an `NSUnderlineStyle`.
      public let strikethroughStyle: StrikethroughStyleAttribute
      /// Foundation's own attributes (`link`, `languageIdentifier`, …).
      public let foundation: AttributeScopes.FoundationAttributes

      /// `NSAttributedString.Key.font`.
      public enum FontAttribute: AttributedStringKey {
        public typealias Value = UIFont
        public static let name = "NSFont"
      }
      /// `NSAttributedString.Key.foregroundColor`.
      public enum ForegroundColorAttribute: AttributedStringKey {
        public typealias Value = UIColor
        public static let name = "NSColor"
      }
      /// `NSAttributedString.Key.backgroundColor`.
      public enum BackgroundColorAttribute: AttributedStringKey {
        public typealias Value = UIColor
        public static let name = "NSBackgroundColor"
      }
      /// `NSAttributedString.Key.paragraphStyle`.
      public enum ParagraphStyleAttribute: AttributedStringKey {
        public typealias Value = NSParagraphStyle
        public static let name = "NSParagraphStyle"
      }
      /// `NSAttributedString.Key.kern`.
      public enum KernAttribute: AttributedStringKey {
        public typealias Value = CGFloat
        public static let name = "NSKern"
      }
      /// `NSAttributedString.Key.underlineStyle`.
      public enum UnderlineStyleAttribute: AttributedStringKey {
        public typealias Value = NSUnderlineStyle
        public static let name = "NSUnderline"
      }
      /// `NSAttributedString.Key.strikethroughStyle`.
      public enum StrikethroughStyleAttribute: AttributedStringKey {
        public typealias Value = NSUnderlineStyle
        public static let name = "NSStrikethrough"
      }
    }

    /// `uiKit`: UIKit's scope, as `AttributedString(_:including: \.uiKit)` names it.
    public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
  }

  extension AttributeDynamicLookup {
    /// UIKit's attributes by name on `AttributedString`, its runs and `AttributeContainer`.
    public subscript<T: AttributedStringKey>(
      dynamicMember keyPath: KeyPath<AttributeScopes.UIKitAttributes, T>
    ) -> T {
      self[T.self]
    }
  }
#endif

/// `UIConfigurationTextAttributesTransformer` (iOS 15): a closure that turns the attributes a
/// configuration gives its text into the ones shown (a button's bolder title). Kept and callable;
/// the layer draws no text, so nothing calls it by itself.
public struct UIConfigurationTextAttributesTransformer {
  /// `transform`.
  public let transform: (AttributeContainer) -> AttributeContainer

  /// `init(_:)`.
  public init(_ transform: @escaping (AttributeContainer) -> AttributeContainer) {
    self.transform = transform
  }

  /// `callAsFunction(_:)`: the transformed attributes of `input`.
  public func callAsFunction(_ input: AttributeContainer) -> AttributeContainer {
    transform(input)
  }
}

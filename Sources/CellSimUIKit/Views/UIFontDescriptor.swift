/// UIKit's `UIFontDescriptor`: a font's name, size, traits and design, as code that derives a
/// bold or monospaced variant of a text style spells it. Nothing is measured or drawn, so a
/// font made from a descriptor keeps its name and size, with the traits and design in the name.
open class UIFontDescriptor: NSObject, @unchecked Sendable {
  /// `pointSize` (0: the size is left to the font made from it).
  public let pointSize: CGFloat
  /// `postscriptName`.
  public let postscriptName: String
  /// `symbolicTraits`.
  public let symbolicTraits: SymbolicTraits
  /// The design asked for with `withDesign(_:)`, if any.
  let design: SystemDesign?

  /// `UIFontDescriptor(name:size:)`.
  public convenience init(name fontName: String, size: CGFloat) {
    self.init(name: fontName, size: size, traits: [], design: nil)
  }

  /// `UIFontDescriptor(fontAttributes:)`: the name and size given (`.name`, `.size`), else the
  /// system font's at size 0.
  public convenience init(fontAttributes attributes: [AttributeName: Any] = [:]) {
    let name = attributes[.name] as? String ?? attributes[.family] as? String ?? ".SFUI-Regular"
    let size = (attributes[.size] as? CGFloat) ?? (attributes[.size] as? Double).map { CGFloat($0) }
    self.init(name: name, size: size ?? 0, traits: [], design: nil)
  }

  init(name: String, size: CGFloat, traits: SymbolicTraits, design: SystemDesign?) {
    self.postscriptName = name
    self.pointSize = size
    self.symbolicTraits = traits
    self.design = design
  }

  /// `preferredFontDescriptor(withTextStyle:)`: the text style's font at its default size.
  open class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle)
    -> UIFontDescriptor
  {
    UIFontDescriptor(
      name: ".SFUI-\(style.rawValue)", size: style.defaultSize, traits: [], design: nil)
  }

  /// `withSymbolicTraits(_:)`: the same descriptor with exactly these traits (never nil: every
  /// trait is available, as nothing is drawn).
  open func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
    UIFontDescriptor(name: postscriptName, size: pointSize, traits: symbolicTraits, design: design)
  }

  /// `withDesign(_:)`: the same descriptor in `design` (never nil, as above).
  open func withDesign(_ design: SystemDesign) -> UIFontDescriptor? {
    UIFontDescriptor(name: postscriptName, size: pointSize, traits: symbolicTraits, design: design)
  }

  /// `withSize(_:)`.
  open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
    UIFontDescriptor(
      name: postscriptName, size: newPointSize, traits: symbolicTraits, design: design)
  }

  /// The name a font made from this descriptor gets: the descriptor's, with its design and its
  /// bold and italic traits appended.
  var fontName: String {
    var name = postscriptName
    if let design, design != .default { name += "-\(design.rawValue)" }
    if symbolicTraits.contains(.traitBold) { name += "-Bold" }
    if symbolicTraits.contains(.traitItalic) { name += "-Italic" }
    return name
  }

  /// UIKit's `UIFontDescriptor.SymbolicTraits`, with its raw values.
  public struct SymbolicTraits: OptionSet, Hashable, Sendable {
    /// The traits' bits.
    public let rawValue: UInt32
    /// Traits of `rawValue`'s bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `traitItalic`.
    public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
    /// `traitBold`.
    public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
    /// `traitExpanded`.
    public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
    /// `traitCondensed`.
    public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
    /// `traitMonoSpace`.
    public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
    /// `traitVertical`.
    public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
    /// `traitUIOptimized`.
    public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
    /// `traitTightLeading`.
    public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
    /// `traitLooseLeading`.
    public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
  }

  /// UIKit's `UIFontDescriptor.SystemDesign`.
  public struct SystemDesign: RawRepresentable, Hashable, Sendable {
    /// The design's name.
    public let rawValue: String
    /// The design named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `default`.
    public static let `default` = SystemDesign(rawValue: "Default")
    /// `rounded`.
    public static let rounded = SystemDesign(rawValue: "Rounded")
    /// `serif`.
    public static let serif = SystemDesign(rawValue: "Serif")
    /// `monospaced`.
    public static let monospaced = SystemDesign(rawValue: "Mono")
  }

  /// UIKit's `UIFontDescriptor.AttributeName`.
  public struct AttributeName: RawRepresentable, Hashable, Sendable {
    /// The attribute's name.
    public let rawValue: String
    /// The attribute named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `family`.
    public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
    /// `name`.
    public static let name = AttributeName(rawValue: "NSFontNameAttribute")
    /// `face`.
    public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
    /// `size`.
    public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
    /// `traits`.
    public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
    /// `textStyle`.
    public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
  }
}

extension UIFont {
  /// `UIFont(descriptor:size:)`: the descriptor's font at `pointSize`, or at the descriptor's
  /// size when `pointSize` is 0, as UIKit does.
  public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
    self.init(system: descriptor.fontName, size: pointSize > 0 ? pointSize : descriptor.pointSize)
  }

  /// `fontDescriptor`: the font's name and size.
  public var fontDescriptor: UIFontDescriptor {
    UIFontDescriptor(name: fontName, size: pointSize)
  }
}

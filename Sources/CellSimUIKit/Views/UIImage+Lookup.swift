/// The other ways app and library code names an image, and reads how it was made.
extension UIImage {
  /// `UIImage(named:in:compatibleWith:)`, as libraries load a placeholder from their own bundle:
  /// the placeholder `UIImage(named:)` gives (there is no asset catalog, in any bundle).
  public convenience init?(
    named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?
  ) {
    self.init(named: name)
  }

  /// `UIImage(systemName:compatibleWith:)`: the symbol's placeholder, as `UIImage(systemName:)`.
  public convenience init?(
    systemName name: String, compatibleWith traitCollection: UITraitCollection?
  ) {
    self.init(systemName: name)
  }

  /// `isSymbolImage`: whether the image is an SF Symbol (`UIImage(systemName:)`).
  public var isSymbolImage: Bool {
    if case .named(let name) = content { return name.hasPrefix("system:") }
    return false
  }

  /// `imageRendererFormat`: a renderer format at the image's scale, as resize helpers pass to
  /// `UIGraphicsImageRenderer(size:format:)` to keep it.
  public var imageRendererFormat: UIGraphicsImageRendererFormat {
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return format
  }
}

extension UIGraphicsImageRendererFormat {
  /// `UIGraphicsImageRendererFormat(for:)`: the default format at the trait collection's display
  /// scale, when it gives one.
  public convenience init(for traitCollection: UITraitCollection) {
    self.init()
    if traitCollection.displayScale > 0 { scale = traitCollection.displayScale }
  }
}

extension UIGraphicsImageRenderer {
  /// `UIGraphicsImageRenderer(bounds:)`, with the default format.
  public convenience init(bounds: CGRect) {
    self.init(bounds: bounds, format: .default())
  }
}

extension UIGraphicsImageRendererContext {
  /// `stroke(_:)`: recorded on the context (nothing is drawn).
  public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

  /// `fill(_:blendMode:)`: recorded on the context.
  public func fill(_ rect: CGRect, blendMode: CGBlendMode) { cgContext.fill(rect) }

  /// `stroke(_:blendMode:)`: recorded on the context.
  public func stroke(_ rect: CGRect, blendMode: CGBlendMode) { cgContext.stroke(rect) }

  /// `clip(to:)`: recorded on the context.
  public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

extension UIColor {
  /// `UIColor(named:)`: a colour of the app's asset catalog. There is no asset catalog, so, as
  /// `UIImage(named:)`, never nil: an opaque mid grey (white 0.5) for every name, so code that
  /// force-unwraps or chains `?.cgColor` runs as it does with the app's colours.
  public convenience init?(named name: String) {
    self.init(white: 0.5, alpha: 1)
  }

  /// `UIColor(named:in:compatibleWith:)`: as `UIColor(named:)` (the bundle and the traits are
  /// ignored).
  public convenience init?(
    named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?
  ) {
    self.init(named: name)
  }
}

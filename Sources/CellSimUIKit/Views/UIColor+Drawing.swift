extension UIColor {
  /// `setFill()`: makes the colour the current graphics context's fill colour (recorded, as
  /// every drawing call is; nothing is drawn). Does nothing without a current context, as UIKit.
  public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

  /// `setStroke()`: the current context's stroke colour, as `setFill()`.
  public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

  /// `set()`: both the fill and the stroke colour.
  public func set() {
    setFill()
    setStroke()
  }
}

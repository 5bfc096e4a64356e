/// UIKit's `UICornerRadius` (iOS 26): the radius of one corner, fixed or concentric with the
/// view's container. A number literal is a fixed radius (`.uniformCorners(radius: 12)`), as in
/// UIKit. Kept, never drawn.
public struct UICornerRadius: Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  enum Kind: Sendable, Equatable {
    case fixed(Double)
    case containerConcentric(minimum: CGFloat?)
  }

  let kind: Kind

  init(_ kind: Kind) { self.kind = kind }

  /// `fixed(_:)`: a radius of `radius` points.
  public static func fixed(_ radius: Double) -> UICornerRadius { UICornerRadius(.fixed(radius)) }

  /// `containerConcentric(minimum:)`: a radius concentric with the container's corner, at least
  /// `minimum` points (kept; containers' shapes are not modelled, so it resolves to `minimum`, or
  /// 0 without one).
  public static func containerConcentric(minimum: CGFloat? = nil) -> UICornerRadius {
    UICornerRadius(.containerConcentric(minimum: minimum))
  }

  /// A fixed radius from a floating-point literal.
  public init(floatLiteral value: Double) { self.init(.fixed(value)) }

  /// A fixed radius from an integer literal.
  public init(integerLiteral value: Int) { self.init(.fixed(Double(value))) }

  /// The radius as it was made (`fixed(12.0)`, `containerConcentric(minimum: nil)`).
  public var description: String {
    switch kind {
    case .fixed(let radius): "fixed(\(radius))"
    case .containerConcentric(let minimum):
      "containerConcentric(minimum: \(minimum.map { "\($0)" } ?? "nil"))"
    }
  }

  /// The radius in points: a fixed radius's own, a concentric radius's minimum (or 0).
  var resolved: CGFloat {
    switch kind {
    case .fixed(let radius): CGFloat(radius)
    case .containerConcentric(let minimum): minimum ?? 0
    }
  }
}

/// UIKit's `UICornerConfiguration` (iOS 26): how a view's corners are rounded, set on
/// `UIView.cornerConfiguration`. Kept, never drawn; `UIView.effectiveRadius(corner:)` reads it
/// back as points.
public struct UICornerConfiguration: Sendable, CustomStringConvertible {
  /// The corners' radii (top left, top right, bottom left, bottom right), nil for square.
  let radii: [UICornerRadius?]
  /// For a capsule: its maximum radius, if any.
  let capsuleMaximum: Double??
  /// How the configuration was made, for `description`.
  let made: String

  init(radii: [UICornerRadius?], made: String) {
    self.radii = radii
    self.capsuleMaximum = nil
    self.made = made
  }

  init(capsuleMaximum: Double?) {
    self.radii = []
    self.capsuleMaximum = .some(capsuleMaximum)
    self.made = "capsule(maximumRadius: \(capsuleMaximum.map { "\($0)" } ?? "nil"))"
  }

  /// `corners(radius:)`: `radius` on every corner, each resolved on its own.
  public static func corners(radius: UICornerRadius) -> UICornerConfiguration {
    UICornerConfiguration(
      radii: [radius, radius, radius, radius], made: "corners(radius: \(radius))")
  }

  /// `corners(topLeftRadius:topRightRadius:bottomLeftRadius:bottomRightRadius:)`: a radius per
  /// corner.
  public static func corners(
    topLeftRadius: UICornerRadius?, topRightRadius: UICornerRadius?,
    bottomLeftRadius: UICornerRadius?, bottomRightRadius: UICornerRadius?
  ) -> UICornerConfiguration {
    let radii = [topLeftRadius, topRightRadius, bottomLeftRadius, bottomRightRadius]
    return UICornerConfiguration(radii: radii, made: "corners(\(list(radii)))")
  }

  /// `uniformCorners(radius:)`: `radius` on every corner, alike.
  public static func uniformCorners(radius: UICornerRadius) -> UICornerConfiguration {
    UICornerConfiguration(
      radii: [radius, radius, radius, radius], made: "uniformCorners(radius: \(radius))")
  }

  /// `uniformEdges(topRadius:bottomRadius:)`: one radius on the top corners, one on the bottom.
  public static func uniformEdges(topRadius: UICornerRadius, bottomRadius: UICornerRadius)
    -> UICornerConfiguration
  {
    UICornerConfiguration(
      radii: [topRadius, topRadius, bottomRadius, bottomRadius],
      made: "uniformEdges(topRadius: \(topRadius), bottomRadius: \(bottomRadius))")
  }

  /// `uniformEdges(leftRadius:rightRadius:)`: one radius on the left corners, one on the right.
  public static func uniformEdges(leftRadius: UICornerRadius, rightRadius: UICornerRadius)
    -> UICornerConfiguration
  {
    UICornerConfiguration(
      radii: [leftRadius, rightRadius, leftRadius, rightRadius],
      made: "uniformEdges(leftRadius: \(leftRadius), rightRadius: \(rightRadius))")
  }

  /// `uniformTopRadius(_:bottomLeftRadius:bottomRightRadius:)`.
  public static func uniformTopRadius(
    _ topRadius: UICornerRadius, bottomLeftRadius: UICornerRadius? = nil,
    bottomRightRadius: UICornerRadius? = nil
  ) -> UICornerConfiguration {
    let radii = [topRadius, topRadius, bottomLeftRadius, bottomRightRadius]
    return UICornerConfiguration(radii: radii, made: "uniformTopRadius(\(list(radii)))")
  }

  /// `uniformBottomRadius(_:topLeftRadius:topRightRadius:)`.
  public static func uniformBottomRadius(
    _ bottomRadius: UICornerRadius, topLeftRadius: UICornerRadius? = nil,
    topRightRadius: UICornerRadius? = nil
  ) -> UICornerConfiguration {
    let radii = [topLeftRadius, topRightRadius, bottomRadius, bottomRadius]
    return UICornerConfiguration(radii: radii, made: "uniformBottomRadius(\(list(radii)))")
  }

  /// `uniformLeftRadius(_:topRightRadius:bottomRightRadius:)`.
  public static func uniformLeftRadius(
    _ leftRadius: UICornerRadius, topRightRadius: UICornerRadius? = nil,
    bottomRightRadius: UICornerRadius? = nil
  ) -> UICornerConfiguration {
    let radii = [leftRadius, topRightRadius, leftRadius, bottomRightRadius]
    return UICornerConfiguration(radii: radii, made: "uniformLeftRadius(\(list(radii)))")
  }

  /// `uniformRightRadius(_:topLeftRadius:bottomLeftRadius:)`.
  public static func uniformRightRadius(
    _ rightRadius: UICornerRadius, topLeftRadius: UICornerRadius? = nil,
    bottomLeftRadius: UICornerRadius? = nil
  ) -> UICornerConfiguration {
    let radii = [topLeftRadius, rightRadius, bottomLeftRadius, rightRadius]
    return UICornerConfiguration(radii: radii, made: "uniformRightRadius(\(list(radii)))")
  }

  /// `capsule(maximumRadius:)`: half the view's shorter side on every corner, at most
  /// `maximumRadius`.
  public static func capsule(maximumRadius: Double? = nil) -> UICornerConfiguration {
    UICornerConfiguration(capsuleMaximum: maximumRadius)
  }

  /// The configuration as it was made (`capsule(maximumRadius: nil)`, …).
  public var description: String { made }

  static func list(_ radii: [UICornerRadius?]) -> String {
    radii.map { $0.map(\.description) ?? "nil" }.joined(separator: ", ")
  }

  /// The largest radius, in points, of `corners` in a view of `size`.
  func radius(of corners: UIRectCorner, in size: CGSize) -> CGFloat {
    if let maximum = capsuleMaximum {
      let half = min(size.width, size.height) / 2
      return maximum.map { min(half, CGFloat($0)) } ?? half
    }
    let bits: [UIRectCorner] = [.topLeft, .topRight, .bottomLeft, .bottomRight]
    var largest: CGFloat = 0
    for (index, bit) in bits.enumerated() where corners.contains(bit) {
      largest = max(largest, radii[index]?.resolved ?? 0)
    }
    return largest
  }
}

extension UIView {
  /// `cornerConfiguration` (iOS 26): how the view's corners are rounded (kept, never drawn;
  /// until set, every corner has the layer's `cornerRadius`).
  public var cornerConfiguration: UICornerConfiguration {
    get {
      touchSettings.cornerConfiguration
        ?? .corners(radius: .fixed(Double(layer.cornerRadius)))
    }
    set { touchSettings.cornerConfiguration = newValue }
  }

  /// `effectiveRadius(corner:)` (iOS 26): the radius, in points, the corner configuration gives
  /// `corner` at the view's current size (the largest, for several corners). A capsule's is half
  /// the shorter side; a concentric radius is its minimum, as containers are not modelled.
  public func effectiveRadius(corner: UIRectCorner) -> CGFloat {
    cornerConfiguration.radius(of: corner, in: bounds.size)
  }
}

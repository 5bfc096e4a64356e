/// UIKit's `UICoordinateSpace`, as app templates and layout code reach it: the screen's
/// (`UIScreen.coordinateSpace`, `fixedCoordinateSpace`) and a window scene's
/// (`UIWindowScene.coordinateSpace`, the screen's: a scene fills its screen, which never rotates
/// in a run). A scene delegate sizing its window with `windowScene.coordinateSpace.bounds` gets
/// the world's screen. Converting between these spaces is the identity (they share an origin and
/// an orientation). A `UIView` is a coordinate space too: its bounds, converting through the
/// views between it and the other space (a screen's space is the root's, since a window fills
/// its screen at its origin).
@preconcurrency @MainActor public protocol UICoordinateSpace: NSObjectProtocol {
  /// The space's bounds rectangle, in its own coordinates.
  var bounds: CGRect { get }
  /// `point`, given in this space, in `coordinateSpace`.
  func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
  /// `point`, given in `coordinateSpace`, in this space.
  func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
  /// `rect`, given in this space, in `coordinateSpace`.
  func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
  /// `rect`, given in `coordinateSpace`, in this space.
  func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
}

/// A screen's coordinate space: its bounds; every space the layer makes shares its origin.
@MainActor final class ScreenCoordinateSpace: NSObject, UICoordinateSpace {
  let screen: UIScreen
  init(screen: UIScreen) { self.screen = screen }
  var bounds: CGRect { screen.bounds }
  func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint { point }
  func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint { point }
  func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect { rect }
  func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect { rect }
}

/// Code in this module converts through the view forms (`to: view as UIView?`): a call that
/// passes a concrete view to one of these existential forms lets the optimizer specialize it,
/// and Swift 6.3.1's release build crashes there (signal 11 in the ownership model eliminator).
extension UIView: UICoordinateSpace {
  /// `convert(_:to:)` for a point and a coordinate space: a view's, as the view form converts;
  /// a screen's or a scene's, as the hierarchy's root (a window fills its screen at its origin).
  public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
    convert(point, to: coordinateSpace as? UIView)
  }

  /// `convert(_:from:)` for a point and a coordinate space.
  public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
    convert(point, from: coordinateSpace as? UIView)
  }

  /// `convert(_:to:)` for a rectangle and a coordinate space.
  public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
    convert(rect, to: coordinateSpace as? UIView)
  }

  /// `convert(_:from:)` for a rectangle and a coordinate space.
  public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
    convert(rect, from: coordinateSpace as? UIView)
  }
}

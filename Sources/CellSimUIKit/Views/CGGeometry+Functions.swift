// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation

// Core Graphics' geometry functions, which current SDKs import into Swift as they are
// (`CGRectMake(0, 0, 40, 40)`, `CGRectGetMidX(frame)`): on Darwin the SDK declares them;
// swift-corelibs-foundation has the types and not the functions, so they are declared only off
// Darwin, each as the method or initializer it is the C spelling of.
#if !canImport(Darwin)
  /// `CGPointMake(_:_:)`.
  public func CGPointMake(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }
  /// `CGSizeMake(_:_:)`.
  public func CGSizeMake(_ width: CGFloat, _ height: CGFloat) -> CGSize {
    CGSize(width: width, height: height)
  }
  /// `CGVectorMake(_:_:)`.
  public func CGVectorMake(_ dx: CGFloat, _ dy: CGFloat) -> CGVector { CGVector(dx: dx, dy: dy) }
  /// `CGRectMake(_:_:_:_:)`.
  public func CGRectMake(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat)
    -> CGRect
  { CGRect(x: x, y: y, width: width, height: height) }

  /// `CGRectGetMinX(_:)`.
  public func CGRectGetMinX(_ rect: CGRect) -> CGFloat { rect.minX }
  /// `CGRectGetMidX(_:)`.
  public func CGRectGetMidX(_ rect: CGRect) -> CGFloat { rect.midX }
  /// `CGRectGetMaxX(_:)`.
  public func CGRectGetMaxX(_ rect: CGRect) -> CGFloat { rect.maxX }
  /// `CGRectGetMinY(_:)`.
  public func CGRectGetMinY(_ rect: CGRect) -> CGFloat { rect.minY }
  /// `CGRectGetMidY(_:)`.
  public func CGRectGetMidY(_ rect: CGRect) -> CGFloat { rect.midY }
  /// `CGRectGetMaxY(_:)`.
  public func CGRectGetMaxY(_ rect: CGRect) -> CGFloat { rect.maxY }
  /// `CGRectGetWidth(_:)`: the standardized width.
  public func CGRectGetWidth(_ rect: CGRect) -> CGFloat { rect.width }
  /// `CGRectGetHeight(_:)`: the standardized height.
  public func CGRectGetHeight(_ rect: CGRect) -> CGFloat { rect.height }

  /// `CGRectIsEmpty(_:)`: no area, or null.
  public func CGRectIsEmpty(_ rect: CGRect) -> Bool { rect.isEmpty }
  /// `CGRectIsNull(_:)`.
  public func CGRectIsNull(_ rect: CGRect) -> Bool { rect.isNull }
  /// `CGRectIsInfinite(_:)`.
  public func CGRectIsInfinite(_ rect: CGRect) -> Bool { rect.isInfinite }
  /// `CGRectContainsPoint(_:_:)`.
  public func CGRectContainsPoint(_ rect: CGRect, _ point: CGPoint) -> Bool {
    rect.contains(point)
  }
  /// `CGRectContainsRect(_:_:)`.
  public func CGRectContainsRect(_ rect1: CGRect, _ rect2: CGRect) -> Bool {
    rect1.contains(rect2)
  }
  /// `CGRectIntersectsRect(_:_:)`.
  public func CGRectIntersectsRect(_ rect1: CGRect, _ rect2: CGRect) -> Bool {
    rect1.intersects(rect2)
  }
  /// `CGRectEqualToRect(_:_:)`.
  public func CGRectEqualToRect(_ rect1: CGRect, _ rect2: CGRect) -> Bool { rect1.equalTo(rect2) }
  /// `CGPointEqualToPoint(_:_:)`.
  public func CGPointEqualToPoint(_ point1: CGPoint, _ point2: CGPoint) -> Bool {
    point1 == point2
  }
  /// `CGSizeEqualToSize(_:_:)`.
  public func CGSizeEqualToSize(_ size1: CGSize, _ size2: CGSize) -> Bool { size1 == size2 }

  /// `CGRectInset(_:_:_:)`.
  public func CGRectInset(_ rect: CGRect, _ dx: CGFloat, _ dy: CGFloat) -> CGRect {
    rect.insetBy(dx: dx, dy: dy)
  }
  /// `CGRectOffset(_:_:_:)`.
  public func CGRectOffset(_ rect: CGRect, _ dx: CGFloat, _ dy: CGFloat) -> CGRect {
    rect.offsetBy(dx: dx, dy: dy)
  }
  /// `CGRectIntersection(_:_:)`: null when they do not intersect.
  public func CGRectIntersection(_ rect1: CGRect, _ rect2: CGRect) -> CGRect {
    rect1.intersection(rect2)
  }
  /// `CGRectUnion(_:_:)`.
  public func CGRectUnion(_ rect1: CGRect, _ rect2: CGRect) -> CGRect { rect1.union(rect2) }
  /// `CGRectIntegral(_:)`.
  public func CGRectIntegral(_ rect: CGRect) -> CGRect { rect.integral }
  /// `CGRectStandardize(_:)`.
  public func CGRectStandardize(_ rect: CGRect) -> CGRect { rect.standardized }
#endif
